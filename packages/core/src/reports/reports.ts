import { createHmac, randomUUID } from "node:crypto";
import {
  REPORT_DEFAULTS,
  type RelatedItem,
  type ReportDetail,
  type ReportPost,
  type ReportPut,
} from "@strata/contracts";
import type { Charts } from "../charts/service.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { Databases } from "../databases/service.ts";
import { notFound, unprocessable } from "../errors.ts";
import { canAccessDatabase } from "../security/data-access.ts";
import { isOwner, type Principal, requirePermission, userId } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { newestWithin } from "../store/newest-window.ts";
import { retryLostRace } from "../store/retry-lost-race.ts";
import { UniqueNames } from "../store/unique-names.ts";
import type { DatasetAccess } from "../templating/macro-scope.ts";
import type { ReportListRow, ReportLogListRow } from "./list-spec.ts";
import { detailRow, listRow, logRow } from "./rows.ts";
import {
  LOG_PURGE_SET,
  openRunsSet,
  REPORT,
  REPORT_VIEW,
  type ReportData,
  type ReportEntity,
  type ReportLogData,
  reportLogType,
} from "./types.ts";

type UsersById = (ids: number[]) => Promise<Map<number, UserEntity>>;

export interface ReportDeps {
  meta: MetaStore;
  usersById: UsersById;
  charts: Charts;
  dashboards: Dashboards;
  databases: Databases;
  /** The server's signing secret: each report's webhook key is derived from it. */
  secret: string;
  /** Delivery settings the checks need (whether Slack has a bot token). */
  settings?: { slackToken?: string };
  /** What `dataset()` and `metric(name, id)` in an alert's SQL read, as its owner may. */
  datasetAccess?: DatasetAccess;
}

const NOT_FOUND = "Report Schedule not found.";
/** How many of a report's newest log rows its execution log list reads (see `logs`). */
export const REPORT_LOG_WINDOW = 5_000;

/**
 * The checks of a report's settings (its alert query, recipients, Slack channels) are imported
 * when a report is saved: the API reads reports far more often than it writes them.
 */
const loadValidation = () => import("./validation.ts");

/** Reports and alerts: who may see and change them, and what a valid one is. */
export class ReportSchedules {
  private readonly names: UniqueNames<ReportEntity>;

  constructor(private readonly deps: ReportDeps) {
    // Names are unique per type (Superset's (name, type) constraint), compared exactly.
    this.names = new UniqueNames<ReportEntity>(deps.meta, {
      type: REPORT,
      scope: "report-name",
      valueOf: (e) => `${e.type}:${e.name}`,
      fold: false,
      taken: (value) => {
        const [type, ...rest] = value.split(":");
        const name = rest.join(":");
        return unprocessable({
          name: [
            type === "Alert"
              ? `An alert named "${name}" already exists`
              : `A report named "${name}" already exists`,
          ],
        });
      },
    });
  }

  /** A report its caller owns (or any, for Admin); others get the same 404 as a missing one. */
  async get(p: Principal, id: number): Promise<ReportEntity> {
    requirePermission(p, "can_read", REPORT_VIEW);
    const r = await this.deps.meta.get<ReportData>(REPORT, id);
    if (!r || !isOwner(p, r.owners)) throw notFound(NOT_FOUND);
    return r;
  }

  private async getForWrite(p: Principal, id: number): Promise<ReportEntity> {
    requirePermission(p, "can_write", REPORT_VIEW);
    return this.get(p, id);
  }

  /** The stored report, without an access check (the scheduler and the worker). */
  find(id: number): Promise<ReportEntity | undefined> {
    return this.deps.meta.get<ReportData>(REPORT, id);
  }

  all(): Promise<ReportEntity[]> {
    return this.deps.meta.list<ReportData>(REPORT);
  }

  /** `GET /api/v1/report/`: the caller's reports (every report for Admin). */
  async rows(p: Principal): Promise<ReportListRow[]> {
    requirePermission(p, "can_read", REPORT_VIEW);
    const mine = (await this.all()).filter((r) => isOwner(p, r.owners));
    const users = await this.deps.usersById(
      mine.flatMap((r) => [...r.owners, r.created_by_fk ?? 0, r.changed_by_fk ?? 0]),
    );
    return mine.map((r) => listRow(r, users));
  }

