import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneRowLayout } from "../support/dashboard-fixtures.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Issue 9 items 2 and 7: attaching charts to dashboards needs edit rights on both sides, a layout
 * that names someone else's chart does not write to it, and a dashboard save that answers 409 has
 * changed nothing while one that answers 200 has its membership in step.
 */
let s: TestServer;
let admin: string;
let alice: string;
let bob: string;
let gamma: string;
let birth: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

async function chart(token: string, name: string, dashboards: number[] = []) {
  const res = await s.call("POST", "/api/v1/chart/", {
    token,
    body: { slice_name: name, viz_type: "table", datasource_id: birth, datasource_type: "table", dashboards },
  });
  expect(res.status).toBe(201);
  return (await json(res)).id as number;
}
async function dashboard(token: string, title: string, extra: Json = {}) {
  const res = await s.call("POST", "/api/v1/dashboard/", {
    token,
    body: { dashboard_title: title, ...extra },
  });
  expect(res.status).toBe(201);
  return (await json(res)).id as number;
}
const chartDetail = async (id: number) =>
  (await json(await s.call("GET", `/api/v1/chart/${id}`, { token: admin }))).result as Json;
const chartsOn = async (dashboardId: number, token = admin) =>
  ((await json(await s.call("GET", `/api/v1/dashboard/${dashboardId}/charts`, { token }))).result as Json[])
    .map((c) => c.id)
    .sort((a: number, b: number) => a - b);
const lastModified = async (id: number) =>
  (await json(await s.call("GET", `/api/v1/dashboard/${id}`, { token: admin }))).result.last_modified_time;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
  alice = await userWithRoles(s, admin, "alice_rel", ["Alpha"]);
  bob = await userWithRoles(s, admin, "bob_rel", ["Alpha"]);
  gamma = await userWithRoles(s, admin, "gamma_rel", ["Gamma"]);
});
afterAll(() => s.close());

