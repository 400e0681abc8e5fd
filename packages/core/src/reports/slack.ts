import type { SlackChannel } from "@strata/contracts";
import { DEFAULT_SLACK_API_URL } from "./config.ts";
import type { RenderedFile } from "./render-port.ts";
import { postWebhook } from "./webhook.ts";

/**
 * Slack delivery, both ways Slack offers:
 * - a bot token (SLACK_API_TOKEN): the message goes to each channel with `chat.postMessage`, and
 *   each file through Slack's upload flow (`files.getUploadURLExternal`, a POST of the bytes to the
 *   URL it gives, `files.completeUploadExternal` sharing it to the channel the message went to);
 * - an incoming-webhook URL as the target: the text only (incoming webhooks take no files), with
 *   links to the files instead.
 */

const SLACK_TIMEOUT_MS = 15_000;

export interface SlackSettings {
  token?: string;
  apiUrl?: string;
  /** REPORTS_WEBHOOK_ALLOW_PRIVATE, for incoming-webhook URLs (as for webhooks). */
  allowPrivate: boolean;
}

/** Whether a Slack recipient's target is an incoming-webhook URL rather than a channel list. */
export const isSlackWebhookUrl = (target: string) => /^https?:\/\//i.test(target.trim());

/** Channels of a target ("#general, C0123", ";" also separates); the leading "#" is Slack's, kept off. */
export const slackChannels = (target: string) =>
  target
    .split(/[,;]/)
    .map((c) => c.trim().replace(/^#/, ""))
    .filter(Boolean);

export class SlackError extends Error {}

/** Slack's Web API answers HTTP 200 with `ok: false` and an error code; both kinds of failure throw. */
async function slackCall(
  s: SlackSettings,
  method: string,
  body: Record<string, unknown>,
  form = false,
): Promise<Record<string, unknown>> {
  const url = `${s.apiUrl ?? DEFAULT_SLACK_API_URL}/${method}`;
  const res = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${s.token}`,
      "content-type": form ? "application/x-www-form-urlencoded" : "application/json; charset=utf-8",
    },
    body: form
      ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()
      : JSON.stringify(body),
    signal: AbortSignal.timeout(SLACK_TIMEOUT_MS),
  }).catch((e: Error) => {
    throw new SlackError(`Slack's ${method} could not be reached: ${e.message}`);
  });
  if (!res.ok) throw new SlackError(`Slack's ${method} answered HTTP ${res.status}.`);
  const reply = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (reply.ok !== true)
    throw new SlackError(
      `Slack's ${method} refused: ${typeof reply.error === "string" ? reply.error : "no reason given"}.`,
    );
  return reply;
}

/** One file up through the external upload flow, shared into a channel (by id). */
async function uploadFile(s: SlackSettings, channelId: string, file: RenderedFile, threadTs?: string) {
  const { upload_url: uploadUrl, file_id: fileId } = await slackCall(
    s,
    "files.getUploadURLExternal",
    { filename: file.fileName, length: file.bytes.length },
    true,
  );
  if (typeof uploadUrl !== "string" || typeof fileId !== "string")
    throw new SlackError("Slack's files.getUploadURLExternal gave no upload URL.");
  const up = await fetch(uploadUrl, {
    method: "POST",
    headers: { "content-type": file.contentType },
    body: Buffer.from(file.bytes),
    signal: AbortSignal.timeout(SLACK_TIMEOUT_MS),
  }).catch((e: Error) => {
    throw new SlackError(`The file upload to Slack failed: ${e.message}`);
  });
  if (!up.ok) throw new SlackError(`The file upload to Slack answered HTTP ${up.status}.`);
  await slackCall(s, "files.completeUploadExternal", {
    files: [{ id: fileId, title: file.fileName }],
    channel_id: channelId,
    ...(threadTs ? { thread_ts: threadTs } : {}),
  });
}

/**
 * Posts a message and its files to every channel of a target with the bot token. The message
 * goes first: `chat.postMessage` takes a channel name or id and answers with the id, which the
 * upload's completion needs.
 */
export async function sendSlackWithToken(
  s: SlackSettings,
  target: string,
  message: { text: string },
  files: RenderedFile[],
): Promise<void> {
  const channels = slackChannels(target);
  if (!channels.length) throw new SlackError("The Slack recipient names no channel.");
  for (const channel of channels) {
    const posted = await slackCall(s, "chat.postMessage", {
      channel,
      text: message.text,
      unfurl_links: false,
    }).catch((e: Error) => {
      throw new SlackError(`#${channel}: ${e.message}`);
    });
    // The reply names the channel by id, which the upload's completion needs.
    const channelId = typeof posted.channel === "string" ? posted.channel : channel;
    for (const file of files)
      await uploadFile(s, channelId, file).catch((e: Error) => {
        throw new SlackError(`#${channel}: ${e.message}`);
      });
  }
}

/** Posts the text to an incoming webhook (private targets refused as for webhooks). */
export async function sendSlackIncomingWebhook(s: SlackSettings, url: string, text: string): Promise<void> {
  await postWebhook(
    url.trim(),
    JSON.stringify({ text }),
    { "user-agent": "Strata-Reports" },
    { allowPrivate: s.allowPrivate, timeoutMs: SLACK_TIMEOUT_MS },
  );
}

/** Channels listed per `conversations.list` call (Slack's largest page). */
const CHANNEL_PAGE = 999;
/** Pages read at most: a workspace's first 20,000 channels, never an endless walk. */
const MAX_CHANNEL_PAGES = 20;

/** The channels the bot token sees, archived ones left out, through Slack's paged `conversations.list`. */
export async function listSlackChannels(s: SlackSettings): Promise<SlackChannel[]> {
  const channels: SlackChannel[] = [];
  let cursor = "";
  for (let page = 0; page < MAX_CHANNEL_PAGES; page++) {
    const reply = await slackCall(
      s,
      "conversations.list",
      {
        types: "public_channel,private_channel",
        exclude_archived: true,
        limit: CHANNEL_PAGE,
        ...(cursor ? { cursor } : {}),
      },
      true,
    );
    for (const c of Array.isArray(reply.channels) ? reply.channels : []) {
      const { id, name, is_member: member, is_private: isPrivate } = (c ?? {}) as Record<string, unknown>;
      if (typeof id === "string" && typeof name === "string")
        channels.push({ id, name, is_member: member === true, is_private: isPrivate === true });
    }
    const next = (reply.response_metadata as { next_cursor?: unknown } | undefined)?.next_cursor;
    if (typeof next !== "string" || !next) break;
    cursor = next;
  }
  return channels;
}
