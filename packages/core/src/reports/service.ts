import type { ReportNotificationMethods, SlackChannel, SlackChannelsQuery } from "@strata/contracts";
import type { ChartDataService } from "../chart-data/service.ts";
import type { Datasets } from "../datasets/service.ts";
import { notFound } from "../errors.ts";
import { type Principal, requirePermission } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { ResultStorePort } from "../store/store-ports.ts";
import type { ReportSettings } from "./config.ts";
import { type LinkedFile, ReportFileLinks } from "./file-links.ts";
import { createMailer, type Mailer } from "./mailer.ts";
import type { ReportRenderer } from "./render-port.ts";
import { type ReportDeps, ReportSchedules } from "./reports.ts";
import { ReportRunner } from "./runner.ts";
import { ReportScheduler } from "./scheduler.ts";
import type { SlackSettings } from "./slack.ts";
import type { SlackChannelDirectory } from "./slack-channels.ts";
import { REPORT_VIEW } from "./types.ts";

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
  /** Where files sent as signed links are kept (too big for a webhook, or for Slack's incoming webhooks). */
  results?: ResultStorePort;
  /** For a chart's main time column, where a dashboard's time range filter goes. */
  datasets?: Pick<Datasets, "find">;
}

type ReportDelivery = ReportNotificationMethods["result"];

/**
 * Alerts and reports: the API's verbs (`ReportSchedules`), the minute tick's part
 * (`ReportScheduler`) and the worker's (`ReportRunner`).
 */
export class Reports extends ReportSchedules {
  readonly runner: ReportRunner;
  /** Signed links to report files; absent without a result store. */
  readonly fileLinks: ReportFileLinks | undefined;
  private readonly scheduler: ReportScheduler;
  private readonly slackBot: boolean;
  private readonly slackSettings: SlackSettings;
  private slackDirectory: Promise<SlackChannelDirectory> | null = null;

  constructor(deps: ReportsDeps) {
    super(deps);
    this.slackSettings = {
      token: deps.settings.slackToken,
      apiUrl: deps.settings.slackApiUrl,
      allowPrivate: deps.settings.webhookAllowPrivate,
    };
    this.slackBot = !!deps.settings.slackToken;
    this.fileLinks = deps.results
      ? new ReportFileLinks({ results: deps.results, secret: deps.secret, baseUrl: deps.settings.baseUrl })
      : undefined;
    this.runner = new ReportRunner({
      meta: deps.meta,
      find: (id) => this.find(id),
      charts: deps.charts,
      dashboards: deps.dashboards,
      chartData: deps.chartData,
      renderer: deps.renderer,
      databases: deps.databases,
      datasets: deps.datasets,
      datasetAccess: deps.datasetAccess,
      usersById: deps.usersById,
      principalOf: deps.principalOf,
      mailer: deps.mailer ?? createMailer(deps.settings),
      settings: deps.settings,
      webhookKey: (r) => this.webhookKey(r),
      fileLinks: this.fileLinks,
    });
    this.scheduler = new ReportScheduler({
      meta: deps.meta,
      jobs: deps.jobs,
      all: () => this.all(),
      runner: this.runner,
      log: deps.log,
    });
  }

  /**
   * Removes report files sent by link once older than a day. The cloud's bucket does it with a
   * lifecycle rule on `tmp/`; the local runtime calls this from its periodic work.
   */
  sweepLinkedFiles(now?: number): Promise<number> {
    return this.fileLinks?.sweep(now) ?? Promise.resolve(0);
  }

  /** The minute tick: queues due runs, ends timed-out ones, prunes old logs. */
  tick(now = new Date()): Promise<number> {
    return this.scheduler.tick(now);
  }

  /**
   * The recipient types this server delivers to. Slack always works through incoming-webhook URLs;
   * channel names (and SlackV2's channel ids) need the bot token.
   */
  delivery(): ReportDelivery {
    return {
      methods: ["Email", "Slack", ...(this.slackBot ? (["SlackV2"] as const) : []), "Webhook"],
      slack: { bot_token: this.slackBot, incoming_webhook: true },
    };
  }

  /** `GET /report/slack_channels/`: the channels a report may go to, for those who may read reports. */
  async slackChannels(p: Principal, query: SlackChannelsQuery): Promise<SlackChannel[]> {
    requirePermission(p, "can_read", REPORT_VIEW);
    // Loaded on first use: most servers never list Slack channels.
    this.slackDirectory ??= import("./slack-channels.ts").then(
      ({ SlackChannelDirectory }) => new SlackChannelDirectory(this.slackSettings),
    );
    return (await this.slackDirectory).search(query);
  }

  /** A file behind a signed link (no session: the link's signature is the grant). */
  openFile(id: string, expires: string | undefined, signature: string | undefined): Promise<LinkedFile> {
    if (!this.fileLinks) throw notFound("This server keeps no report files.");
    return this.fileLinks.open(id, expires, signature);
  }

  /** The worker's handler for report jobs. */
  runJob(job: Job): Promise<void> {
    return this.runner.runJob(job);
  }
}
