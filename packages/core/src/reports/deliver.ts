import { emailList } from "@strata/contracts";
import type { AlertOutcome } from "./alert.ts";
import type { ReportSettings } from "./config.ts";
import type { FileLink, ReportFileLinks } from "./file-links.ts";
import type { Mailer, MailMessage } from "./mailer.ts";
import { escapeHtml, type ReportContent } from "./render.ts";
import type { RenderedFile } from "./render-port.ts";
import type { ReportEntity } from "./types.ts";
import { isSlackWebhookUrl, sendSlackIncomingWebhook, sendSlackWithToken } from "./slack.ts";
import { postWebhook, WEBHOOK_FILE_CAP_BYTES, webhookSignature } from "./webhook.ts";

const WEBHOOK_TIMEOUT_MS = 15_000;

export interface DeliveryDeps {
  mailer: Mailer | undefined;
  settings: Pick<ReportSettings, "baseUrl" | "webhookAllowPrivate" | "slackToken" | "slackApiUrl">;
  webhookKey: (r: ReportEntity) => string;
  /** Publishes files behind signed links; without it, files too big for a webhook are left out. */
  fileLinks?: ReportFileLinks;
}

/** A webhook URL (a Slack one too) may carry a token in its path or query: logs show its origin only. */
function shownTarget(type: string, target: string): string {
  if (type !== "Webhook" && !isSlackWebhookUrl(target)) return target;
  try {
    return new URL(target).origin;
  } catch {
    return "an invalid URL";
  }
}

/** Where a message's link points: the chart in Explore, the dashboard, or an alert's execution log. */
export function reportUrl(baseUrl: string, r: ReportEntity): string {
  if (r.chart_id) return `${baseUrl}/explore/?slice_id=${r.chart_id}`;
  if (r.dashboard_id) return `${baseUrl}/superset/dashboard/${r.dashboard_id}/`;
  return `${baseUrl}/${r.type === "Alert" ? "alert" : "report"}/${r.id}/log/`;
}

function conditionText(r: ReportEntity): string {
  if (r.validator_type === "not null") return "is not null";
  return `${r.validator_config?.op ?? "?"} ${r.validator_config?.threshold ?? "?"}`;
}

/** The message body in HTML (every value escaped) and plain text. */
function bodies(
  r: ReportEntity,
  url: string,
  content: ReportContent | undefined,
  alert: AlertOutcome | undefined,
) {
  const html: string[] = [];
  const text: string[] = [];
  if (r.description) {
    html.push(`<p>${escapeHtml(r.description)}</p>`);
    text.push(r.description, "");
  }
  if (alert) {
    const line = `Alert value: ${alert.value ?? "NULL"} (condition: value ${conditionText(r)})`;
    html.push(`<p>${escapeHtml(line)}</p>`);
    text.push(line, "");
  }
  const label = r.chart_id ? "Explore in Strata" : "Open in Strata";
  html.push(`<p><b><a href="${escapeHtml(url)}">${label}</a></b></p>`);
  text.push(`${label}: ${url}`, "");
  if (content?.table) {
    html.push(content.table.html);
    text.push(content.table.text);
    if (content.table.shown < content.table.rows) {
      const note = `Showing the first ${content.table.shown} of ${content.table.rows} rows; the rest are in Strata.`;
      html.push(`<p>${escapeHtml(note)}</p>`);
      text.push("", note);
    }
  }
  if (content?.csv) text.push(`The chart's data is attached as ${content.csv.filename}.`);
  for (const [i, file] of (content?.files ?? []).entries()) {
    if (file.contentType === "image/png")
      html.push(
        `<p><img src="cid:${imageCid(i)}" alt="${escapeHtml(file.fileName)}" style="max-width:100%"></p>`,
      );
    text.push(`Attached: ${file.fileName}.`);
  }
  return { html: html.join("\n"), text: text.join("\n") };
}

