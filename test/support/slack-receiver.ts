import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server on 127.0.0.1 that answers as Slack does, for the calls report delivery
 * makes: the Web API (`/api/chat.postMessage`, `/api/files.getUploadURLExternal`,
 * `/api/files.completeUploadExternal`: HTTP 200 with `ok` true or false and an error code), the
 * upload URL it hands out, `/api/conversations.list` (paged by `limit` and `cursor`), and incoming webhooks (`/services/…`: "ok", or 404 "no_service").
 */

export interface SlackMessage {
  channel: string;
  channelId: string;
  text: string;
  token: string | undefined;
}
export interface SlackShare {
  channelId: string;
  title: string;
  bytes: Buffer;
  contentType: string | undefined;
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

/** A channel as `conversations.list` describes it (beyond the ones messages may go to). */
export interface ListedChannel {
  id: string;
  name: string;
  is_private?: boolean;
  is_archived?: boolean;
  is_member?: boolean;
}

export async function startSlackReceiver(opts: {
  token: string;
  channels: Record<string, string>;
  listed?: ListedChannel[];
}) {
  const messages: SlackMessage[] = [];
  /** Each `conversations.list` call's form arguments. */
  const listCalls: URLSearchParams[] = [];
  const shares: SlackShare[] = [];
  const hooks: { path: string; body: Record<string, unknown> }[] = [];
  const uploads = new Map<string, { filename: string; length: number; bytes?: Buffer; type?: string }>();
  let nextFile = 1;
  let url = "";
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const path = req.url ?? "";
    const reply = (value: Record<string, unknown>) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const channelId = (name: unknown) =>
      typeof name === "string"
        ? (opts.channels[name] ?? Object.values(opts.channels).find((id) => id === name))
        : undefined;

    if (path.startsWith("/services/")) {
      if (path !== "/services/T000/B000/good") return res.writeHead(404).end("no_service");
      hooks.push({ path, body: JSON.parse(body.toString("utf8")) });
      return res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    }
    if (path.startsWith("/upload/")) {
      const upload = uploads.get(path.slice("/upload/".length));
      if (!upload) return res.writeHead(404).end();
      upload.bytes = body;
      upload.type = req.headers["content-type"];
      return res.writeHead(200).end(`OK - ${body.length}`);
    }
    if (!path.startsWith("/api/")) return res.writeHead(404).end();
    if (token !== opts.token) return reply({ ok: false, error: "invalid_auth" });
    const method = path.slice("/api/".length);
    if (method === "chat.postMessage") {
      const args = JSON.parse(body.toString("utf8")) as { channel?: string; text?: string };
      const id = channelId(args.channel);
      if (!id) return reply({ ok: false, error: "channel_not_found" });
      messages.push({ channel: args.channel!, channelId: id, text: args.text ?? "", token });
      return reply({ ok: true, channel: id, ts: `${Date.now() / 1000}` });
    }
    if (method === "conversations.list") {
      const args = new URLSearchParams(body.toString("utf8"));
      listCalls.push(args);
      const all = (opts.listed ?? []).filter(
        (c) => args.get("exclude_archived") !== "true" || !c.is_archived,
      );
      const limit = Math.min(Number(args.get("limit") ?? 100), 1000);
      const start = Number(args.get("cursor")?.replace("page-", "") ?? 0);
      const channels = all.slice(start, start + limit);
      const next = start + limit < all.length ? `page-${start + limit}` : "";
      return reply({ ok: true, channels, response_metadata: { next_cursor: next } });
    }
    if (method === "files.getUploadURLExternal") {
      // Slack takes this one form-encoded.
      const args = new URLSearchParams(body.toString("utf8"));
      const length = Number(args.get("length"));
      if (!args.get("filename") || !(length > 0)) return reply({ ok: false, error: "missing_argument" });
      const fileId = `F${String(nextFile++).padStart(6, "0")}`;
      uploads.set(fileId, { filename: args.get("filename")!, length });
      return reply({ ok: true, upload_url: `${url}/upload/${fileId}`, file_id: fileId });
    }
    if (method === "files.completeUploadExternal") {
      const args = JSON.parse(body.toString("utf8")) as {
        files?: { id: string; title?: string }[];
        channel_id?: string;
      };
      if (!args.channel_id || !Object.values(opts.channels).includes(args.channel_id))
        return reply({ ok: false, error: "channel_not_found" });
      for (const f of args.files ?? []) {
        const upload = uploads.get(f.id);
        if (!upload?.bytes || upload.bytes.length !== upload.length)
          return reply({ ok: false, error: "file_not_found" });
        shares.push({
          channelId: args.channel_id,
          title: f.title ?? upload.filename,
          bytes: upload.bytes,
          contentType: upload.type,
        });
      }
      return reply({ ok: true, files: args.files });
    }
    return reply({ ok: false, error: "unknown_method" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    messages,
    shares,
    listCalls,
    hooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
