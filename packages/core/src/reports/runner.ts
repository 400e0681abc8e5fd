import { randomUUID } from "node:crypto";
import type { ReportState } from "@strata/contracts";
import type { ChartDataService } from "../chart-data/service.ts";
import type { Charts } from "../charts/service.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { Databases } from "../databases/service.ts";
import type { Datasets } from "../datasets/service.ts";
import { AppError } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import type { Job } from "../store/job-queue.ts";
import { allPages, type MetaStore } from "../store/meta-store.ts";
import { isLostRace, retryLostRace } from "../store/retry-lost-race.ts";
import type { DatasetAccess } from "../templating/macro-scope.ts";
import type { AlertOutcome } from "./alert.ts";
import type { DeliveryDeps } from "./deliver.ts";
import type { ReportContent } from "./render.ts";
import type { ReportRenderer } from "./render-port.ts";
import {
  REPORT,
  type ReportData,
  type ReportEntity,
  type ReportJob,
  type ReportLogData,
  type ReportLogEntity,
  openRunsSet,
  reportLogType,
} from "./types.ts";

const WEEK = 7 * 24 * 3600;
/** The longest an alert's query may run, whatever the report's working timeout. */
const ALERT_QUERY_MAX_SEC = 300;

export const STILL_WORKING = "Report Schedule is still working, refusing to re-compute.";
export const WORKING_TIMEOUT = "Report Schedule reached a working timeout.";
export const IN_GRACE = "Alert fired during grace period.";
/** The longest a PNG or PDF may take to draw, whatever the report's working timeout. */
export const RENDER_MAX_SEC = 300;
/** Said when this server has no renderer at all (the cloud worker without a Chromium layer). */
export const NO_RENDERER =
  "PNG and PDF reports need a browser, and this server has none: install Chromium (apt-get install chromium) " +
  "or set CHROMIUM_PATH (in the cloud, add a Chromium layer to the worker). CSV and TEXT reports work without it.";
export const outOfTime = (seconds: number) =>
  `The report took longer than ${seconds} s (its working timeout) to compute and draw: ` +
  "raise the report's working timeout or make its charts lighter.";
/** A renderer that overruns its own limit by this much is given up on: a run never hangs. */
const RENDER_GRACE_MS = 5_000;

export interface RunnerDeps extends DeliveryDeps {
  meta: MetaStore;
  find: (id: number) => Promise<ReportEntity | undefined>;
  charts: Charts;
  dashboards: Dashboards;
  chartData: ChartDataService;
  databases: Databases;
  datasets?: Pick<Datasets, "find">;
  /** What `dataset()` and `metric(name, id)` in an alert's SQL read, as its owner may. */
  datasetAccess?: DatasetAccess;
  /** Draws PNG and PDF reports; without one they end Error with NO_RENDERER. */
  renderer?: ReportRenderer;
  usersById: (ids: number[]) => Promise<Map<number, UserEntity>>;
  principalOf: (userId: number | null) => Promise<Principal>;
  now?: () => Date;
}

interface Outcome {
  state: ReportState;
  message: string | null;
  alert?: AlertOutcome;
}

/**
 * Runs one scheduled slot of a report in the worker: Working → Success / Error / Not triggered / On Grace.
 * An alert's query, drawing and delivery (render jobs, the charts' query builders, email, Slack,
 * webhooks) are imported when a run needs them: only the worker runs reports, and the API's cold
 * start would otherwise read all of it.
 */
export class ReportRunner {
  constructor(private readonly deps: RunnerDeps) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** The worker's handler. A slot runs at most once: a duplicate delivery finds it claimed. */
  async runJob(job: Job): Promise<void> {
    const { reportId, slotMs } = job.payload as ReportJob;
    const claimed = await this.deps.meta.putValue(`report-run#${reportId}#${slotMs}`, Date.now(), {
      onlyIfAbsent: true,
      ttlSeconds: WEEK,
    });
    if (!claimed) return;
    const report = await this.deps.find(reportId);
    if (!report?.active) return;
    let started = false;
    try {
      await this.run(report, slotMs, () => {
        started = true;
      });
    } catch (e) {
      // A storage failure before the run's log row exists: give the slot back so SQS's retry runs it.
      if (!started) await this.deps.meta.deleteValue(`report-run#${reportId}#${slotMs}`);
      throw e;
    }
  }