const imageCid = (i: number) => `report-image-${i + 1}@strata`;

/** A CSV is attached; a PNG is shown in the body (cid) and attached too; a PDF is attached. */
function mailAttachments(content: ReportContent | undefined): MailMessage["attachments"] {
  if (content?.csv)
    return [{ filename: content.csv.filename, content: content.csv.bytes, contentType: "text/csv" }];
  return (content?.files ?? []).flatMap((file, i) => {
    const attached = {
      filename: file.fileName,
      content: Buffer.from(file.bytes),
      contentType: file.contentType,
      contentDisposition: "attachment" as const,
    };
    if (file.contentType !== "image/png") return [attached];
    return [{ ...attached, cid: imageCid(i), contentDisposition: "inline" as const }, attached];
  });
}

interface WebhookFile {
  filename: string;
  content_type: string;
  base64: string | null;
  /** Set instead of `base64` when the file is over the webhook's inline cap: a signed link to it. */
  url?: string;
  expires_at?: string;
  /** Why neither the file nor a link came (no file store on this server). */
  omitted?: string;
}

/** A run's files in one list: the CSV of a CSV report, or what the renderer drew. */
function contentFiles(content: ReportContent | undefined): RenderedFile[] {
  if (content?.csv)
    return [{ fileName: content.csv.filename, contentType: "text/csv", bytes: content.csv.bytes }];
  return content?.files ?? [];
}

/** Links to a run's files, made once per run and shared by every recipient that needs them. */
function linker(deps: DeliveryDeps) {
  const made = new Map<RenderedFile, Promise<FileLink>>();
  return (file: RenderedFile): Promise<FileLink> | undefined => {
    if (!deps.fileLinks) return undefined;
    if (!made.has(file)) made.set(file, deps.fileLinks.publish(file));
    return made.get(file);
  };
}

async function webhookFiles(files: RenderedFile[], link: ReturnType<typeof linker>): Promise<WebhookFile[]> {
  return Promise.all(
    files.map(async (file): Promise<WebhookFile> => {
      const head = { filename: file.fileName, content_type: file.contentType };
      if (file.bytes.length <= WEBHOOK_FILE_CAP_BYTES)
        return { ...head, base64: Buffer.from(file.bytes).toString("base64") };
      const linked = await link(file);
      if (linked) return { ...head, base64: null, url: linked.url, expires_at: linked.expires_at };
      return {
        ...head,
        base64: null,
        omitted: `The file is ${(file.bytes.length / 1048576).toFixed(1)} MiB, over the webhook's ${WEBHOOK_FILE_CAP_BYTES / 1048576} MiB cap.`,
      };
    }),
  );
}

/** Slack's text (mrkdwn): title, description, alert value, link, and a TEXT report's rows as a code block. */
function slackText(
  subject: string,
  r: ReportEntity,
  url: string,
  content: ReportContent | undefined,
  alert: AlertOutcome | undefined,
  fileLinks: { name: string; link: FileLink }[],
): string {
  const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const lines = [`*${esc(subject)}*`];
  if (r.description) lines.push(esc(r.description));
  if (alert) lines.push(esc(`Alert value: ${alert.value ?? "NULL"} (condition: value ${conditionText(r)})`));
  lines.push(`<${url}|${r.chart_id ? "Explore in Strata" : "Open in Strata"}>`);
  if (content?.table) {
    // Slack cuts messages near 40,000 characters; the table is kept well under that.
    const table =
      content.table.text.length > 30_000 ? `${content.table.text.slice(0, 30_000)}\n…` : content.table.text;
    lines.push(`\`\`\`${esc(table)}\`\`\``);
    if (content.table.shown < content.table.rows)
      lines.push(
        `Showing the first ${content.table.shown} of ${content.table.rows} rows; the rest are in Strata.`,
      );
  }
  for (const f of fileLinks)
    lines.push(`<${f.link.url}|${esc(f.name)}> (link valid until ${f.link.expires_at})`);
  return lines.join("\n");
}

