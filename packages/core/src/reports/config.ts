/** How reports are delivered: Superset's SMTP settings, its link base, and the webhook guard. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** SMTP_STARTTLS: upgrade a plain connection with STARTTLS (required when true). */
  starttls: boolean;
  /** SMTP_SSL: TLS from the first byte (port 465). */
  ssl: boolean;
  user?: string;
  password?: string;
}

export interface ReportSettings {
  /** Unset: no mail server; emails go to `outboxDir` when there is one, else the run fails. */
  smtp?: SmtpSettings;
  /** SMTP_MAIL_FROM. */
  mailFrom: string;
  /** Where `.eml` files go without a mail server (locally `DATA_DIR/outbox`). */
  outboxDir?: string;
  /** WEBDRIVER_BASEURL_USER_FRIENDLY: links in messages point here. */
  baseUrl: string;
  /** REPORTS_WEBHOOK_ALLOW_PRIVATE: allow webhooks to loopback and private addresses. */
  webhookAllowPrivate: boolean;
  /** SLACK_API_TOKEN (Superset's name): a bot token; without one, Slack targets must be incoming-webhook URLs. */
  slackToken?: string;
  /** SLACK_API_URL: the Slack Web API's base (default https://slack.com/api); tests point it at a local server. */
  slackApiUrl?: string;
}

export const DEFAULT_SLACK_API_URL = "https://slack.com/api";

function flag(env: Record<string, string | undefined>, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, not "${raw}".`);
}

/** Reads the settings once at start; a malformed value stops the start. */
export function reportSettingsFromEnv(env: Record<string, string | undefined>): ReportSettings {
  const ssl = flag(env, "SMTP_SSL", false);
  const port = Number(env.SMTP_PORT || (ssl ? 465 : 25));
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`SMTP_PORT must be a port number, not "${env.SMTP_PORT}".`);
  const baseUrl = (env.WEBDRIVER_BASEURL_USER_FRIENDLY || "http://localhost:8088").replace(/\/+$/, "");
  if (!/^https?:\/\//.test(baseUrl))
    throw new Error(`WEBDRIVER_BASEURL_USER_FRIENDLY must be an http(s) URL, not "${baseUrl}".`);
  return {
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port,
          starttls: flag(env, "SMTP_STARTTLS", true),
          ssl,
          user: env.SMTP_USER || undefined,
          password: env.SMTP_PASSWORD || undefined,
        }
      : undefined,
    mailFrom: env.SMTP_MAIL_FROM || "strata@localhost",
    baseUrl,
    webhookAllowPrivate: flag(env, "REPORTS_WEBHOOK_ALLOW_PRIVATE", false),
    slackToken: env.SLACK_API_TOKEN || undefined,
    slackApiUrl: slackApiUrl(env.SLACK_API_URL),
  };
}

function slackApiUrl(raw: string | undefined): string {
  const url = (raw || DEFAULT_SLACK_API_URL).replace(/\/+$/, "");
  if (!/^https?:\/\//.test(url)) throw new Error(`SLACK_API_URL must be an http(s) URL, not "${url}".`);
  return url;
}
