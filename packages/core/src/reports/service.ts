import type { ChartDataService } from "../chart-data/service.ts";
import type { Principal } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { ReportSettings } from "./config.ts";
import { createMailer, type Mailer } from "./mailer.ts";
import type { ReportRenderer } from "./render-port.ts";
import { type ReportDeps, ReportSchedules } from "./reports.ts";
import { ReportRunner } from "./runner.ts";
import { ReportScheduler } from "./scheduler.ts";

export interface ReportsDeps extends ReportDeps {
  chartData: ChartDataService;
  jobs: JobQueue;
  principalOf: (userId: number | null) => Promise<Principal>;
  settings: ReportSettings;
  /** Replaces the mailer the settings describe (tests). */
  mailer?: Mailer;
  /**
   * Draws PNG and PDF reports (a headless browser in the server runtime). Without one, those
   * runs end Error saying a browser is needed; CSV and TEXT reports work the same.
   */
  renderer?: ReportRenderer;
  log?: (message: string) => void;
}

/**
 * Alerts and reports: the API's verbs (`ReportSchedules`), the minute tick's part
 * (`ReportScheduler`) and the worker's (`ReportRunner`).
 */
export class Reports extends ReportSchedules {
  readonly runner: ReportRunner;
  private readonly scheduler: ReportScheduler;

  constructor(deps: ReportsDeps) {
    super(deps);
    this.runner = new ReportRunner({
      meta: deps.meta,
      find: (id) => this.find(id),
      charts: deps.charts,
      dashboards: deps.dashboards,
      chartData: deps.chartData,
      renderer: deps.renderer,
      databases: deps.databases,
      usersById: deps.usersById,
      principalOf: deps.principalOf,
      mailer: deps.mailer ?? createMailer(deps.settings),
      settings: deps.settings,
      webhookKey: (r) => this.webhookKey(r),
    });
    this.scheduler = new ReportScheduler({
      meta: deps.meta,
      jobs: deps.jobs,
      all: () => this.all(),
      runner: this.runner,
      log: deps.log,
    });
  }

  /** The minute tick: queues due runs, ends timed-out ones, prunes old logs. */
  tick(now = new Date()): Promise<number> {
    return this.scheduler.tick(now);
  }

  /** The worker's handler for report jobs. */
  runJob(job: Job): Promise<void> {
    return this.runner.runJob(job);
  }
}
