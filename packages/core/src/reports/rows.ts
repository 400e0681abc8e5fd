import type { ReportDetail } from "@strata/contracts";
import { humanizeSince } from "../resources/humanize.ts";
import type { UserEntity } from "../security/types.ts";
import { ownerRef } from "../security/users.ts";
import type { ReportListRow, ReportLogListRow } from "./list-spec.ts";
import { humanizeCrontab } from "./schedule-time.ts";
import type { ReportEntity, ReportLogEntity } from "./types.ts";

/** A `GET /api/v1/report/` row. */
export function listRow(r: ReportEntity, users: Map<number, UserEntity>): ReportListRow {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    description: r.description,
    active: r.active,
    crontab: r.crontab,
    crontab_humanized: humanizeCrontab(r.crontab),
    timezone: r.timezone,
    creation_method: r.creation_method,
    chart_id: r.chart_id,
    dashboard_id: r.dashboard_id,
    database_id: r.database_id,
    last_state: r.last_state,
    last_eval_dttm: r.last_eval_dttm,
    owners: r.owners.flatMap((o) => ownerRef(users.get(o)) ?? []),
    recipients: r.recipients.map((x) => ({ id: x.id, type: x.type })),
    created_by: ownerRef(users.get(r.created_by_fk ?? 0)),
    changed_by: ownerRef(users.get(r.changed_by_fk ?? 0)),
    created_on: r.created_on,
    changed_on: r.changed_on,
    changed_on_delta_humanized: humanizeSince(r.changed_on),
  };
}

/** What a report's detail names besides itself: its chart, dashboard and database. */
export interface DetailRefs {
  owners: Map<number, UserEntity>;
  chart: { id: number; slice_name: string; viz_type: string } | undefined;
  dashboard: { id: number; dashboard_title: string } | undefined;
  database: { id: number; database_name: string } | undefined;
  webhookKey: string;
}

/** `GET /api/v1/report/{id}`: configs as JSON text, as Superset returns them. */
export function detailRow(r: ReportEntity, refs: DetailRefs): ReportDetail {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    description: r.description,
    context_markdown: r.context_markdown,
    active: r.active,
    crontab: r.crontab,
    timezone: r.timezone,
    creation_method: r.creation_method,
    chart: refs.chart
      ? { id: refs.chart.id, slice_name: refs.chart.slice_name, viz_type: refs.chart.viz_type }
      : null,
    dashboard: refs.dashboard
      ? { id: refs.dashboard.id, dashboard_title: refs.dashboard.dashboard_title }
      : null,
    database: refs.database ? { id: refs.database.id, database_name: refs.database.database_name } : null,
    report_format: r.report_format,
    recipients: r.recipients.map((x) => ({
      id: x.id,
      type: x.type,
      recipient_config_json: JSON.stringify({
        target: x.target,
        ...(x.ccTarget ? { ccTarget: x.ccTarget } : {}),
        ...(x.bccTarget ? { bccTarget: x.bccTarget } : {}),
      }),
    })),
    working_timeout: r.working_timeout,
    grace_period: r.grace_period,
    log_retention: r.log_retention,
    owners: r.owners.flatMap((o) => ownerRef(refs.owners.get(o)) ?? []),
    force_screenshot: r.force_screenshot,
    custom_width: r.custom_width,
    extra: r.extra,
    email_subject: r.email_subject,
    sql: r.sql,
    validator_type: r.validator_type,
    validator_config_json: r.validator_config ? JSON.stringify(r.validator_config) : null,
    last_state: r.last_state,
    last_eval_dttm: r.last_eval_dttm,
    last_value: r.last_value,
    last_value_row_json: r.last_value_row_json,
    webhook_signing_key: refs.webhookKey,
  };
}

export function logRow(l: ReportLogEntity): ReportLogListRow {
  return {
    id: l.id,
    scheduled_dttm: l.scheduled_dttm,
    start_dttm: l.start_dttm,
    end_dttm: l.end_dttm,
    state: l.state,
    error_message: l.error_message,
    value: l.value,
    value_row_json: l.value_row_json,
    uuid: l.uuid,
  };
}