/**
 * Sends a run's result to each recipient; returns notes for the log (outbox files) and the
 * failures (a failed recipient does not stop the others).
 */
export async function deliver(
  deps: DeliveryDeps,
  r: ReportEntity,
  run: { uuid: string; scheduledIso: string },
  content: ReportContent | undefined,
  alert: AlertOutcome | undefined,
): Promise<{ notes: string[]; failures: string[] }> {
  const url = reportUrl(deps.settings.baseUrl, r);
  const subject = r.email_subject?.trim() || `[${r.type}] ${r.name}`;
  const { html, text } = bodies(r, url, content, alert);
  const notes: string[] = [];
  const failures: string[] = [];
  const files = contentFiles(content);
  const link = linker(deps);
  for (const recipient of r.recipients) {
    try {
      if (recipient.type === "Email") {
        if (!deps.mailer)
          throw new Error("No mail server is configured (SMTP_HOST), so email cannot be sent.");
        const message: MailMessage = {
          to: emailList(recipient.target),
          cc: emailList(recipient.ccTarget),
          bcc: emailList(recipient.bccTarget),
          subject,
          html,
          text,
          attachments: mailAttachments(content),
        };
        const receipt = await deps.mailer.send(message);
        if (receipt.file)
          notes.push(
            `No mail server is configured: the email was written to the outbox as ${receipt.file.split(/[\\/]/).pop()}.`,
          );
      } else if (recipient.type === "Webhook") {
        const sent = await webhookFiles(files, link);
        const body = JSON.stringify({
          name: r.name,
          type: r.type,
          state: alert ? "Triggered" : "Scheduled",
          description: r.description,
          url,
          value: alert ? alert.value : null,
          scheduled_dttm: run.scheduledIso,
          report_format: content ? r.report_format : null,
          chart: content && r.chart_id ? { id: r.chart_id, name: content.title } : null,
          dashboard: content && r.dashboard_id ? { id: r.dashboard_id, name: content.title } : null,
          // The first file (a report has one: its CSV, chart image or dashboard file), and all of them.
          attachment: sent[0] ?? null,
          attachments: sent,
          text: content?.table ? content.table.text : null,
          html: content?.table ? content.table.html : null,
        });
        await postWebhook(
          recipient.target,
          body,
          {
            "user-agent": "Strata-Reports",
            "x-strata-signature": webhookSignature(deps.webhookKey(r), body),
            "x-strata-delivery": run.uuid,
          },
          { allowPrivate: deps.settings.webhookAllowPrivate, timeoutMs: WEBHOOK_TIMEOUT_MS },
        );
      } else if (recipient.type === "Slack" || recipient.type === "SlackV2") {
        const slack = {
          token: deps.settings.slackToken,
          apiUrl: deps.settings.slackApiUrl,
          allowPrivate: deps.settings.webhookAllowPrivate,
        };
        if (isSlackWebhookUrl(recipient.target)) {
          const linked: { name: string; link: FileLink }[] = [];
          for (const file of files) {
            const made = await link(file);
            if (made) linked.push({ name: file.fileName, link: made });
          }
          await sendSlackIncomingWebhook(
            slack,
            recipient.target,
            slackText(subject, r, url, content, alert, linked),
          );
        } else {
          if (!slack.token)
            throw new Error(
              "No Slack bot token is configured (SLACK_API_TOKEN), so Slack channels cannot be reached.",
            );
          await sendSlackWithToken(
            slack,
            recipient.target,
            { text: slackText(subject, r, url, content, alert, []) },
            files,
          );
        }
      } else {
        throw new Error(`${recipient.type} delivery is not available on this server.`);
      }
    } catch (e) {
      failures.push(
        `${recipient.type} to ${shownTarget(recipient.type, recipient.target)}: ${(e as Error).message}`,
      );
    }
  }
  return { notes, failures };
}
