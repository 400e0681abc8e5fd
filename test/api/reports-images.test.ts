import { webhookSignature } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, NO_CHROMIUM } from "../../functions/src/runtime/report-render/index.ts";
import { rendererWithoutBrowser } from "../support/recording-renderer.ts";
import { PNG_SIGNATURE, reportSession, smtpSettings } from "../support/report-fixtures.ts";
import { startHttpReceiver, startSmtpReceiver } from "../support/report-receivers.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let hooks: Awaited<ReturnType<typeof startHttpReceiver>>;

/** The fixtures' calls, plus one that schedules a report and waits for its run to end. */
async function session(s: TestServer) {
  const api = await reportSession(s);
  const run = async (body: Json, timeoutMs?: number) => {
    const { id } = await api.schedule(body);
    return { id, log: await api.settled(id, timeoutMs) };
  };
  return { ...api, run };
}

beforeAll(async () => {
  [smtp, hooks] = await Promise.all([startSmtpReceiver(), startHttpReceiver()]);
});
afterAll(async () => {
  await Promise.all([smtp.close(), hooks.close()]);
});

const email = (target: string) => ({ type: "Email", recipient_config_json: { target } });
const mailTo = (subject: string) => smtp.mails.find((m) => m.subject === subject);

describe.skipIf(!findChromium())("PNG and PDF reports drawn by Chromium", () => {
  let s: TestServer;
  let api: Awaited<ReturnType<typeof session>>;
  let dashboard: number;

  beforeAll(async () => {
    // Global async queries on, as in the cloud: a report's chart data is still answered inline.
    s = await startTestServer({
      examples: ["birth_names"],
      globalAsyncQueries: true,
      reports: smtpSettings(smtp.port, true),
    });
    api = await session(s);
    dashboard = await api.dashboard("Births dashboard", 20);
  }, 120_000);
  afterAll(() => s?.close());

  it("emails a chart PNG inline and attached, and posts it to a webhook as base64", async () => {
    const chart = await api.chart("Births by gender", "table");
    const { id, log } = await api.run({
      name: "Births picture",
      chart,
      report_format: "PNG",
      recipients: [
        email("ana@example.com"),
        { type: "Webhook", recipient_config_json: { target: `${hooks.url}/png` } },
      ],
    });
    expect(log).toMatchObject({ state: "Success", error_message: null });
    await expect.poll(() => mailTo("[Report] Births picture")).toBeDefined();
    const mail = mailTo("[Report] Births picture")!;
    expect(mail.html).toContain(`https://bi.example.com/explore/?slice_id=${chart}`);
    const inline = mail.attachments.find((a) => a.related && a.cid);
    const attached = mail.attachments.find((a) => a.contentDisposition === "attachment");
    expect(inline?.contentType).toBe("image/png");
    // mailparser swaps a body's `cid:` reference for the part it names: the body shows the image.
    expect(mail.html).toContain(`<img src="data:image/png;base64,${inline!.content.toString("base64")}"`);
    expect([...inline!.content.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(attached?.filename).toBe("Births by gender.png");
    expect([...attached!.content.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    const post = hooks.posts.find((p) => p.path === "/png")!;
    const body = JSON.parse(post.body);
    expect(body).toMatchObject({ name: "Births picture", report_format: "PNG", chart: { id: chart } });
    expect(body.attachment).toMatchObject({ filename: "Births by gender.png", content_type: "image/png" });
    expect([...Buffer.from(body.attachment.base64, "base64").subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const detail = (await json(await s.call("GET", `/api/v1/report/${id}`, { token: api.admin }))).result;
    expect(post.headers["x-strata-signature"]).toBe(webhookSignature(detail.webhook_signing_key, post.body));
  });

  it("emails a 20-chart dashboard as one PDF", async () => {
    const started = performance.now();
    const { log } = await api.run({
      name: "Births dashboard PDF",
      dashboard,
      report_format: "PDF",
      recipients: [email("ana@example.com")],
    });
    expect(log).toMatchObject({ state: "Success", error_message: null });
    await expect.poll(() => mailTo("[Report] Births dashboard PDF")).toBeDefined();
    console.log(
      `reports: 20-chart dashboard PDF from the tick to the email in ${Math.round(performance.now() - started)} ms`,
    );
    const mail = mailTo("[Report] Births dashboard PDF")!;
    expect(mail.html).toContain(`https://bi.example.com/superset/dashboard/${dashboard}/`);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: "Births dashboard.pdf", contentType: "application/pdf" });
    const text = pdf.content.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    // Titles are text: the outline names every chart, the last one included (nothing cut off).
    for (const n of [1, 10, 20]) expect(text).toContain(`(Chart number ${n})`);
  });

  it("ends a run that cannot draw within its working timeout as Error, without hanging", async () => {
    // A chart whose query alone takes seconds of engine work: a fast machine draws the 20-chart
    // dashboard above in under the one-second timeout, so only real slowness makes this certain.
    const slow = await api.dashboard("Slow dashboard", 1, {
      expressionType: "SQL",
      sqlExpression: "SUM(list_sum(range(num, num + 10000)))",
      label: "slow",
    });
    const started = performance.now();
    const { log } = await api.run(
      {
        name: "Too slow",
        dashboard: slow,
        report_format: "PDF",
        working_timeout: 1,
        recipients: [email("ana@example.com")],
      },
      15_000,
    );
    expect(log.state).toBe("Error");
    expect(log.error_message).toMatch(/The report took longer than [\d.]+ s/);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(mailTo("[Report] Too slow")).toBeUndefined();
  });
});

describe("PNG reports where Chromium is missing", () => {
  let s: TestServer;
  let api: Awaited<ReturnType<typeof session>>;
  beforeAll(async () => {
    s = await startTestServer({
      examples: ["birth_names"],
      reports: smtpSettings(smtp.port, true),
      reportRenderer: rendererWithoutBrowser(),
    });
    api = await session(s);
  }, 120_000);
  afterAll(() => s?.close());

  it("ends a PNG run Error with how to get a browser, while a CSV report still arrives", async () => {
    const chart = await api.chart("Births without browser", "table");
    const png = await api.run({
      name: "Picture without browser",
      chart,
      report_format: "PNG",
      recipients: [email("ana@example.com")],
    });
    expect(png.log.state).toBe("Error");
    expect(png.log.error_message).toContain(NO_CHROMIUM);
    const csv = await api.run({
      name: "CSV without browser",
      chart,
      report_format: "CSV",
      recipients: [email("ana@example.com")],
    });
    expect(csv.log).toMatchObject({ state: "Success", error_message: null });
    await expect.poll(() => mailTo("[Report] CSV without browser")).toBeDefined();
    expect(mailTo("[Report] Picture without browser")).toBeUndefined();
  });
});