describe("chart ↔ dashboard relations need edit rights on both sides", () => {
  it("refuses to attach a chart to a dashboard the caller can't edit (create and update)", async () => {
    const bobs = await dashboard(bob, "Bob's board", { published: true });
    const create = await s.call("POST", "/api/v1/chart/", {
      token: alice,
      body: {
        slice_name: "x",
        viz_type: "table",
        datasource_id: birth,
        datasource_type: "table",
        dashboards: [bobs],
      },
    });
    expect(create.status).toBe(403);
    expect((await json(create)).message).toMatch(
      /Changing one or more of these dashboards is forbidden: "Bob's board" \(id \d+\)/,
    );
    const mine = await chart(alice, "alice's chart");
    const update = await s.call("PUT", `/api/v1/chart/${mine}`, {
      token: alice,
      body: { dashboards: [bobs] },
    });
    expect(update.status).toBe(403);
    expect(await chartsOn(bobs)).toEqual([]);
    // Bob attaches his own chart; Alice can't detach it from his dashboard either.
    const bobsChart = await chart(bob, "bob's chart", [bobs]);
    expect(await chartsOn(bobs)).toEqual([bobsChart]);
    // Editing both sides works: Alice attaches her chart to her own dashboard.
    const alices = await dashboard(alice, "Alice's board");
    expect(
      (await s.call("PUT", `/api/v1/chart/${mine}`, { token: alice, body: { dashboards: [alices] } })).status,
    ).toBe(200);
    expect(await chartsOn(alices)).toEqual([mine]);
  });

  it("lets a layout place a chart the caller can read without writing to that chart", async () => {
    const bobsChart = await chart(bob, "bob's chart for layouts");
    const before = await chartDetail(bobsChart);
    const alices = await dashboard(alice, "Alice's layout");
    const save = await s.call("PUT", `/api/v1/dashboard/${alices}`, {
      token: alice,
      body: { position_json: oneRowLayout([bobsChart]) },
    });
    expect(save.status).toBe(200);
    // On Alice's dashboard, as the layout says...
    expect(await chartsOn(alices)).toEqual([bobsChart]);
    // ...yet Bob's chart itself is unchanged (version, changed_on, changed_by).
    const after = await chartDetail(bobsChart);
    expect(after.version).toBe(before.version);
    expect(after.changed_on).toBe(before.changed_on);
    expect(after.dashboards.map((d: Json) => d.id)).toEqual([alices]);
    // Bob saving his chart with the dashboards it shows is no change; dropping Alice's is refused.
    expect(
      (await s.call("PUT", `/api/v1/chart/${bobsChart}`, { token: bob, body: { dashboards: [alices] } }))
        .status,
    ).toBe(200);
    const drop = await s.call("PUT", `/api/v1/chart/${bobsChart}`, { token: bob, body: { dashboards: [] } });
    expect(drop.status).toBe(403);
    expect(await chartsOn(alices)).toEqual([bobsChart]);
  });

  it("refuses a layout naming a chart the caller can't see, naming it", async () => {
    const hidden = await chart(admin, "admin only");
    // A user who may write dashboards and charts but has no data access sees no chart.
    await createRoleWith(
      s,
      admin,
      "dash_writer_rel",
      (p) =>
        (p.permission.name === "can_write" || p.permission.name === "can_read") &&
        ["Dashboard", "Chart"].includes(p.view_menu.name),
    );
    const noData = await userWithRoles(s, admin, "nodata_rel", ["dash_writer_rel"]);
    const own = await dashboard(noData, "no data");
    const save = await s.call("PUT", `/api/v1/dashboard/${own}`, {
      token: noData,
      body: { position_json: oneRowLayout([hidden]) },
    });
    expect(save.status).toBe(422);
    expect(JSON.stringify((await json(save)).message)).toContain(`you can't access them: ${hidden}`);
    expect(await chartsOn(own)).toEqual([]);
    // Creating a dashboard with such a layout is refused the same way.
    const born = await s.call("POST", "/api/v1/dashboard/", {
      token: noData,
      body: { dashboard_title: "born with a hidden chart", position_json: oneRowLayout([hidden]) },
    });
    expect(born.status).toBe(422);
  });

  it("copies a dashboard without writing to charts the caller doesn't own", async () => {
    const bobsChart = await chart(bob, "bob's chart for copies");
    const bobs = await dashboard(bob, "Bob's copied board", {
      published: true,
      position_json: oneRowLayout([bobsChart]),
    });
    const before = await chartDetail(bobsChart);
    const copy = await s.call("POST", `/api/v1/dashboard/${bobs}/copy/`, {
      token: alice,
      body: { dashboard_title: "Alice's copy", duplicate_slices: false },
    });
    expect(copy.status).toBe(201);
    const copyId = (await json(copy)).result.id;
    expect(await chartsOn(copyId)).toEqual([bobsChart]);
    const after = await chartDetail(bobsChart);
    expect(after.version).toBe(before.version);
    // A dashboard whose charts are attached only from the chart side: Alice's copy can't
    // attach Bob's chart to her dashboard by writing his chart.
    const sideOnly = await dashboard(bob, "Bob side-only", { published: true });
    const sideChart = await chart(bob, "bob side chart", [sideOnly]);
    const sideBefore = await chartDetail(sideChart);
    const copy2 = await json(
      await s.call("POST", `/api/v1/dashboard/${sideOnly}/copy/`, {
        token: alice,
        body: { dashboard_title: "c2" },
      }),
    );
    expect(await chartsOn(copy2.result.id)).toEqual([]);
    expect((await chartDetail(sideChart)).version).toBe(sideBefore.version);
    // With duplicate_slices she gets her own copies, placed in the copy's layout.
    const dup = await json(
      await s.call("POST", `/api/v1/dashboard/${bobs}/copy/`, {
        token: alice,
        body: { dashboard_title: "dup", duplicate_slices: true },
      }),
    );
    const dupCharts = await chartsOn(dup.result.id);
    expect(dupCharts).toHaveLength(1);
    expect(dupCharts[0]).not.toBe(bobsChart);
    const dupLayout = JSON.parse(
      (await json(await s.call("GET", `/api/v1/dashboard/${dup.result.id}`, { token: admin }))).result
        .position_json,
    );
    expect(dupLayout[`CHART-${bobsChart}`].meta.chartId).toBe(dupCharts[0]);
  });
});