  /** The key of the HMAC signature on this report's webhook posts (derived, never stored). */
  webhookKey(r: Pick<ReportData, "uuid">): string {
    return createHmac("sha256", this.deps.secret).update(`report-webhook:${r.uuid}`).digest("hex");
  }

  /** `GET /api/v1/report/{id}`. */
  async detail(p: Principal, id: number): Promise<ReportDetail> {
    const r = await this.get(p, id);
    const [owners, chart, dashboard, database] = await Promise.all([
      this.deps.usersById(r.owners),
      r.chart_id ? this.deps.charts.find(r.chart_id) : undefined,
      r.dashboard_id ? this.deps.dashboards.find(r.dashboard_id) : undefined,
      r.database_id ? this.deps.databases.find(r.database_id) : undefined,
    ]);
    return detailRow(r, { owners, chart, dashboard, database, webhookKey: this.webhookKey(r) });
  }

  async create(p: Principal, input: ReportPost): Promise<ReportEntity> {
    requirePermission(p, "can_write", REPORT_VIEW);
    const { storedRecipients, validateSettings } = await loadValidation();
    const settings = await validateSettings(this.deps, p, {
      type: input.type,
      name: input.name,
      description: input.description ?? null,
      context_markdown: input.context_markdown ?? null,
      active: input.active ?? true,
      crontab: input.crontab,
      timezone: input.timezone ?? "UTC",
      creation_method: input.creation_method ?? "alerts_reports",
      chart_id: input.chart ?? null,
      dashboard_id: input.dashboard ?? null,
      database_id: input.database ?? null,
      // Superset's default format; this server asks for CSV or TEXT when a chart is attached.
      report_format: input.report_format ?? "PNG",
      recipients: input.recipients ?? [],
      working_timeout: input.working_timeout ?? REPORT_DEFAULTS.working_timeout,
      grace_period: input.grace_period ?? REPORT_DEFAULTS.grace_period,
      log_retention: input.log_retention ?? REPORT_DEFAULTS.log_retention,
      owners: input.owners ?? [],
      force_screenshot: input.force_screenshot ?? false,
      custom_width: input.custom_width ?? null,
      extra: input.extra ?? {},
      email_subject: input.email_subject ?? null,
      sql: input.sql ?? null,
      validator_type: input.validator_type ?? null,
      validator_config: input.validator_config_json ?? null,
    });
    const data: ReportData = {
      ...settings,
      recipients: storedRecipients(settings.recipients),
      uuid: randomUUID(),
      last_state: "Not triggered",
      last_eval_dttm: null,
      last_value: null,
      last_value_row_json: null,
    };
    return this.names.create(`${data.type}:${data.name}`, (id) =>
      this.deps.meta.create<ReportData>(REPORT, data, userId(p), id),
    );
  }

  /**
   * A PUT names no version: it changes the fields it gives on the latest copy. The runner notes
   * each run's state on the report itself, so an edit made while a run starts or ends is applied
   * again on the report as the run left it, rather than refused as someone else's change.
   */
  update(p: Principal, id: number, input: ReportPut): Promise<ReportEntity> {
    return retryLostRace(() => this.updateOnce(p, id, input));
  }