  /**
   * A run's log row, Working, noted among the report's open runs first (so a worker that dies
   * after writing the row still leaves it where the tick's sweep looks).
   */
  async open(reportId: number, slotMs: number, start: Date): Promise<ReportLogEntity> {
    const id = await this.deps.meta.nextId("report_log");
    await this.deps.meta.addMember(openRunsSet(reportId), String(id), start.toISOString());
    return this.deps.meta.create<ReportLogData>(
      reportLogType(reportId),
      {
        uuid: randomUUID(),
        report_id: reportId,
        slot_ms: slotMs,
        scheduled_dttm: new Date(slotMs).toISOString(),
        start_dttm: start.toISOString(),
        end_dttm: null,
        state: "Working",
        error_message: null,
        value: null,
        value_row_json: null,
      },
      null,
      id,
    );
  }

  /** Runs a report now for a slot, logging every step; returns the log row. */
  async run(report: ReportEntity, slotMs: number, onLogged: () => void = () => {}): Promise<ReportLogEntity> {
    const start = this.now();
    // Only the runs of the last while matter here: one still Working within its timeout, and the
    // last success within an alert's grace period. Read by key, however many rows the report has.
    const lookback = Math.max(report.working_timeout, report.grace_period ?? 0) * 1000;
    const logs = await allPages(
      this.deps.meta.newest<ReportLogData>(reportLogType(report.id), {
        changedAfter: new Date(start.getTime() - lookback).toISOString(),
        pageSize: 100,
      }),
    );
    const open = await this.open(report.id, slotMs, start);
    onLogged();
    const previous = logs.find((l) => l.state === "Working");
    let outcome: Outcome;
    if (previous && Date.parse(previous.start_dttm ?? "") + report.working_timeout * 1000 > start.getTime()) {
      outcome = { state: "Error", message: STILL_WORKING };
    } else {
      await this.setLastState(report.id, { last_state: "Working", last_eval_dttm: start.toISOString() });
      outcome = await this.attempt(report, open, logs, start).catch((e: unknown) => ({
        state: "Error" as const,
        message: e instanceof Error ? e.message : String(e),
      }));
    }
    return this.finish(report.id, open, outcome);
  }

  private async attempt(
    report: ReportEntity,
    open: ReportLogEntity,
    logs: ReportLogEntity[],
    start: Date,
  ): Promise<Outcome> {
    const owner = await this.executor(report);
    let alert: AlertOutcome | undefined;
    if (report.type === "Alert") {
      // An alert that fired stays quiet for its grace period, without running its query.
      const lastSuccess = logs.find((l) => l.state === "Success");
      const endMs = Date.parse(lastSuccess?.end_dttm ?? "");
      if (Number.isFinite(endMs) && endMs + report.grace_period * 1000 > start.getTime())
        return { state: "On Grace", message: IN_GRACE };
      const { evaluateAlert } = await import("./alert.ts");
      alert = await evaluateAlert(
        this.deps.databases,
        owner,
        {
          database_id: report.database_id ?? 0,
          sql: report.sql ?? "",
          validator_type: report.validator_type ?? "not null",
          validator_config: report.validator_config,
        },
        Math.min(report.working_timeout, ALERT_QUERY_MAX_SEC),
        this.deps.datasetAccess,
      );
      if (!alert.triggered) return { state: "Not triggered", message: null, alert };
    }
    const content = await this.content(report, owner, start);
    const { deliver } = await import("./deliver.ts");
    const { notes, failures } = await deliver(
      this.deps,
      report,
      { uuid: open.uuid, scheduledIso: open.scheduled_dttm },
      content,
      alert,
    );
    if (failures.length) return { state: "Error", message: [...failures, ...notes].join("\n"), alert };
    if (report.recipients.length === 0)
      return { state: "Success", message: "The report has no recipients: nothing was sent.", alert };
    return { state: "Success", message: notes.length ? notes.join("\n") : null, alert };
  }

