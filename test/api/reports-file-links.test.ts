import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_FILE_CAP_BYTES, webhookSignature } from "@strata/core";
import { reportMinutes } from "../support/report-minutes.ts";
import { type Listening, listen } from "../support/listen.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer | undefined;
let admin: string;
let api: Listening;
let apiUrl: string;
let receiver: Server;
let receiverUrl: string;
/** What the receiver got: each post's body, and each linked file it fetched (status and bytes). */
const received: {
  body: Json;
  raw: string;
  signature: string;
  fetched: { status: number; bytes: Buffer }[];
}[] = [];

const { slot, daily } = reportMinutes();

beforeAll(async () => {
  // The API listens on a real port, so that the report's links (under its base URL) can be fetched.
  api = await listen((req) => s!.app.fetch(req));
  apiUrl = api.url;

  // A webhook receiver that fetches every linked attachment as soon as the post arrives (no session).
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = JSON.parse(raw) as Json;
      const fetched = [];
      for (const a of body.attachments as Json[]) {
        if (!a.url) continue;
        const file = await fetch(a.url);
        fetched.push({ status: file.status, bytes: Buffer.from(await file.arrayBuffer()) });
      }
      received.push({ body, raw, signature: String(req.headers["x-strata-signature"]), fetched });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  s = await startTestServer({
    examples: ["birth_names"],
    reports: { mailFrom: "reports@strata.test", baseUrl: apiUrl, webhookAllowPrivate: true },
  });
  admin = await s.login(ADMIN.username, ADMIN.password);
}, 120_000);
afterAll(async () => {
  await s?.close();
  await new Promise<void>((resolve) => api.server.close(() => resolve()));
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe("webhook files over the inline cap", () => {
  it("sends a signed short-lived link the receiver can fetch; a tampered or expired one is refused", async () => {
    const dataset = (await json(await s!.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
    // 50,000 raw rows with a long text column: a CSV of several MiB.
    const chartRes = await s!.call("POST", "/api/v1/chart/", {
      token: admin,
      body: {
        slice_name: "Every birth row",
        viz_type: "table",
        datasource_id: dataset,
        datasource_type: "table",
        query_context: JSON.stringify({
          datasource: { id: dataset, type: "table" },
          queries: [
            {
              columns: ["name", "state", { sqlExpression: "repeat(name, 25)", label: "padding" }],
              row_limit: 50_000,
            },
          ],
        }),
      },
    });
    const chart = (await json(chartRes)).id;
    const at = slot();
    const create = await s!.call("POST", "/api/v1/report/", {
      token: admin,
      body: {
        type: "Report",
        name: "Big CSV",
        chart,
        crontab: daily(at),
        report_format: "CSV",
        recipients: [{ type: "Webhook", recipient_config_json: { target: `${receiverUrl}/big` } }],
      },
    });
    expect(create.status).toBe(201);
    const { id, result } = await json(create);
    expect(await s!.runtime.core.reports.tick(new Date(at.getTime() + 5_000))).toBe(1);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);

    const [post] = received;
    expect(post.signature).toBe(webhookSignature(result.webhook_signing_key, post.raw));
    const attachment = post.body.attachment as Json;
    expect(attachment).toMatchObject({
      filename: "Every birth row.csv",
      content_type: "text/csv",
      base64: null,
    });
    expect(attachment.url).toMatch(
      new RegExp(`^${apiUrl}/api/v1/report/file/[0-9a-f-]{36}/\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );
    expect(Date.parse(attachment.expires_at) - Date.now()).toBeGreaterThan(50 * 60_000);
    expect(Date.parse(attachment.expires_at) - Date.now()).toBeLessThanOrEqual(3600_000);
    const [file] = post.fetched;
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBeGreaterThan(WEBHOOK_FILE_CAP_BYTES);
    const lines = file.bytes.toString("utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("name,state,padding");
    expect(lines).toHaveLength(50_001);
    const log = (await json(await s!.call("GET", `/api/v1/report/${id}/log/`, { token: admin }))).result[0];
    expect(log).toMatchObject({ state: "Success", error_message: null });

    // Tampered signature or expiry: 403; an expired link: 403; a file no longer kept: 404.
    const link = new URL(attachment.url);
    const fileId = link.pathname.split("/").at(-2)!;
    const signature = link.searchParams.get("signature")!;
    const expires = Number(link.searchParams.get("expires"));
    const get = async (path: string) => {
      const res = await fetch(`${apiUrl}${path}`);
      return { status: res.status, body: await res.json() };
    };
    const flipped = (signature[0] === "0" ? "1" : "0") + signature.slice(1);
    expect(await get(`/api/v1/report/file/${fileId}/?expires=${expires}&signature=${flipped}`)).toEqual({
      status: 403,
      body: { message: "This file link is not valid." },
    });
    expect(
      (await get(`/api/v1/report/file/${fileId}/?expires=${expires + 3600}&signature=${signature}`)).status,
    ).toBe(403);
    expect((await get(`/api/v1/report/file/${fileId}/`)).status).toBe(403);
    const links = s!.runtime.core.reports.fileLinks!;
    const expired = new URL(links.sign(fileId, -60).url);
    expect(await get(expired.pathname + expired.search)).toEqual({
      status: 403,
      body: { message: "This file link has expired; the next report run sends a new one." },
    });
    const gone = new URL(links.sign("00000000-0000-4000-8000-000000000000").url);
    expect((await get(gone.pathname + gone.search)).status).toBe(404);
  }, 90_000);
});
