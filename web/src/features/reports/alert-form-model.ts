import {
  REPORT_DEFAULTS,
  type ReportDetail,
  type ReportFormat,
  type ReportPost,
  type ReportType,
  type ValidatorOperator,
} from "@strata/contracts";
import type { IdOption } from "../../components/related-multi-select";
import {
  browserTimeZone,
  emailRecipients,
  emailsProblem,
  recipientTarget,
  reportAnchor,
  slackProblem,
  slackRecipients,
  slackTarget,
  withAnchor,
} from "../../components/reports";
import { t } from "../../lib/i18n";

/** The condition select: "not null", or one of the operators against a threshold. */
export type Condition = "not null" | ValidatorOperator;

/** Everything the alert / report modal edits, as its fields hold it. */
export interface AlertFormValues {
  name: string;
  description: string;
  active: boolean;
  owners: IdOption[];
  database: IdOption | null;
  sql: string;
  condition: Condition;
  threshold: number | "";
  contentKind: "chart" | "dashboard";
  chart: IdOption | null;
  dashboard: IdOption | null;
  /** The dashboard's tab the report shows (a TAB's layout id); null: its first tabs. */
  anchor: string | null;
  format: ReportFormat;
  crontab: string;
  timezone: string;
  logRetention: number;
  workingTimeout: number;
  gracePeriod: number;
  emails: string;
  webhook: string;
  /** Slack channels or an incoming-webhook URL. */
  slack: string;
  /** The stored `extra` (a dashboard's state set elsewhere), sent back with only the anchor changed. */
  extra: Record<string, unknown>;
}

/** What the server said of Slack (`/api/v1/report/notification_methods/`); absent: no Slack field. */
export interface SlackOffer {
  botToken: boolean;
}

export function emptyValues(): AlertFormValues {
  return {
    name: "",
    description: "",
    active: true,
    owners: [],
    database: null,
    sql: "",
    condition: "not null",
    threshold: "",
    contentKind: "chart",
    chart: null,
    dashboard: null,
    anchor: null,
    format: "PNG",
    crontab: "0 * * * *",
    timezone: browserTimeZone(),
    logRetention: REPORT_DEFAULTS.log_retention,
    workingTimeout: REPORT_DEFAULTS.working_timeout,
    gracePeriod: REPORT_DEFAULTS.grace_period,
    emails: "",
    webhook: "",
    slack: "",
    extra: {},
  };
}

function condition(detail: ReportDetail): { condition: Condition; threshold: number | "" } {
  if (detail.validator_type !== "operator") return { condition: "not null", threshold: "" };
  try {
    const cfg = JSON.parse(detail.validator_config_json ?? "{}") as {
      op?: ValidatorOperator;
      threshold?: number;
    };
    return { condition: cfg.op ?? ">", threshold: typeof cfg.threshold === "number" ? cfg.threshold : "" };
  } catch {
    return { condition: ">", threshold: "" };
  }
}

/** The fields of a stored alert or report. */
export function valuesOf(detail: ReportDetail): AlertFormValues {
  return {
    ...emptyValues(),
    name: detail.name,
    description: detail.description ?? "",
    active: detail.active,
    owners: detail.owners.map((o) => ({ value: o.id, label: `${o.first_name} ${o.last_name}`.trim() })),
    database: detail.database ? { value: detail.database.id, label: detail.database.database_name } : null,
    sql: detail.sql ?? "",
    ...condition(detail),
    contentKind: detail.dashboard ? "dashboard" : "chart",
    chart: detail.chart ? { value: detail.chart.id, label: detail.chart.slice_name } : null,
    dashboard: detail.dashboard
      ? { value: detail.dashboard.id, label: detail.dashboard.dashboard_title }
      : null,
    anchor: reportAnchor(detail.extra),
    format: detail.report_format,
    crontab: detail.crontab,
    timezone: detail.timezone,
    logRetention: detail.log_retention,
    workingTimeout: detail.working_timeout,
    gracePeriod: detail.grace_period,
    emails: recipientTarget(detail, "Email"),
    webhook: recipientTarget(detail, "Webhook"),
    slack: slackTarget(detail),
    extra: detail.extra ?? {},
  };
}

/** Messages the form can give before asking the server, by field. */
export function localProblems(
  v: AlertFormValues,
  type: ReportType,
  slack?: SlackOffer,
): Record<string, string> {
  const found: Record<string, string> = {};
  if (!v.name.trim()) found.name = t("Name is required.");
  if (!v.crontab.trim()) found.crontab = t("A schedule is required.");
  if (type === "Alert") {
    if (!v.database) found.database = t("Database is required for alerts");
    if (!v.sql.trim()) found.sql = t("An alert needs a SQL query that returns one value.");
    if (v.condition !== "not null" && v.threshold === "")
      found.validator_config_json = t("A threshold is required.");
  }
  // An alert may go without content (its message carries the value); a report is its content.
  if (type === "Report" && !(v.contentKind === "chart" ? v.chart : v.dashboard))
    found[v.contentKind] = t("Must choose either a chart or a dashboard");
  // Each field's own problem stays under that field (the Slack field also shows its problem live),
  // so a save shows it once.
  const emailBad = emailsProblem(v.emails, false);
  const slackBad = slack ? slackProblem(v.slack, slack.botToken) : undefined;
  if (emailBad) found.recipients = emailBad;
  if (slackBad) found.slack = slackBad;
  if (emailBad || slackBad) return found;
  if (!v.emails.trim() && !v.webhook.trim() && !(slack && v.slack.trim()))
    found.recipients = slack
      ? t("Add an email address, a Slack recipient or a webhook URL.")
      : t("Add an email address or a webhook URL.");
  return found;
}

/** The POST / PUT body of the modal's fields (an edit keeps where the schedule was made). */
export function bodyOf(v: AlertFormValues, type: ReportType, isNew = true): ReportPost {
  const recipients = [
    ...emailRecipients(v.emails),
    ...slackRecipients(v.slack),
    ...(v.webhook.trim()
      ? [{ type: "Webhook" as const, recipient_config_json: { target: v.webhook.trim() } }]
      : []),
  ];
  const isAlert = type === "Alert";
  return {
    type,
    name: v.name.trim(),
    description: v.description.trim() || null,
    active: v.active,
    owners: v.owners.map((o) => o.value),
    crontab: v.crontab.trim(),
    timezone: v.timezone,
    ...(isNew ? { creation_method: "alerts_reports" as const } : {}),
    chart: v.contentKind === "chart" ? (v.chart?.value ?? null) : null,
    dashboard: v.contentKind === "dashboard" ? (v.dashboard?.value ?? null) : null,
    report_format: v.format,
    // A tab is a dashboard's: content switched to a chart shows none.
    extra: withAnchor(v.extra, v.contentKind === "dashboard" ? v.anchor : null),
    recipients,
    log_retention: v.logRetention,
    working_timeout: v.workingTimeout,
    ...(isAlert
      ? {
          database: v.database?.value ?? null,
          sql: v.sql,
          grace_period: v.gracePeriod,
          validator_type: v.condition === "not null" ? "not null" : "operator",
          validator_config_json:
            v.condition === "not null" ? {} : { op: v.condition, threshold: Number(v.threshold) },
        }
      : {}),
  };
}