  private async updateOnce(p: Principal, id: number, input: ReportPut): Promise<ReportEntity> {
    const current = await this.getForWrite(p, id);
    const pick = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
    const { storedRecipients, validateSettings } = await loadValidation();
    const settings = await validateSettings(this.deps, p, {
      type: pick(input.type, current.type),
      name: pick(input.name, current.name),
      description: pick(input.description, current.description),
      context_markdown: pick(input.context_markdown, current.context_markdown),
      active: pick(input.active, current.active),
      crontab: pick(input.crontab, current.crontab),
      timezone: pick(input.timezone, current.timezone),
      creation_method: pick(input.creation_method, current.creation_method),
      chart_id: pick(input.chart, current.chart_id),
      dashboard_id: pick(input.dashboard, current.dashboard_id),
      database_id: pick(input.database, current.database_id),
      report_format: pick(input.report_format, current.report_format),
      recipients:
        input.recipients ??
        current.recipients.map((x) => ({
          type: x.type,
          recipient_config_json: { target: x.target, ccTarget: x.ccTarget, bccTarget: x.bccTarget },
        })),
      working_timeout: pick(input.working_timeout, current.working_timeout),
      grace_period: pick(input.grace_period, current.grace_period),
      log_retention: pick(input.log_retention, current.log_retention),
      owners: pick(input.owners, current.owners),
      force_screenshot: pick(input.force_screenshot, current.force_screenshot),
      custom_width: pick(input.custom_width, current.custom_width),
      extra: pick(input.extra, current.extra) ?? {},
      email_subject: pick(input.email_subject, current.email_subject),
      sql: pick(input.sql, current.sql),
      validator_type: pick(input.validator_type, current.validator_type),
      validator_config: pick(input.validator_config_json, current.validator_config),
    });
    const changes: Partial<ReportData> = { ...settings, recipients: storedRecipients(settings.recipients) };
    return this.names.rename(current, `${settings.type}:${settings.name}`, () =>
      this.deps.meta.update<ReportData>(REPORT, current, changes, userId(p)),
    );
  }

  /** Checks a delete would succeed (bulk delete checks every id before deleting any). */
  async checkRemove(p: Principal, id: number): Promise<ReportEntity> {
    return this.getForWrite(p, id);
  }

  /**
   * Deletes the report and its open runs' set; its execution log goes with the next minute ticks
   * (LOG_PURGE_SET). It is marked once the delete has happened: a failed delete never loses a live
   * report's log.
   */
  async remove(p: Principal, id: number): Promise<void> {
    // Read again if a run noted its state meanwhile (see `update`).
    await retryLostRace(async () => {
      const current = await this.getForWrite(p, id);
      await this.names.remove(current, () => this.deps.meta.delete(REPORT, current));
    });
    await this.deps.meta.addMember(LOG_PURGE_SET, String(id), new Date().toISOString());
    for (const { member } of await this.deps.meta.members(openRunsSet(id)))
      await this.deps.meta.removeMember(openRunsSet(id), member).catch(() => undefined);
  }

  /**
   * `GET /api/v1/report/{id}/log/` rows: the newest REPORT_LOG_WINDOW of them. An alert checked
   * every minute keeps some 130,000 rows over the default 90 days' retention; a list request
   * reads the newest and stops.
   */
  async logs(p: Principal, id: number): Promise<ReportLogListRow[]> {
    await this.get(p, id);
    const logs = await newestWithin<ReportLogData>(this.deps.meta, reportLogType(id), {
      window: REPORT_LOG_WINDOW,
    });
    return logs.map(logRow);
  }

  /** `GET /api/v1/report/{id}/log/{log_id}`. */
  async log(p: Principal, id: number, logId: number): Promise<ReportLogListRow> {
    await this.get(p, id);
    const log = await this.deps.meta.get<ReportLogData>(reportLogType(id), logId);
    if (!log) throw notFound("Report Schedule log not found.");
    return logRow(log);
  }

  /** `related/{chart|dashboard|database}`: what the caller may attach. */
  async related(p: Principal, column: "chart" | "dashboard" | "database"): Promise<RelatedItem[]> {
    requirePermission(p, "can_read", REPORT_VIEW);
    if (column === "chart")
      return (await this.deps.charts.rows(p)).map((c) => ({ value: c.id, text: c.slice_name }));
    if (column === "dashboard")
      return (await this.deps.dashboards.rows(p)).map((d) => ({ value: d.id, text: d.dashboard_title }));
    const dbs = (await this.deps.databases.all()).filter((d) => canAccessDatabase(p, d));
    return dbs.map((d) => ({ value: d.id, text: d.database_name }));
  }
}