  /** What a run sends: a chart's CSV or table, a chart's or dashboard's PNG or PDF, or nothing (an alert alone). */
  private async content(
    report: ReportEntity,
    owner: Principal,
    start: Date,
  ): Promise<ReportContent | undefined> {
    const format = report.report_format;
    const image = format === "PNG" || format === "PDF";
    if (image ? !report.chart_id && !report.dashboard_id : !report.chart_id) return undefined;
    const renderer = this.deps.renderer;
    if (image && !renderer) throw new AppError(422, { message: NO_RENDERER });
    // The charts' queries stop when the run's working timeout ends: a query that would run on
    // for minutes must not hold the run (and a query slot) past it.
    const stop = new AbortController();
    const untilOut = report.working_timeout * 1000 - (this.now().getTime() - start.getTime());
    const timer = setTimeout(() => stop.abort(), Math.max(untilOut, 0));
    const stopped = (e: unknown) => {
      throw stop.signal.aborted ? new AppError(422, { message: outOfTime(report.working_timeout) }) : e;
    };
    if (image && renderer) {
      const { chartRenderJob, dashboardRenderJob } = await import("./render-jobs.ts");
      const job = await (report.dashboard_id
        ? dashboardRenderJob(this.deps, owner, report, stop.signal)
        : chartRenderJob(this.deps, owner, report, stop.signal)
      )
        .catch(stopped)
        .finally(() => clearTimeout(timer));
      // The run's whole working timeout bounds the drawing too (its queries took part of it).
      const left = report.working_timeout * 1000 - (this.now().getTime() - start.getTime());
      if (left <= 0) throw new AppError(422, { message: outOfTime(report.working_timeout) });
      const timeoutMs = Math.min(left, RENDER_MAX_SEC * 1000);
      const files = await withDeadline(
        renderer.render(job, format, { timeoutMs }),
        timeoutMs + RENDER_GRACE_MS,
        outOfTime(report.working_timeout),
      );
      return { title: job.title, files };
    }
    const { renderChart } = await import("./render.ts");
    return renderChart(
      this.deps.charts,
      this.deps.chartData,
      owner,
      report.chart_id ?? 0,
      format,
      stop.signal,
    )
      .catch(stopped)
      .finally(() => clearTimeout(timer));
  }

  /**
   * The user a report runs as (Superset's owner executor): its last editor if still an owner,
   * else its creator if still an owner, else its first owner. The last editor comes first
   * because whoever last chose the recipients is the one whose data access they receive: a
   * co-owner who redirects a report must not be sent what only its creator may read.
   */
  private async executor(report: ReportEntity): Promise<Principal> {
    const candidates = [report.changed_by_fk, report.created_by_fk].filter(
      (id): id is number => id !== null && report.owners.includes(id),
    );
    const id = candidates[0] ?? report.owners[0];
    const users = await this.deps.usersById(id ? [id] : []);
    if (!id || !users.has(id))
      throw new AppError(422, { message: "Report Schedule executor user was not found." });
    return this.deps.principalOf(id);
  }

  /** Ends a run's log row, unless the tick already ended it (past its working timeout). */
  private async finish(reportId: number, open: ReportLogEntity, outcome: Outcome): Promise<ReportLogEntity> {
    const end = this.now().toISOString();
    const changes: Partial<ReportLogData> = {
      state: outcome.state,
      end_dttm: end,
      error_message: outcome.message,
      value: outcome.alert?.value ?? null,
      value_row_json: outcome.alert?.valueRowJson ?? null,
    };
    let saved: ReportLogEntity;
    try {
      saved = await this.deps.meta.update<ReportLogData>(reportLogType(reportId), open, changes, null);
    } catch (e) {
      if (!isLostRace(e)) throw e;
      return (await this.deps.meta.get<ReportLogData>(reportLogType(reportId), open.id)) ?? open;
    }
    // Ended: no longer open (left behind, the tick's sweep would drop it on finding the row ended).
    await this.deps.meta.removeMember(openRunsSet(reportId), String(open.id)).catch(() => undefined);
    await this.setLastState(reportId, {
      last_state: outcome.state,
      last_eval_dttm: end,
      ...(outcome.alert
        ? { last_value: outcome.alert.value, last_value_row_json: outcome.alert.valueRowJson }
        : {}),
    });
    return saved;
  }

  /** Bookkeeping on the report itself: not an edit, so `changed_on` stays; retried on a lost race. */
  async setLastState(reportId: number, changes: Partial<ReportData>): Promise<void> {
    await retryLostRace(async () => {
      const current = await this.deps.meta.get<ReportData>(REPORT, reportId);
      if (current)
        await this.deps.meta.update<ReportData>(REPORT, current, changes, null, { keepChanged: true });
    }).catch((e) => {
      // Still losing after its tries: the edits racing it win, and the next run notes its state.
      if (!isLostRace(e)) throw e;
    });
  }
}

/** Rejects with `message` if the promise has not settled after `ms`. */
function withDeadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError(422, { message })), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
