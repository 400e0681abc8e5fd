import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, NO_CHROMIUM } from "../../functions/src/runtime/report-render/index.ts";
import { recordingRenderer, rendererWithoutBrowser } from "../support/recording-renderer.ts";
import { PNG_SIGNATURE, reportSession } from "../support/report-fixtures.ts";
import { startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const pdfPages = (pdf: string) => pdf.match(/\/Type\s*\/Page\b/g)?.length ?? 0;

const start = (s: TestServer, token: string, dashboard: number, body: Json = {}) =>
  s.call("POST", `/api/v1/dashboard/${dashboard}/cache_dashboard_screenshot/`, { token, body });
const fetchFile = (s: TestServer, token: string, dashboard: number, key: string, format = "png") =>
  s.call("GET", `/api/v1/dashboard/${dashboard}/screenshot/${key}/?download_format=${format}`, { token });

/** Polls the file as Superset's client does: 404 while it is being made, anything else ends it. */
async function settled(s: TestServer, token: string, dashboard: number, key: string, format = "png") {
  let last: Response | undefined;
  await expect
    .poll(
      async () => {
        last = await fetchFile(s, token, dashboard, key, format);
        return last.status;
      },
      { timeout: 90_000, interval: 250 },
    )
    .not.toBe(404);
  return last!;
}

describe.skipIf(!findChromium())("dashboard screenshot API (Chromium)", () => {
  let s: TestServer;
  let admin: string;
  let dashboard: number;

  beforeAll(async () => {
    s = await startTestServer({ examples: ["birth_names"] });
    const api = await reportSession(s);
    admin = api.admin;
    dashboard = await api.dashboard("Screenshot dashboard", 20);
  }, 120_000);
  afterAll(() => s?.close());

  it("draws the whole dashboard in the background and hands back a full-length PNG and a multi-page PDF", async () => {
    const res = await start(s, admin, dashboard, { dataMask: {}, activeTabs: [], urlParams: [] });
    expect(res.status).toBe(202);
    const reply = await json(res);
    expect(reply).toMatchObject({
      cache_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      dashboard_url: expect.stringMatching(/^\/superset\/dashboard\/p\/[\w-]+\/$/),
      image_url: `/api/v1/dashboard/${dashboard}/screenshot/${reply.cache_key}/`,
      task_status: "Pending",
    });
    expect(Number.isNaN(Date.parse(reply.task_updated_at))).toBe(false);

    const png = await settled(s, admin, dashboard, reply.cache_key, "png");
    // On failure, say why the drawing failed (the 422's message).
    expect(png.status, png.status === 200 ? "" : await png.clone().text()).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toContain('filename="Screenshot dashboard.png"');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    // Seven rows of charts: the image is the whole dashboard, not one screen of it.
    expect(bytes.readUInt32BE(20)).toBeGreaterThan(7 * 400);

    const pdf = await fetchFile(s, admin, dashboard, reply.cache_key, "pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(pdfPages(text)).toBeGreaterThanOrEqual(2);
    expect(text).toContain("(Chart number 20)");
  }, 120_000);

  it("draws only the format asked for, and says so when the other one is asked", async () => {
    const reply = await json(await start(s, admin, dashboard, { download_format: "pdf" }));
    const pdf = await settled(s, admin, dashboard, reply.cache_key, "pdf");
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).toString("latin1", 0, 5)).toBe("%PDF-");
    const png = await fetchFile(s, admin, dashboard, reply.cache_key, "png");
    expect(png.status).toBe(400);
    expect((await json(png)).message).toContain("PDF only");
  }, 120_000);

  it("keeps the file from other users, even with its key", async () => {
    const gamma = await userWithRoles(s, admin, "shot_gamma", ["Gamma"]);
    const alpha = await userWithRoles(s, admin, "shot_alpha", ["Alpha"]);
    const reply = await json(await start(s, admin, dashboard, { download_format: "png" }));
    expect((await settled(s, admin, dashboard, reply.cache_key)).status).toBe(200);
    // Without access to the dashboard: refused outright.
    expect([403, 404]).toContain((await start(s, gamma, dashboard)).status);
    expect([403, 404]).toContain((await fetchFile(s, gamma, dashboard, reply.cache_key)).status);
    // Able to read the dashboard, but the drawing was someone else's: not found.
    expect((await fetchFile(s, alpha, dashboard, reply.cache_key)).status).toBe(404);
    expect(
      (await s.call("GET", `/api/v1/dashboard/${dashboard}/screenshot/${reply.cache_key}/`)).status,
    ).toBe(401);
  }, 120_000);

  it("answers bad input with a 400 and an unknown key with a 404", async () => {
    const reply = await json(await start(s, admin, dashboard, { download_format: "png" }));
    const bad = await fetchFile(s, admin, dashboard, reply.cache_key, "gif");
    expect(bad.status).toBe(400);
    expect(await json(bad)).toHaveProperty("message");
    expect((await start(s, admin, dashboard, { download_format: "gif" })).status).toBe(400);
    expect((await start(s, admin, dashboard, { activeTabs: "TAB-1" })).status).toBe(400);
    expect((await fetchFile(s, admin, dashboard, "not-a-key")).status).toBe(404);
    expect((await fetchFile(s, admin, dashboard, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await start(s, admin, 999_999)).status).toBe(404);
  });
});

describe("dashboard screenshot API without a browser", () => {
  let s: TestServer;
  let admin: string;
  let dashboard: number;

  beforeAll(async () => {
    s = await startTestServer({
      examples: ["birth_names"],
      reportRenderer: rendererWithoutBrowser(),
    });
    const api = await reportSession(s);
    admin = api.admin;
    dashboard = await api.dashboard("Dashboard without browser", 2);
  }, 120_000);
  afterAll(() => s?.close());

  it("ends the task with how to get a browser, as a 422 rather than a 500", async () => {
    const reply = await json(await start(s, admin, dashboard));
    const res = await settled(s, admin, dashboard, reply.cache_key);
    expect(res.status).toBe(422);
    expect((await json(res)).message).toContain(NO_CHROMIUM);
  }, 120_000);
});

describe("dashboard screenshot API: what is drawn", () => {
  /**
   * The browser is the one thing replaced: a renderer that keeps the document core hands it
   * (every chart's data, computed through the real chart-data path on DuckDB as the caller).
   */
  const { renderer: recorder, jobs } = recordingRenderer();
  let s: TestServer;
  let admin: string;
  let dashboard: number;

  beforeAll(async () => {
    s = await startTestServer({ examples: ["birth_names"], reportRenderer: recorder });
    const api = await reportSession(s);
    admin = api.admin;
    dashboard = await api.dashboard("Filtered dashboard", 2);
    const dataset = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
    const metadata = {
      native_filter_configuration: [
        {
          id: "NATIVE_FILTER-gender",
          type: "NATIVE_FILTER",
          filterType: "filter_select",
          name: "Gender",
          targets: [{ datasetId: dataset, column: { name: "gender" } }],
          scope: { rootPath: ["ROOT_ID"], excluded: [] },
        },
      ],
    };
    const put = await s.call("PUT", `/api/v1/dashboard/${dashboard}`, {
      token: admin,
      body: { json_metadata: JSON.stringify(metadata) },
    });
    expect(put.status).toBe(200);
  }, 120_000);
  afterAll(() => s?.close());

  it("draws every chart with the caller's current filter values applied", async () => {
    const dataMask = {
      "NATIVE_FILTER-gender": {
        extraFormData: { filters: [{ col: "gender", op: "IN", val: ["girl"] }] },
        filterState: { value: ["girl"] },
      },
    };
    const reply = await json(await start(s, admin, dashboard, { dataMask, download_format: "png" }));
    const res = await settled(s, admin, dashboard, reply.cache_key);
    expect(res.status).toBe(200);
    expect([...Buffer.from(await res.arrayBuffer()).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const job = jobs.at(-1)!;
    expect(job).toMatchObject({ kind: "dashboard", title: "Filtered dashboard" });
    expect(job.charts.map((c) => c.title)).toEqual(["Chart number 1", "Chart number 2"]);
    // The table (by gender) shows only the filtered value.
    const table = job.charts[0].queriesData[0] as { data: { gender: string }[] };
    expect(table.data.map((r) => r.gender)).toEqual(["girl"]);

    // Without a data mask, the same dashboard shows both.
    const plain = await json(await start(s, admin, dashboard, { download_format: "png" }));
    expect((await settled(s, admin, dashboard, plain.cache_key)).status).toBe(200);
    const all = jobs.at(-1)!.charts[0].queriesData[0] as { data: { gender: string }[] };
    expect(all.data.map((r) => r.gender).sort()).toEqual(["boy", "girl"]);
  }, 120_000);
});
