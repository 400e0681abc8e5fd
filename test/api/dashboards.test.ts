import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneRowLayout } from "../support/dashboard-fixtures.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;
let dash: Json;
let chartId: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
  dash = await json(
    await s.call("POST", "/api/v1/dashboard/", {
      token: admin,
      body: { dashboard_title: "Births", json_metadata: '{"color_scheme":"supersetColors"}' },
    }),
  );
  chartId = (
    await json(
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: {
          slice_name: "c",
          viz_type: "pie",
          datasource_id: birth,
          datasource_type: "table",
          dashboards: [dash.id],
        },
      }),
    )
  ).id;
});
afterAll(() => s.close());

describe("dashboard endpoints", () => {
  it("saves native filter changes: add, reorder, delete", async () => {
    const f1 = {
      id: "NATIVE_FILTER-a1",
      name: "Gender",
      filterType: "filter_select",
      targets: [{ datasetId: 1, column: { name: "gender" } }],
    };
    const f2 = { id: "NATIVE_FILTER-b2", name: "State", filterType: "filter_select", targets: [] };
    let res = await json(
      await s.call("PUT", `/api/v1/dashboard/${dash.id}/filters`, {
        token: admin,
        body: { modified: [f1, f2] },
      }),
    );
    expect(res.result.map((f: Json) => f.id)).toEqual(["NATIVE_FILTER-a1", "NATIVE_FILTER-b2"]);
    res = await json(
      await s.call("PUT", `/api/v1/dashboard/${dash.id}/filters`, {
        token: admin,
        body: { reordered: ["NATIVE_FILTER-b2", "NATIVE_FILTER-a1"] },
      }),
    );
    expect(res.result.map((f: Json) => f.id)).toEqual(["NATIVE_FILTER-b2", "NATIVE_FILTER-a1"]);
    res = await json(
      await s.call("PUT", `/api/v1/dashboard/${dash.id}/filters`, {
        token: admin,
        body: { deleted: ["NATIVE_FILTER-b2"] },
      }),
    );
    expect(res.result.map((f: Json) => f.id)).toEqual(["NATIVE_FILTER-a1"]);
    const bad = await s.call("PUT", `/api/v1/dashboard/${dash.id}/filters`, {
      token: admin,
      body: { modified: [{ id: "x" }] },
    });
    expect(bad.status).toBe(422);
    const meta = JSON.parse(
      (await json(await s.call("GET", `/api/v1/dashboard/${dash.id}`, { token: admin }))).result
        .json_metadata,
    );
    expect(meta.native_filter_configuration).toHaveLength(1);
    expect(meta.color_scheme).toBe("supersetColors");
  });

  it("saves colours into json_metadata", async () => {
    const res = await json(
      await s.call("PUT", `/api/v1/dashboard/${dash.id}/colors?mark_updated=false`, {
        token: admin,
        body: { color_scheme: "bnbColors", label_colors: { boy: "#00f" } },
      }),
    );
    expect(res.result).toMatchObject({ color_scheme: "bnbColors", label_colors: { boy: "#00f" } });
    expect(res.result.native_filter_configuration).toHaveLength(1);
  });

  it("answers 409 when a save is based on a stale read, and keeps the first save", async () => {
    const loaded = (await json(await s.call("GET", `/api/v1/dashboard/${dash.id}`, { token: admin }))).result
      .last_modified_time;
    const first = await s.call("PUT", `/api/v1/dashboard/${dash.id}`, {
      token: admin,
      body: { css: ".a{}", last_modified_time: loaded },
    });
    expect(first.status).toBe(200);
    const second = await s.call("PUT", `/api/v1/dashboard/${dash.id}`, {
      token: admin,
      body: { css: ".b{}", last_modified_time: loaded },
    });
    expect(second.status).toBe(409);
    expect((await json(second)).message).toMatch(/changed by someone else/);
    expect(
      (await json(await s.call("GET", `/api/v1/dashboard/${dash.id}`, { token: admin }))).result.css,
    ).toBe(".a{}");
  });

  it("copies a dashboard with its charts, or with duplicated charts", async () => {
    const same = await json(
      await s.call("POST", `/api/v1/dashboard/${dash.id}/copy/`, {
        token: admin,
        body: { dashboard_title: "Copy", duplicate_slices: false },
      }),
    );
    const charts = await json(
      await s.call("GET", `/api/v1/dashboard/${same.result.id}/charts`, { token: admin }),
    );
    expect(charts.result.map((c: Json) => c.id)).toEqual([chartId]);
    const dup = await json(
      await s.call("POST", `/api/v1/dashboard/${dash.id}/copy/`, {
        token: admin,
        body: { dashboard_title: "Dup", duplicate_slices: true },
      }),
    );
    const dupCharts = await json(
      await s.call("GET", `/api/v1/dashboard/${dup.result.id}/charts`, { token: admin }),
    );
    expect(dupCharts.result).toHaveLength(1);
    expect(dupCharts.result[0].id).not.toBe(chartId);
  });

  it("lists the datasets of its charts and stores permalinks", async () => {
    const ds = await json(await s.call("GET", `/api/v1/dashboard/${dash.id}/datasets`, { token: admin }));
    expect(ds.result.map((d: Json) => d.table_name)).toEqual(["birth_names"]);
    expect(ds.result[0].metrics.length).toBeGreaterThan(0);
    const link = await json(
      await s.call("POST", `/api/v1/dashboard/${dash.id}/permalink`, {
        token: admin,
        body: {
          dataMask: { "NATIVE_FILTER-a1": { filterState: { value: ["boy"] } } },
          activeTabs: ["TAB-1"],
        },
      }),
    );
    expect(link.url).toMatch(/\/superset\/dashboard\/p\/.+\/$/);
    const state = await json(
      await s.call("GET", `/api/v1/dashboard/permalink/${link.key}`, { token: admin }),
    );
    expect(state.state.activeTabs).toEqual(["TAB-1"]);
    const gamma = await userWithRoles(s, admin, "pgamma", ["Gamma"]);
    expect((await s.call("GET", `/api/v1/dashboard/permalink/${link.key}`, { token: gamma })).status).toBe(
      404,
    );
  });

  it("keeps the charts on a dashboard in step with its layout", async () => {
    const d = await json(
      await s.call("POST", "/api/v1/dashboard/", { token: admin, body: { dashboard_title: "Layout" } }),
    );
    await s.call("PUT", `/api/v1/dashboard/${d.id}`, {
      token: admin,
      body: { position_json: oneRowLayout([chartId]) },
    });
    expect(
      (await json(await s.call("GET", `/api/v1/dashboard/${d.id}/charts`, { token: admin }))).result.map(
        (c: Json) => c.id,
      ),
    ).toEqual([chartId]);
    await s.call("PUT", `/api/v1/dashboard/${d.id}`, {
      token: admin,
      body: { position_json: oneRowLayout([]) },
    });
    expect(
      (await json(await s.call("GET", `/api/v1/dashboard/${d.id}/charts`, { token: admin }))).result,
    ).toEqual([]);
    // The chart stays on the first dashboard.
    expect(
      (await json(await s.call("GET", `/api/v1/dashboard/${dash.id}/charts`, { token: admin }))).result.map(
        (c: Json) => c.id,
      ),
    ).toContain(chartId);
  });

  it("reads a dashboard's charts by id as its page loads, not every chart, layout or dataset", async () => {
    const birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
    const d = await json(
      await s.call("POST", "/api/v1/dashboard/", {
        token: admin,
        body: { dashboard_title: "Narrow", slug: "narrow" },
      }),
    );
    const chart = async (name: string, dashboards: number[] = []) =>
      (
        await json(
          await s.call("POST", "/api/v1/chart/", {
            token: admin,
            body: {
              slice_name: name,
              viz_type: "pie",
              datasource_id: birth,
              datasource_type: "table",
              dashboards,
            },
          }),
        )
      ).id as number;
    for (let i = 0; i < 5; i++) await chart(`elsewhere ${i}`);
    const placed = await chart("placed");
    await s.call("PUT", `/api/v1/dashboard/${d.id}`, {
      token: admin,
      body: { position_json: oneRowLayout([placed]) },
    });
    // Attached from the chart side after the layout's save (a save drops charts it doesn't place).
    const attached = await chart("attached", [d.id]);
    const meta = s.runtime.core.deps.meta;
    // Once, so any first-use indexing of older items is behind us; then nothing is kept from
    // earlier reads, so each read below goes to the store.
    await s.call("GET", `/api/v1/chart/${placed}`, { token: admin });
    meta.cache.clear();
    const before = meta.reads.chart ?? 0;
    const [datasetsBefore, layoutsBefore] = [meta.reads.dataset ?? 0, meta.reads.dashboard ?? 0];
    // By its slug: through the slug's claim, not by looking through every dashboard.
    expect((await json(await s.call("GET", "/api/v1/dashboard/narrow", { token: admin }))).result.id).toBe(
      d.id,
    );
    const charts = await json(await s.call("GET", `/api/v1/dashboard/${d.id}/charts`, { token: admin }));
    expect(charts.result.map((c: Json) => c.id).sort()).toEqual([placed, attached].sort());
    const datasets = await json(await s.call("GET", `/api/v1/dashboard/${d.id}/datasets`, { token: admin }));
    expect(datasets.result.map((x: Json) => x.id)).toEqual([birth]);
    expect(meta.reads.chart ?? 0).toBe(before);
    // A chart's page finds the dashboards placing it by index too, not by reading every layout.
    const detail = await json(await s.call("GET", `/api/v1/chart/${placed}`, { token: admin }));
    expect(detail.result.dashboards).toEqual([{ id: d.id, dashboard_title: "Narrow" }]);
    // Nor every dataset (with its columns) to check access to the charts' own.
    expect([meta.reads.dataset ?? 0, meta.reads.dashboard ?? 0]).toEqual([datasetsBefore, layoutsBefore]);
  });

  it("lets the roles named on a draft dashboard see it (role-based access)", async () => {
    const roles = await json(
      await s.call("GET", "/api/v1/security/roles/?q=(page_size:100)", { token: admin }),
    );
    const role = await json(
      await s.call("POST", "/api/v1/security/roles/", { token: admin, body: { name: "Viewers" } }),
    );
    const gammaRole = roles.result.find((r: Json) => r.name === "Gamma").id;
    const draft = await json(
      await s.call("POST", "/api/v1/dashboard/", {
        token: admin,
        body: { dashboard_title: "Team only", roles: [role.id] },
      }),
    );
    const viewer = await userWithRoles(s, admin, "viewer", ["Gamma", "Viewers"]);
    const outsider = await userWithRoles(s, admin, "outsider", ["Gamma"]);
    expect((await s.call("GET", `/api/v1/dashboard/${draft.id}`, { token: viewer })).status).toBe(200);
    expect((await s.call("GET", `/api/v1/dashboard/${draft.id}`, { token: outsider })).status).toBe(404);
    // Seeing is not editing: only owners (and admins) may change it.
    expect(
      (await s.call("PUT", `/api/v1/dashboard/${draft.id}`, { token: viewer, body: { css: "x" } })).status,
    ).toBe(403);
    expect(gammaRole).toBeGreaterThan(0);
  });

  it("refuses edits, filters and colours to non-owners", async () => {
    await s.call("PUT", `/api/v1/dashboard/${dash.id}`, { token: admin, body: { published: true } });
    const alpha = await userWithRoles(s, admin, "dalpha", ["Alpha"]);
    expect((await s.call("GET", `/api/v1/dashboard/${dash.id}`, { token: alpha })).status).toBe(200);
    for (const [method, path, body] of [
      ["PUT", `/api/v1/dashboard/${dash.id}`, { published: false }],
      ["PUT", `/api/v1/dashboard/${dash.id}/filters`, { deleted: ["NATIVE_FILTER-a1"] }],
      ["PUT", `/api/v1/dashboard/${dash.id}/colors`, { color_scheme: "x" }],
    ] as const) {
      const res = await s.call(method, path, { token: alpha, body });
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe("You do not have permission to edit this dashboard");
    }
    const copy = await s.call("POST", `/api/v1/dashboard/${dash.id}/copy/`, {
      token: alpha,
      body: { dashboard_title: "Mine" },
    });
    expect(copy.status).toBe(201);
  });
});