describe("no ghost writes on dashboard saves", () => {
  it("a save that answers 409 changes no chart membership", async () => {
    const a = await chart(alice, "ghost a");
    const b = await chart(alice, "ghost b");
    const d = await dashboard(alice, "ghosts");
    const loaded = await lastModified(d);
    const first = await s.call("PUT", `/api/v1/dashboard/${d}`, {
      token: alice,
      body: { position_json: oneRowLayout([a]), last_modified_time: loaded },
    });
    expect(first.status).toBe(200);
    const bBefore = await chartDetail(b);
    const stale = await s.call("PUT", `/api/v1/dashboard/${d}`, {
      token: alice,
      body: { position_json: oneRowLayout([b]), last_modified_time: loaded },
    });
    expect(stale.status).toBe(409);
    expect(await chartsOn(d)).toEqual([a]);
    const bAfter = await chartDetail(b);
    expect(bAfter.dashboards).toEqual([]);
    expect(bAfter.version).toBe(bBefore.version);
  });

  it("a concurrent pair of saves leaves membership matching the winning layout", async () => {
    const ids = [await chart(alice, "race 1"), await chart(alice, "race 2"), await chart(alice, "race 3")];
    for (let round = 0; round < 5; round++) {
      // A chart attached from the chart side too, which the layouts below drop.
      const d = await dashboard(alice, `race board ${round}`);
      await s.call("PUT", `/api/v1/chart/${ids[2]}`, { token: alice, body: { dashboards: [d] } });
      const loaded = await lastModified(d);
      const layouts = [[ids[0]], [ids[1]]];
      const [r0, r1] = await Promise.all(
        layouts.map((l) =>
          s.call("PUT", `/api/v1/dashboard/${d}`, {
            token: alice,
            body: { position_json: oneRowLayout(l), last_modified_time: loaded },
          }),
        ),
      );
      const statuses = [r0.status, r1.status].sort();
      expect(statuses[0]).toBe(200);
      const winner = r0.status === 200 ? 0 : 1;
      const stored = await json(await s.call("GET", `/api/v1/dashboard/${d}`, { token: admin }));
      expect(stored.result.position_json).toBe(oneRowLayout(layouts[winner]));
      if (statuses[1] === 200) continue; // sequential after all: the later one won
      expect(statuses[1]).toBe(409);
      expect(await chartsOn(d)).toEqual(layouts[winner]);
    }
  });

  it("a save racing edits of its charts answers the truth: 200 with the layout stored, or nothing changed", async () => {
    const charts: number[] = [];
    for (let i = 0; i < 8; i++) charts.push(await chart(alice, `edited while placed ${i}`));
    for (let round = 0; round < 5; round++) {
      const d = await dashboard(alice, `truth ${round}`);
      const [save] = await Promise.all([
        s.call("PUT", `/api/v1/dashboard/${d}`, {
          token: alice,
          body: { position_json: oneRowLayout(charts) },
        }),
        ...charts.flatMap((c) =>
          Array.from({ length: 3 }, (_, i) =>
            s.call("PUT", `/api/v1/chart/${c}`, {
              token: alice,
              body: { description: `edit ${round}.${i}` },
            }),
          ),
        ),
      ]);
      const stored = await json(await s.call("GET", `/api/v1/dashboard/${d}`, { token: admin }));
      if (save.status === 409) {
        // A 409 must mean nothing changed.
        expect(stored.result.position_json).toBeNull();
        expect(await chartsOn(d)).toEqual([]);
        continue;
      }
      // Placing a chart does not write the chart, so its owner's edits can't make the save fail.
      expect(save.status).toBe(200);
      expect(stored.result.position_json).toBe(oneRowLayout(charts));
      expect(await chartsOn(d)).toEqual(charts);
    }
  });

  it("removing a chart from the layout detaches it (also when attached from the chart side)", async () => {
    const c = await chart(alice, "detach me");
    const d = await dashboard(alice, "detach board");
    await s.call("PUT", `/api/v1/chart/${c}`, { token: alice, body: { dashboards: [d] } });
    expect(await chartsOn(d)).toEqual([c]);
    const res = await s.call("PUT", `/api/v1/dashboard/${d}`, {
      token: alice,
      body: { position_json: oneRowLayout([]) },
    });
    expect(res.status).toBe(200);
    expect(await chartsOn(d)).toEqual([]);
    expect((await chartDetail(c)).dashboards).toEqual([]);
  });

  it("Gamma sees only the charts it may read on a dashboard", async () => {
    const d = await dashboard(alice, "published", { published: true });
    const c = await chart(alice, "on published");
    await s.call("PUT", `/api/v1/dashboard/${d}`, {
      token: alice,
      body: { position_json: oneRowLayout([c]) },
    });
    expect(await chartsOn(d, gamma)).toEqual([]);
  });
});
