import * as v from "valibot";
import type { UserRef } from "./resource-rows.ts";

/**
 * Alerts and reports (Superset's `/api/v1/report/` resource, its ReportSchedule model): a schedule
 * that sends a chart's data by email or webhook, or, for an alert, sends only when a SQL condition
 * holds.
 */

export const REPORT_TYPES = ["Report", "Alert"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_FORMATS = ["PNG", "PDF", "CSV", "TEXT"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** What this server can render today: the data formats (images and PDFs need a browser). */
export const RENDERABLE_REPORT_FORMATS: readonly ReportFormat[] = ["CSV", "TEXT"];

export const REPORT_CREATION_METHODS = ["charts", "dashboards", "alerts_reports"] as const;
export const RECIPIENT_TYPES = ["Email", "Slack", "SlackV2", "Webhook"] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

export const VALIDATOR_TYPES = ["not null", "operator"] as const;
export type ValidatorType = (typeof VALIDATOR_TYPES)[number];
export const VALIDATOR_OPERATORS = ["<", "<=", ">", ">=", "==", "!="] as const;
export type ValidatorOperator = (typeof VALIDATOR_OPERATORS)[number];

/** Execution log states, in Superset's words. */
export const REPORT_STATES = ["Working", "Success", "Error", "Not triggered", "On Grace"] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Superset's defaults: an hour to finish, four hours of quiet after an alert, 90 days of logs. */
export const REPORT_DEFAULTS = { working_timeout: 3600, grace_period: 14_400, log_retention: 90 };

let zones: Set<string> | undefined;
/** Whether the runtime knows this IANA time zone ("UTC" always). */
export function isTimeZone(name: string): boolean {
  if (name === "UTC") return true;
  zones ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (zones.has(name)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]+$/;
/** The addresses of a recipient field ("a@x.org, b@y.org" or ";"-separated). */
export function emailList(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}
export const isEmailAddress = (s: string) => EMAIL.test(s) && s.length <= 254;

const Int = v.pipe(v.number(), v.integer());
const OptText = v.optional(v.nullable(v.string()));
const OptId = v.optional(v.nullable(v.pipe(Int, v.minValue(1))));

export const RecipientConfigSchema = v.looseObject({
  target: v.pipe(v.string(), v.trim(), v.minLength(1, "A recipient needs a target.")),
  ccTarget: OptText,
  bccTarget: OptText,
});
export type RecipientConfig = v.InferOutput<typeof RecipientConfigSchema>;

export const ReportRecipientSchema = v.object({
  type: v.picklist(RECIPIENT_TYPES, `Recipient type must be one of ${RECIPIENT_TYPES.join(", ")}.`),
  // Superset's clients send the config as an object; its API returns it as JSON text.
  recipient_config_json: v.union(
    [
      RecipientConfigSchema,
      v.pipe(
        v.string(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          try {
            return JSON.parse(dataset.value) as unknown;
          } catch {
            addIssue({ message: "recipient_config_json must be a JSON object." });
            return NEVER;
          }
        }),
        RecipientConfigSchema,
      ),
    ],
    "recipient_config_json must be an object with a target.",
  ),
});
export type ReportRecipient = v.InferOutput<typeof ReportRecipientSchema>;

export const ValidatorConfigSchema = v.object({
  op: v.optional(v.picklist(VALIDATOR_OPERATORS, `op must be one of ${VALIDATOR_OPERATORS.join(" ")}.`)),
  threshold: v.optional(v.nullable(v.number("threshold must be a number."))),
});
export type ValidatorConfig = v.InferOutput<typeof ValidatorConfigSchema>;

const ValidatorConfigField = v.optional(
  v.nullable(
    v.union(
      [
        ValidatorConfigSchema,
        v.pipe(
          v.string(),
          v.rawTransform(({ dataset, addIssue, NEVER }) => {
            try {
              return JSON.parse(dataset.value || "{}") as unknown;
            } catch {
              addIssue({ message: "validator_config_json must be a JSON object." });
              return NEVER;
            }
          }),
          ValidatorConfigSchema,
        ),
      ],
      "validator_config_json must be an object like {op: '>', threshold: 10}.",
    ),
  ),
);

const ReportFields = {
  type: v.picklist(REPORT_TYPES, "type must be Report or Alert."),
  name: v.pipe(v.string(), v.trim(), v.minLength(1, "Name is required."), v.maxLength(150)),
  description: OptText,
  context_markdown: OptText,
  active: v.optional(v.boolean()),
  crontab: v.pipe(v.string(), v.trim(), v.minLength(1, "A schedule is required."), v.maxLength(1000)),
  timezone: v.optional(
    v.pipe(
      v.string(),
      v.check(
        isTimeZone,
        (i) => `${String(i.input)} is not a time zone: use a name like Europe/Paris or UTC.`,
      ),
    ),
  ),
  creation_method: v.optional(v.picklist(REPORT_CREATION_METHODS)),
  chart: OptId,
  dashboard: OptId,
  database: OptId,
  report_format: v.optional(
    v.picklist(REPORT_FORMATS, `report_format must be one of ${REPORT_FORMATS.join(", ")}.`),
  ),
  recipients: v.optional(v.pipe(v.array(ReportRecipientSchema), v.maxLength(20, "At most 20 recipients."))),
  working_timeout: v.optional(v.pipe(Int, v.minValue(1, "working_timeout must be at least 1 second."))),
  grace_period: v.optional(v.pipe(Int, v.minValue(1, "grace_period must be at least 1 second."))),
  log_retention: v.optional(
    v.pipe(Int, v.minValue(1, "log_retention must be at least 1 day."), v.maxValue(3650)),
  ),
  owners: v.optional(v.array(Int)),
  force_screenshot: v.optional(v.boolean()),
  custom_width: v.optional(
    v.nullable(
      v.pipe(
        Int,
        v.minValue(600, "Screenshot width must be between 600px and 2400px"),
        v.maxValue(2400, "Screenshot width must be between 600px and 2400px"),
      ),
    ),
  ),
  extra: v.optional(v.nullable(v.looseObject({}))),
  email_subject: OptText,
  sql: OptText,
  validator_type: v.optional(
    v.nullable(v.picklist(VALIDATOR_TYPES, `validator_type must be one of: ${VALIDATOR_TYPES.join(", ")}.`)),
  ),
  validator_config_json: ValidatorConfigField,
};

/** `POST /api/v1/report/`. */
export const ReportPostSchema = v.strictObject(ReportFields);
export type ReportPost = v.InferOutput<typeof ReportPostSchema>;

/** `PUT /api/v1/report/{id}`: any field, each checked as on create. */
export const ReportPutSchema = v.strictObject({
  ...ReportFields,
  type: v.optional(ReportFields.type),
  name: v.optional(ReportFields.name),
  crontab: v.optional(ReportFields.crontab),
});
export type ReportPut = v.InferOutput<typeof ReportPutSchema>;

/** `GET /api/v1/report/` rows. */
export interface ReportRow {
  id: number;
  type: ReportType;
  name: string;
  description: string | null;
  active: boolean;
  crontab: string;
  crontab_humanized: string;
  timezone: string;
  creation_method: string;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  last_state: ReportState | "Not triggered";
  last_eval_dttm: string | null;
  owners: UserRef[];
  recipients: { id: number; type: RecipientType }[];
  created_by: UserRef | null;
  changed_by: UserRef | null;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
}

/** `GET /api/v1/report/{id}`: what the edit modal needs (configs as JSON text, as Superset). */
export interface ReportDetail {
  id: number;
  type: ReportType;
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: boolean;
  crontab: string;
  timezone: string;
  creation_method: string;
  chart: { id: number; slice_name: string; viz_type: string } | null;
  dashboard: { id: number; dashboard_title: string } | null;
  database: { id: number; database_name: string } | null;
  report_format: ReportFormat;
  recipients: { id: number; type: RecipientType; recipient_config_json: string }[];
  working_timeout: number;
  grace_period: number;
  log_retention: number;
  owners: UserRef[];
  force_screenshot: boolean;
  custom_width: number | null;
  extra: Record<string, unknown>;
  email_subject: string | null;
  sql: string | null;
  validator_type: ValidatorType | null;
  validator_config_json: string | null;
  last_state: ReportState | "Not triggered";
  last_eval_dttm: string | null;
  last_value: number | null;
  last_value_row_json: string | null;
  /** Key of the HMAC-SHA256 `X-Strata-Signature` on this report's webhook posts. */
  webhook_signing_key: string;
}

/** `GET /api/v1/report/{id}/log/` rows. */
export interface ReportLogRow {
  id: number;
  scheduled_dttm: string;
  start_dttm: string | null;
  end_dttm: string | null;
  state: ReportState;
  error_message: string | null;
  value: number | null;
  value_row_json: string | null;
  uuid: string;
}

/**
 * `GET /api/v1/report/notification_methods/`: the recipient types this server delivers to
 * (Superset's ALERT_REPORTS_NOTIFICATION_METHODS). Slack is there whenever incoming-webhook URLs
 * work; channel names and SlackV2 need the server's bot token (SLACK_API_TOKEN).
 */
export interface ReportNotificationMethods {
  result: {
    methods: RecipientType[];
    slack: { bot_token: boolean; incoming_webhook: boolean };
  };
}

/** `GET /api/v1/report/slack_channels/?q=(…)`: the channels the bot token can post to. */
export const SlackChannelsQuerySchema = v.strictObject({
  /** Channel names or ids, comma-separated; each matches as a part of a name or id. */
  search_string: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  types: v.optional(v.pipe(v.array(v.picklist(["public_channel", "private_channel"])), v.maxLength(2))),
  /** Match whole names or ids only. */
  exact_match: v.optional(v.boolean()),
  /** Ask Slack again rather than use the list kept for a day. */
  force: v.optional(v.boolean()),
});
export type SlackChannelsQuery = v.InferOutput<typeof SlackChannelsQuerySchema>;

export interface SlackChannel {
  id: string;
  name: string;
  is_member: boolean;
  is_private: boolean;
}

export interface SlackChannelsReply {
  result: SlackChannel[];
}
