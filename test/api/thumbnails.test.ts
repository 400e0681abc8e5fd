import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, NO_CHROMIUM } from "../../functions/src/runtime/report-render/index.ts";
import { createDashboard, createRlsRule, oneRowLayout } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { recordingRenderer, rendererWithoutBrowser } from "../support/recording-renderer.ts";
import { PNG_SIGNATURE, reportSession } from "../support/report-fixtures.ts";
import { startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Card pictures (Superset's thumbnails): list rows name `/api/v1/{chart|dashboard}/{id}/thumbnail/{digest}/`,
 * which answers 202 while the picture is drawn in the background as the viewer, then the PNG.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

async function rowOf(s: TestServer, token: string, kind: "chart" | "dashboard", id: number) {
  const res = await s.call("GET", `/api/v1/${kind}/?q=(page_size:100)`, { token });
  expect(res.status).toBe(200);
  return ((await json(res)).result as Json[]).find((r) => r.id === id)!;
}

/** Asks for the picture until it is no longer being drawn. */
async function settled(s: TestServer, token: string, url: string) {
  let last: Response | undefined;
  await expect
    .poll(
      async () => {
        last = await s.call("GET", url, { token });
        if (last.status !== 202) return "done";
        return (await json(last.clone())).task_status === "Error" ? "done" : "drawing";
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe("done");
  return last!;
}

const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe.skipIf(!findChromium())("thumbnails (Chromium)", () => {
  let s: TestServer;
  let admin: string;
  let chart: number;
  let dashboard: number;

  beforeAll(async () => {
    s = await startTestServer({ examples: ["birth_names"] });
    const api = await reportSession(s);
    admin = api.admin;
    chart = await api.chart("Thumbnail table", "table");
    dashboard = await api.dashboard("Thumbnail dashboard", 7);
  }, 120_000);
  afterAll(() => s?.close());

  it("draws a chart's and a dashboard's card picture, at most 600 px wide, the dashboard's top screenful", async () => {
    for (const [kind, id] of [
      ["chart", chart],
      ["dashboard", dashboard],
    ] as const) {
      const url = (await rowOf(s, admin, kind, id)).thumbnail_url as string;
      const first = await s.call("GET", url, { token: admin });
      expect(first.status).toBe(202);
      expect(await json(first)).toMatchObject({ task_status: "Pending" });
      const res = await settled(s, admin, url);
      expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      const size = pngSize(bytes);
      // The page's width at three quarters (a chart's own box sits inside the page's margins).
      expect(size.width).toBeGreaterThan(500);
      expect(size.width).toBeLessThanOrEqual(600);
      // Seven charts make a dashboard taller than 1,200 px: only its top is in the picture.
      expect(size.height).toBeLessThanOrEqual(450);
      expect(size.height).toBeGreaterThan(100);
    }
  }, 180_000);
});

describe("thumbnails: addresses, access and drawings", () => {
  const { renderer: recorder, jobs, options } = recordingRenderer();
  let s: TestServer;
  let api: Awaited<ReturnType<typeof reportSession>>;
  let admin: string;
  let alpha: string;
  let gamma: string;
  let chart: number;
  let dashboard: number;

  beforeAll(async () => {
    s = await startTestServer({ examples: ["birth_names"], reportRenderer: recorder });
    api = await reportSession(s);
    admin = api.admin;
    chart = await api.chart("Recorded thumbnail", "table");
    alpha = await userWithRoles(s, admin, "thumb_alpha", ["Alpha"]);
    gamma = await userWithRoles(s, admin, "thumb_gamma", ["Gamma"]);
    dashboard = await createDashboard(s, admin, "Thumbnails", {
      published: true,
      position_json: oneRowLayout([chart]),
    });
    const dataset = (await json(await s.call("GET", `/api/v1/chart/${chart}`, { token: admin }))).result
      .datasource_id as number;
    await createRlsRule(s, admin, {
      name: "alpha sees girls",
      filter_type: "Regular",
      tables: [dataset],
      roles: ["Alpha"],
      clause: "gender = 'girl'",
    });
  }, 120_000);
  afterAll(() => s?.close());

  it("gives each viewer their own address, drawn with their own data, once however often it is asked for", async () => {
    const mine = (await rowOf(s, admin, "chart", chart)).thumbnail_url as string;
    const theirs = (await rowOf(s, alpha, "chart", chart)).thumbnail_url as string;
    expect(mine).toMatch(new RegExp(`^/api/v1/chart/${chart}/thumbnail/[0-9a-f]+-[0-9a-f]+/$`));
    expect(theirs).not.toBe(mine);
    const detail = await json(await s.call("GET", `/api/v1/chart/${chart}`, { token: admin }));
    expect(detail.result.thumbnail_url).toBe(mine);

    const before = jobs.length;
    const replies = await Promise.all(Array.from({ length: 4 }, () => s.call("GET", mine, { token: admin })));
    expect(replies.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    expect((await settled(s, admin, mine)).status).toBe(200);
    expect((await settled(s, alpha, theirs)).status).toBe(200);
    const drawn = jobs.slice(before);
    expect(drawn).toHaveLength(2);
    const genders = drawn.map((job) =>
      ((job.charts[0].queriesData[0] as Json).data as Json[]).map((r) => r.gender).sort(),
    );
    // The admin's picture shows every row, Alpha's only what its RLS rule lets it read.
    expect(genders).toEqual(expect.arrayContaining([["boy", "girl"], ["girl"]]));
    expect(drawn[0]).toMatchObject({ kind: "chart", width: 800 });
    expect(options.slice(before).map((o) => o.scale)).toEqual([0.75, 0.75]);
    // Made: answered at once, and not drawn again.
    const again = await s.call("GET", mine, { token: admin });
    expect(again.status).toBe(200);
    expect(again.headers.get("cache-control")).toMatch(/private/);
    expect(jobs.length).toBe(before + 2);
  });

  it("redirects an old or another viewer's digest to the caller's current one", async () => {
    const mine = (await rowOf(s, admin, "chart", chart)).thumbnail_url as string;
    const theirs = (await rowOf(s, alpha, "chart", chart)).thumbnail_url as string;
    const other = await s.call("GET", theirs, { token: admin });
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe(mine);
    // An edit is a new version: a new address, and the old one leads to it.
    const saved = await s.call("PUT", `/api/v1/chart/${chart}`, {
      token: admin,
      body: { description: "edited" },
    });
    expect(saved.status).toBe(200);
    const edited = (await rowOf(s, admin, "chart", chart)).thumbnail_url as string;
    expect(edited).not.toBe(mine);
    const old = await s.call("GET", mine, { token: admin });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(edited);
    expect((await s.call("GET", edited, { token: admin })).status).toBe(202);
  });

  it("gives a dashboard a new address when a chart on it is edited, not only when it is", async () => {
    const listed = async () => (await rowOf(s, admin, "dashboard", dashboard)).thumbnail_url as string;
    const shown = async () =>
      (await json(await s.call("GET", `/api/v1/dashboard/${dashboard}`, { token: admin }))).result
        .thumbnail_url as string;
    const before = await listed();
    expect(await shown()).toBe(before);
    const charts = await json(await s.call("GET", `/api/v1/dashboard/${dashboard}/charts`, { token: admin }));
    expect(charts.result.map((c: Json) => c.id)).toContain(chart);

    const saved = await s.call("PUT", `/api/v1/chart/${chart}`, {
      token: admin,
      body: { description: "a chart on the dashboard, edited" },
    });
    expect(saved.status).toBe(200);
    const after = await listed();
    expect(after).not.toBe(before);
    expect(await shown()).toBe(after);
    const old = await s.call("GET", before, { token: admin });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(after);
    // A chart elsewhere changes nothing here.
    const elsewhere = await api.chart("Not on the dashboard", "table");
    await s.call("PUT", `/api/v1/chart/${elsewhere}`, { token: admin, body: { description: "edited" } });
    expect(await listed()).toBe(after);
  });

  it("draws a dashboard's top screenful at 1,600 px, scaled to a card", async () => {
    const url = (await rowOf(s, admin, "dashboard", dashboard)).thumbnail_url as string;
    expect(url).toMatch(new RegExp(`^/api/v1/dashboard/${dashboard}/thumbnail/`));
    const before = jobs.length;
    expect((await settled(s, admin, url)).status).toBe(200);
    // The previous test's edited chart may be drawn meanwhile: find the dashboard's drawing.
    const at = jobs.findIndex((job, i) => i >= before && job.kind === "dashboard");
    expect(jobs[at]).toMatchObject({ width: 1600, title: "Thumbnails" });
    expect(options[at]).toMatchObject({ scale: 0.375, clipHeight: 1200 });
  });

  it("asks only the data of the charts in a tall dashboard's top screenful", async () => {
    // Twelve charts, three to a 400 px row: the fourth row starts at 1,200 px, below the picture.
    const tall = await api.dashboard("Tall thumbnails", 12);
    const url = (await rowOf(s, admin, "dashboard", tall)).thumbnail_url as string;
    const before = jobs.length;
    expect((await settled(s, admin, url)).status).toBe(200);
    const drawn = jobs.find((job, i) => i >= before && job.title === "Tall thumbnails");
    expect(drawn?.charts.map((c) => c.title)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Chart number ${i + 1}`),
    );
    expect(drawn?.rows).toHaveLength(3);
  });

  it("refuses those who cannot read the object, guests and anonymous callers, and bad input", async () => {
    const url = (await rowOf(s, admin, "chart", chart)).thumbnail_url as string;
    // Gamma may not read the chart (its dataset is not theirs): as if it did not exist.
    const denied = await s.call("GET", url, { token: gamma });
    expect(denied.status).toBe(404);
    expect((await json(denied)).message).toBeTruthy();
    const guest = await guestTokenFor(s, admin, dashboard, { username: "thumb-visitor" });
    const asGuest = await callAsGuest(s, guest, "GET", url);
    expect(asGuest.status).toBe(403);
    expect((await s.call("GET", url)).status).toBe(401);
    const bad = await s.call("GET", `${url}?q=${encodeURIComponent("(force:'yes')")}`, { token: admin });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await json(bad))).toMatch(/force/);
    expect((await s.call("GET", `/api/v1/chart/999999/thumbnail/1-1/`, { token: admin })).status).toBe(404);
    expect(
      (await s.call("GET", `/api/v1/chart/${chart}/thumbnail/..%2F..%2Fetc/`, { token: admin })).status,
    ).toBe(404);
  });

  it("draws again when forced, showing the older picture to plain requests meanwhile", async () => {
    const url = (await rowOf(s, admin, "chart", chart)).thumbnail_url as string;
    expect((await settled(s, admin, url)).status).toBe(200);
    await expect.poll(() => jobs.filter((j) => j.kind === "chart").length).toBeGreaterThan(0);
    const before = jobs.length;
    const forced = await s.call("GET", `${url}?q=(force:!t)`, { token: admin });
    expect(forced.status).toBe(202);
    expect(await json(forced)).toMatchObject({ task_status: "Pending" });
    expect((await s.call("GET", url, { token: admin })).status).toBe(200);
    await expect.poll(() => jobs.length, { timeout: 30_000 }).toBe(before + 1);
  });
});

describe("thumbnails without a browser", () => {
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
    chart = await api.chart("Thumbnail without browser", "table");
  }, 120_000);
  afterAll(() => s?.close());

  it("ends the drawing with how to get a browser, and does not try again at once", async () => {
    const url = (await rowOf(s, admin, "chart", chart)).thumbnail_url as string;
    const res = await settled(s, admin, url);
    expect(res.status).toBe(202);
    const reply = await json(res);
    expect(reply).toMatchObject({ task_status: "Error" });
    expect(reply.message).toContain(NO_CHROMIUM);
    const again = await json(await s.call("GET", url, { token: admin }));
    expect(again).toMatchObject({ task_status: "Error", task_updated_at: reply.task_updated_at });
  }, 120_000);
});
