import { emailList, isEmailAddress, type ReportPost } from "@strata/contracts";
import type { Charts } from "../charts/service.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { Databases } from "../databases/service.ts";
import { AppError, badRequest, unprocessable } from "../errors.ts";
import { canAccessDatabase } from "../security/data-access.ts";
import type { Principal } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import type { DatasetAccess } from "../templating/macro-scope.ts";
import { singleSelect } from "./alert.ts";
import { checkCrontab } from "./schedule-time.ts";
import { isSlackWebhookUrl, slackChannels } from "./slack.ts";
import type { ReportData, StoredRecipient } from "./types.ts";

export interface ValidationDeps {
  charts: Charts;
  dashboards: Dashboards;
  databases: Databases;
  usersById: (ids: number[]) => Promise<Map<number, UserEntity>>;
  /** Whether a Slack bot token is configured: without one, Slack targets must be incoming-webhook URLs. */
  settings?: { slackToken?: string };
  datasetAccess?: DatasetAccess;
}

/** Everything a create or an update may set, after merging an update onto what is stored. */
export type Settings = Omit<
  ReportData,
  "uuid" | "last_state" | "last_eval_dttm" | "last_value" | "last_value_row_json" | "recipients"
> & { recipients: NonNullable<ReportPost["recipients"]> };

const DASHBOARD_FORMATS =
  "A dashboard report is a PNG image or a PDF document; choose a chart for a CSV or TEXT report.";

/** Checks a whole report: 400 for malformed settings, 422 for what they point at. */
export async function validateSettings(deps: ValidationDeps, p: Principal, s: Settings): Promise<Settings> {
  await checkCrontab(s.crontab, s.timezone);
  checkRecipients(s.recipients, !!deps.settings?.slackToken);
  if (s.chart_id && s.dashboard_id) throw unprocessable({ chart: ["Choose a chart or dashboard not both"] });
  if (s.dashboard_id && s.report_format !== "PNG" && s.report_format !== "PDF")
    throw badRequest({ report_format: [DASHBOARD_FORMATS] });
  if (s.type === "Report") {
    if (!s.chart_id && !s.dashboard_id)
      throw unprocessable({ chart: ["Must choose either a chart or a dashboard"] });
    if (s.database_id) throw unprocessable({ database: ["Database reference is not allowed on a report"] });
  } else {
    if (!s.database_id) throw unprocessable({ database: ["Database is required for alerts"] });
    if (!s.sql?.trim()) throw badRequest({ sql: ["An alert needs a SQL query that returns one value."] });
    if (!s.validator_type)
      throw badRequest({ validator_type: ["An alert needs a condition: not null or operator."] });
    if (
      s.validator_type === "operator" &&
      (!s.validator_config?.op || typeof s.validator_config.threshold !== "number")
    )
      throw badRequest({ validator_config_json: ["The operator condition needs an op and a threshold."] });
  }
  if (s.chart_id) {
    // A chart the caller can't read is answered like a missing one: its existence is not disclosed.
    await deps.charts.get(p, s.chart_id).catch((e) => {
      if (e instanceof AppError && e.status < 500) throw unprocessable({ chart: ["Chart does not exist"] });
      throw e;
    });
  }
  if (s.dashboard_id) {
    await deps.dashboards.get(p, s.dashboard_id).catch((e) => {
      if (e instanceof AppError && e.status < 500)
        throw unprocessable({ dashboard: ["Dashboard does not exist"] });
      throw e;
    });
  }
  if (s.database_id && s.sql) {
    const db = await deps.databases.find(s.database_id);
    if (!db || !canAccessDatabase(p, db)) throw unprocessable({ database: ["Database does not exist"] });
    await singleSelect(deps.databases, p, s.database_id, s.sql, deps.datasetAccess);
  }
  const owners = [...new Set(s.owners)];
  // A creator who is not an admin always stays among the owners (else they'd lose the report).
  if (!p.isAdmin && p.user && !owners.includes(p.user.id)) owners.push(p.user.id);
  if (owners.length === 0 && p.user) owners.push(p.user.id);
  const found = await deps.usersById(owners);
  if (found.size !== owners.length) throw unprocessable({ owners: ["Owners are invalid"] });
  return { ...s, owners };
}

export const SLACK_NEEDS_SETUP =
  "Slack channels need a bot token on the server (set SLACK_API_TOKEN); without one, use a Slack incoming-webhook URL (https://hooks.slack.com/services/…) as the target.";

function checkRecipients(recipients: Settings["recipients"], slackBot: boolean) {
  const problems: string[] = [];
  for (const r of recipients) {
    const cfg = r.recipient_config_json;
    if (r.type === "Slack" || r.type === "SlackV2") {
      if (isSlackWebhookUrl(cfg.target)) {
        if (!isHttpUrl(cfg.target.trim()))
          problems.push(`"${cfg.target}" is not an http(s) URL for a Slack incoming webhook.`);
      } else if (!slackBot) problems.push(SLACK_NEEDS_SETUP);
      else if (slackChannels(cfg.target).length === 0)
        problems.push("A Slack recipient needs at least one channel.");
    } else if (r.type === "Email") {
      for (const address of [
        ...emailList(cfg.target),
        ...emailList(cfg.ccTarget),
        ...emailList(cfg.bccTarget),
      ])
        if (!isEmailAddress(address)) problems.push(`"${address}" is not an email address.`);
      if (emailList(cfg.target).length === 0) problems.push("An email recipient needs at least one address.");
    } else if (r.type === "Webhook") {
      if (!isHttpUrl(cfg.target)) problems.push(`"${cfg.target}" is not an http(s) URL for a webhook.`);
    }
  }
  if (problems.length) throw badRequest({ recipients: [...new Set(problems)] });
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export function storedRecipients(recipients: Settings["recipients"]): StoredRecipient[] {
  return recipients.map((r, i) => ({
    id: i + 1,
    type: r.type,
    target: r.recipient_config_json.target,
    ccTarget: r.recipient_config_json.ccTarget || null,
    bccTarget: r.recipient_config_json.bccTarget || null,
  }));
}
