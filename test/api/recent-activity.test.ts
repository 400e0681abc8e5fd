import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChart, createDashboard, datasetId } from "../support/dashboard-fixtures.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;
let alice: string;
let bob: string;
let shared: number;
let bobsDraft: number;
let chart: number;

const recent = (token: string, q = "") =>
  s.call("GET", `/api/v1/log/recent_activity/${q ? `?q=${q}` : ""}`, { token });
const send = (token: string, events: Json[]) =>
  s.call("POST", "/superset/log/?explode=events", { token, body: { events } });

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  alice = await userWithRoles(s, admin, "alice", ["Alpha"]);
  bob = await userWithRoles(s, admin, "bob", ["Alpha"]);
  const birth = await datasetId(s, admin, "birth_names");
  shared = await createDashboard(s, admin, "Shared births", { slug: "shared-births", published: true });
  bobsDraft = await createDashboard(s, bob, "Bob's secret plans", { slug: "bob-private", published: false });
  chart = await createChart(s, admin, {
    name: "Births by gender",
    vizType: "table",
    datasetId: birth,
    params: { viz_type: "table", metrics: ["count"], groupby: ["gender"] },
  });
});
afterAll(() => s.close());

describe("GET /api/v1/log/recent_activity/", () => {
  it("lists the caller's own dashboard and chart views, newest first, one per object", async () => {
    const ts = Date.now();
    // The SPA's route log names dashboard pages by slug or id; Explore sends mount_explorer.
    expect(
      (
        await send(alice, [
          { event_name: "spa_navigation", ts, path: `/superset/dashboard/${shared}/` },
          { event_name: "mount_explorer", ts, slice_id: chart },
          { event_name: "spa_navigation", ts, path: "/sqllab/" },
          { event_name: "spa_navigation", ts, path: "/superset/dashboard/shared-births/" },
        ])
      ).status,
    ).toBe(200);

    const res = await recent(alice, "(page_size:5)");
    expect(res.status).toBe(200);
    const { result } = await json(res);
    expect(result).toEqual([
      {
        action: "mount_dashboard",
        item_type: "dashboard",
        item_url: "/superset/dashboard/shared-births/",
        item_title: "Shared births",
        time: expect.any(Number),
        time_delta_humanized: "a few seconds ago",
      },
      {
        action: "mount_explorer",
        item_type: "slice",
        item_url: `/explore/?slice_id=${chart}`,
        item_title: "Births by gender",
        time: expect.any(Number),
        time_delta_humanized: "a few seconds ago",
      },
    ]);
    expect(Math.abs(result[0].time - ts)).toBeLessThan(60_000);

    const all = (await json(await recent(alice, "(distinct:!f)"))).result;
    expect(all.map((r: Json) => r.item_title)).toEqual([
      "Shared births",
      "Births by gender",
      "Shared births",
    ]);
    const second = (await json(await recent(alice, "(page:1,page_size:1)"))).result;
    expect(second.map((r: Json) => r.item_title)).toEqual(["Births by gender"]);
    const onlyCharts = (await json(await recent(alice, "(actions:!(mount_explorer))"))).result;
    expect(onlyCharts.map((r: Json) => r.item_type)).toEqual(["slice"]);

    // Nobody else's trail shows.
    expect((await json(await recent(bob))).result).toEqual([]);
  });

  it("never lists an object the caller cannot read, such as another user's draft dashboard", async () => {
    const ts = Date.now();
    await send(alice, [
      { event_name: "mount_dashboard", ts, dashboard_id: bobsDraft },
      { event_name: "spa_navigation", ts, path: "/superset/dashboard/bob-private/" },
      { event_name: "spa_navigation", ts, path: "/superset/dashboard/no-such-board/" },
      { event_name: "mount_explorer", ts, slice_id: 999_999 },
    ]);
    const titles = (await json(await recent(alice, "(page_size:50)"))).result.map((r: Json) => r.item_title);
    expect(titles).toEqual(["Shared births", "Births by gender"]);
    expect(JSON.stringify(titles)).not.toContain("secret");

    // Bob, the owner, does see his draft from his own views.
    await send(bob, [{ event_name: "spa_navigation", ts, path: "/superset/dashboard/bob-private/" }]);
    expect((await json(await recent(bob))).result.map((r: Json) => r.item_title)).toEqual([
      "Bob's secret plans",
    ]);

    // A deleted chart drops out of the list.
    expect((await s.call("DELETE", `/api/v1/chart/${chart}`, { token: admin })).status).toBe(200);
    const after = (await json(await recent(alice))).result.map((r: Json) => r.item_title);
    expect(after).toEqual(["Shared births"]);
  });

  it("reads the caller's newest batches until the page is full, not their whole year", async () => {
    const carol = await userWithRoles(s, admin, "carol", ["Alpha"]);
    // 300 older batches, then one with the view the first page needs.
    for (let i = 0; i < 300; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          send(carol, [{ event_name: "spa_navigation", path: `/p/${i + j}` }]),
        ),
      );
    await send(carol, [
      { event_name: "spa_navigation", ts: Date.now(), path: `/superset/dashboard/${shared}/` },
    ]);
    const meta = s.runtime.core.deps.meta;
    const before = meta.reads.log ?? 0;
    const { result } = await json(await recent(carol, "(page_size:1)"));
    expect(result.map((r: Json) => r.item_title)).toEqual(["Shared births"]);
    // One page of the owner index (100 batches) of the 301 stored.
    expect((meta.reads.log ?? 0) - before).toBe(100);
    // A page the newest batches can't fill reads on, through all 301.
    const all = meta.reads.log ?? 0;
    expect((await json(await recent(carol, "(page_size:5)"))).result).toHaveLength(1);
    expect((meta.reads.log ?? 0) - all).toBe(301);
  });

  it("answers bad arguments with a 400 and anonymous callers with a 401", async () => {
    for (const q of [
      "(page_size:0)",
      "(page:-1)",
      "(page:99999999999,page_size:99999999999)",
      "(page_size:1e300)",
      "!(1)",
      "(__proto__:(polluted:!t))",
      "(unknown:1)",
      "(actions:x)",
      "not-rison((",
      "(page_size:1000)",
    ]) {
      const res = await recent(alice, encodeURIComponent(q));
      expect(res.status, q).toBe(400);
      expect(typeof (await json(res)).message).not.toBe("undefined");
    }
    expect((await s.call("GET", "/api/v1/log/recent_activity/")).status).toBe(401);
  });
});
