import type {
  RecipientType,
  ReportFormat,
  ReportState,
  ReportType,
  ValidatorConfig,
  ValidatorType,
} from "@strata/contracts";
import type { Entity } from "../store/meta-store.ts";

/** Permission view of reports and alerts (Superset's class_permission_name). */
export const REPORT_VIEW = "ReportSchedule";
export const REPORT = "report_schedule";
/** Log rows get ids from one counter and live under their report's type. */
export const REPORT_LOG = "report_log";
export const reportLogType = (reportId: number) => `${REPORT_LOG}#${reportId}`;
/**
 * A report's runs still Working, as a set of log ids (each with its start): the tick looks for
 * runs past their working timeout here, not through every log row the report ever wrote.
 */
export const openRunsSet = (reportId: number) => `report-open#${reportId}`;
/**
 * Deleted reports whose execution log is still being deleted. An alert checked every minute
 * keeps some 130,000 rows; deleting them all inside the DELETE request would make its time grow
 * with the report's age, so the minute tick works them off a bounded batch at a time.
 */
export const LOG_PURGE_SET = "report-log-purge";
/** The queue job that runs one scheduled slot. */
export const REPORT_JOB = "report";

export interface StoredRecipient {
  id: number;
  type: RecipientType;
  target: string;
  ccTarget: string | null;
  bccTarget: string | null;
}

export interface ReportData {
  uuid: string;
  type: ReportType;
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: boolean;
  crontab: string;
  timezone: string;
  creation_method: string;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  report_format: ReportFormat;
  recipients: StoredRecipient[];
  working_timeout: number;
  grace_period: number;
  log_retention: number;
  owners: number[];
  force_screenshot: boolean;
  custom_width: number | null;
  extra: Record<string, unknown>;
  email_subject: string | null;
  sql: string | null;
  validator_type: ValidatorType | null;
  validator_config: ValidatorConfig | null;
  last_state: ReportState | "Not triggered";
  last_eval_dttm: string | null;
  last_value: number | null;
  last_value_row_json: string | null;
}
export type ReportEntity = Entity<ReportData>;

export interface ReportLogData {
  uuid: string;
  report_id: number;
  /** Epoch ms of the slot this run is for (the claim key), and its ISO text. */
  slot_ms: number;
  scheduled_dttm: string;
  start_dttm: string | null;
  end_dttm: string | null;
  state: ReportState;
  error_message: string | null;
  value: number | null;
  value_row_json: string | null;
}
export type ReportLogEntity = Entity<ReportLogData>;

/** The payload of a report job: which report, for which scheduled minute. */
export interface ReportJob {
  reportId: number;
  slotMs: number;
}
