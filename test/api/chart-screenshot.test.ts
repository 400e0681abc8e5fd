import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, NO_CHROMIUM } from "../../functions/src/runtime/report-render/index.ts";
import { createDashboard, oneRowLayout } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { recordingRenderer, rendererWithoutBrowser } from "../support/recording-renderer.ts";
import { PNG_SIGNATURE, reportSession } from "../support/report-fixtures.ts";
import { startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Superset's chart screenshot API: `cache_screenshot` has the chart drawn as a PNG for the caller
 * in the background, and `screenshot/{key}/` hands it back once made, to that caller only.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

const ask = (s: TestServer, token: string, chart: number, q?: string) =>
  s.call("GET", `/api/v1/chart/${chart}/cache_screenshot/${q ? `?q=${encodeURIComponent(q)}` : ""}`, {
    token,
  });
const image = (s: TestServer, token: string, chart: number, key: string) =>
  s.call("GET", `/api/v1/chart/${chart}/screenshot/${key}/`, { token });

/** Polls the image as Superset's client does: 404 while it is being made, anything else ends it. */
async function settled(s: TestServer, token: string, chart: number, key: string) {
  let last: Response | undefined;
  await expect
    .poll(
      async () => {
        last = await image(s, token, chart, key);
        return last.status;
      },
      { timeout: 90_000, interval: 250 },
    )
    .not.toBe(404);
  return last!;
}

describe.skipIf(!findChromium())("chart screenshot API (Chromium)", () => {
  let s: TestServer;
  let admin: string;
  let chart: number;

  beforeAll(async () => {
    s = await startTestServer({ examples: ["birth_names"] });
    const api = await reportSession(s);
    admin = api.admin;
    chart = await api.chart("Screenshot table", "table");
  }, 120_000);
  afterAll(() => s?.close());

  it("draws the chart in the window asked for, scaled to the thumbnail's size, and finds it made the next time", async () => {
    const q = "(window_size:!(600,400),thumb_size:!(300,200))";
    const res = await ask(s, admin, chart, q);
    expect(res.status).toBe(202);
    const reply = await json(res);
    expect(reply).toMatchObject({
      cache_key: expect.stringMatching(/^[0-9a-f]{40}$/),
      chart_url: `/explore/?slice_id=${chart}`,
      image_url: `/api/v1/chart/${chart}/screenshot/${reply.cache_key}/`,
      task_status: "Pending",
    });
    const png = await settled(s, admin, chart, reply.cache_key);
    expect(png.status, png.status === 200 ? "" : await png.clone().text()).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await png.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const width = bytes.readUInt32BE(16);
    expect(width).toBeLessThanOrEqual(300);

    const again = await ask(s, admin, chart, q);
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ cache_key: reply.cache_key, task_status: "Updated" });
    // Another size is another drawing: the same window unscaled is twice as wide (scaled, not cut).
    const full = await json(await ask(s, admin, chart, "(window_size:!(600,400))"));
    expect(full.cache_key).not.toBe(reply.cache_key);
    const fullPng = await settled(s, admin, chart, full.cache_key);
    expect(Buffer.from(await fullPng.arrayBuffer()).readUInt32BE(16)).toBe(width * 2);
    // `force` draws this one again.
    const forced = await ask(s, admin, chart, "(force:!t,window_size:!(600,400),thumb_size:!(300,200))");
    expect(forced.status).toBe(202);
    expect(await json(forced)).toMatchObject({ cache_key: reply.cache_key, task_status: "Pending" });
    expect((await settled(s, admin, chart, reply.cache_key)).status).toBe(200);
  }, 120_000);
});

describe("chart screenshot API: who may ask and what is drawn", () => {
  /** The browser is the one thing replaced: a renderer that keeps the documents core hands it. */
  const { renderer: recorder, jobs } = recordingRenderer();
  let s: TestServer;
  let admin: string;
  let alpha: string;
  let gamma: string;
  let chart: number;
  let dashboard: number;

  beforeAll(async () => {
    s = await startTestServer({ examples: ["birth_names"], reportRenderer: recorder });
    const api = await reportSession(s);
    admin = api.admin;
    chart = await api.chart("Recorded table", "table");
    alpha = await userWithRoles(s, admin, "shot_alpha", ["Alpha"]);
    gamma = await userWithRoles(s, admin, "shot_gamma", ["Gamma"]);
    dashboard = await createDashboard(s, admin, "Shots", {
      published: true,
      position_json: oneRowLayout([chart]),
    });
  }, 120_000);
  afterAll(() => s?.close());

  it("draws the chart's own data once, however often it is asked for while it is made", async () => {
    const before = jobs.length;
    const first = await json(await ask(s, admin, chart));
    await ask(s, admin, chart);
    await ask(s, admin, chart);
    expect((await settled(s, admin, chart, first.cache_key)).status).toBe(200);
    const drawn = jobs.slice(before);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toMatchObject({ kind: "chart", title: "Recorded table", width: 800 });
    expect(drawn[0].charts[0]).toMatchObject({ id: chart, height: 600 });
    const rows = (drawn[0].charts[0].queriesData[0] as Json).data as Json[];
    expect(rows.map((r) => r.gender).sort()).toEqual(["boy", "girl"]);
  });

  it("hands the image to the one who asked only, and refuses guests and those who cannot read the chart", async () => {
    const { cache_key: key } = await json(await ask(s, admin, chart));
    expect((await settled(s, admin, chart, key)).status).toBe(200);
    // Another user who may read the chart still cannot open the admin's picture by its key.
    const other = await image(s, alpha, chart, key);
    expect(other.status).toBe(404);
    expect((await json(other)).message).toBeTruthy();
    // Their own request is their own drawing, under another key.
    expect((await json(await ask(s, alpha, chart))).cache_key).not.toBe(key);
    for (const res of [await ask(s, gamma, chart), await image(s, gamma, chart, key)]) {
      expect(res.status).toBe(404);
      expect((await json(res)).message).toBeTruthy();
    }
    const guest = await guestTokenFor(s, admin, dashboard, { username: "shot-visitor" });
    const asGuest = await callAsGuest(s, guest, "GET", `/api/v1/chart/${chart}/cache_screenshot/`);
    expect(asGuest.status).toBe(403);
    expect((await callAsGuest(s, guest, "GET", `/api/v1/chart/${chart}/screenshot/${key}/`)).status).toBe(
      404,
    );
  });

  it("draws once when the same picture is asked for several times at the same moment", async () => {
    const before = jobs.length;
    const q = "(window_size:!(640,480))";
    const replies = await Promise.all(Array.from({ length: 5 }, () => ask(s, admin, chart, q)));
    expect(replies.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    const keys = new Set(await Promise.all(replies.map(async (r) => (await json(r)).cache_key)));
    expect(keys.size).toBe(1);
    expect((await settled(s, admin, chart, [...keys][0])).status).toBe(200);
    // Only this size counts: another test's drawing may still be finishing.
    expect(jobs.slice(before).filter((j) => j.width === 640)).toHaveLength(1);
  });

  it("answers bad input with a 400 naming it, and an unknown key or chart with a 404", async () => {
    for (const q of [
      "(window_size:!(1,1))",
      "(window_size:!(800))",
      "(window_size:!(800,600),thumb_size:!(4000,4000))",
      "(thumb_size:!(40,30))",
      "(force:'yes')",
      "(other:1)",
      "((",
    ]) {
      const res = await ask(s, admin, chart, q);
      expect(res.status, q).toBe(400);
      expect(JSON.stringify(await json(res)), q).toMatch(/window_size|thumb_size|force|other|rison/i);
    }
    expect((await ask(s, admin, 999_999)).status).toBe(404);
    expect((await image(s, admin, chart, "0".repeat(40))).status).toBe(404);
    expect((await image(s, admin, chart, "../../etc")).status).toBe(404);
  });
});

describe("chart screenshot API: a user's drawings are limited", () => {
  const { renderer: recorder } = recordingRenderer();
  let s: TestServer;
  let admin: string;
  let alpha: string;
  let chart: number;
  let dashboard: number;

  beforeAll(async () => {
    s = await startTestServer({ examples: ["birth_names"], reportRenderer: recorder });
    const api = await reportSession(s);
    admin = api.admin;
    chart = await api.chart("Quota table", "table");
    dashboard = await api.dashboard("Quota dashboard", 1);
    alpha = await userWithRoles(s, admin, "quota_alpha", ["Alpha"]);
  }, 120_000);
  afterAll(() => s?.close());

  it("refuses a user's 21st drawing in ten minutes with a 429, charts and dashboards together, not others'", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await ask(s, admin, chart, `(window_size:!(${400 + i},300))`)).status);
    expect(statuses.every((st) => st === 202)).toBe(true);
    const refused = await ask(s, admin, chart, "(window_size:!(999,300))");
    expect(refused.status).toBe(429);
    expect((await json(refused)).message).toMatch(/20 pictures in the last 10 minutes/);
    const dashboardShot = await s.call("POST", `/api/v1/dashboard/${dashboard}/cache_dashboard_screenshot/`, {
      token: admin,
      body: {},
    });
    expect(dashboardShot.status).toBe(429);
    // A picture already made is still handed back, and another user is not held back.
    expect((await ask(s, admin, chart, "(window_size:!(400,300))")).status).not.toBe(429);
    expect((await ask(s, alpha, chart)).status).toBe(202);
  });
});

describe("chart screenshot API without a browser", () => {
  let s: TestServer;
  let admin: string;
  let chart: number;

  beforeAll(async () => {
    s = await startTestServer({
      examples: ["birth_names"],
      reportRenderer: rendererWithoutBrowser(),
    });
    const api = await reportSession(s);
    admin = api.admin;
    chart = await api.chart("Chart without browser", "table");
  }, 120_000);
  afterAll(() => s?.close());

  it("ends the task with how to get a browser, as a 422 rather than a 500", async () => {
    const reply = await json(await ask(s, admin, chart));
    const res = await settled(s, admin, chart, reply.cache_key);
    expect(res.status).toBe(422);
    expect((await json(res)).message).toContain(NO_CHROMIUM);
  }, 120_000);
});
