import { encodeRison } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

let s: TestServer;
let admin: string;
let birth: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const q = (v: unknown) => encodeURIComponent(encodeRison(v));

const chartBody = (over: Record<string, unknown> = {}) => ({
  slice_name: "Births by gender",
  viz_type: "echarts_timeseries_bar",
  datasource_id: birth,
  datasource_type: "table",
  params: JSON.stringify({ viz_type: "echarts_timeseries_bar", metrics: ["count"], groupby: ["gender"] }),
  ...over,
});

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

describe("charts", () => {
  it("saves a chart, adds it to a new dashboard and lists it with its dashboards", async () => {
    const dash = await json(
      await s.call("POST", "/api/v1/dashboard/", { token: admin, body: { dashboard_title: "Births" } }),
    );
    const res = await s.call("POST", "/api/v1/chart/", {
      token: admin,
      body: chartBody({ dashboards: [dash.id] }),
    });
    expect(res.status).toBe(201);
    const chart = await json(res);
    expect(chart.result).toMatchObject({
      slice_name: "Births by gender",
      url: `/explore/?slice_id=${chart.id}`,
      datasource_name_text: "main.birth_names",
    });
    expect(chart.result.dashboards).toEqual([{ id: dash.id, dashboard_title: "Births" }]);
    const onDash = await json(
      await s.call(
        "GET",
        `/api/v1/chart/?q=${q({ filters: [{ col: "dashboards", opr: "rel_m_m", value: dash.id }] })}`,
        { token: admin },
      ),
    );
    expect(onDash.ids).toEqual([chart.id]);
    const dashCharts = await json(
      await s.call("GET", `/api/v1/dashboard/${dash.id}/charts`, { token: admin }),
    );
    expect(dashCharts.result[0].form_data.groupby).toEqual(["gender"]);
  });

  it("names each chart's dashboards in the list when the charts are on many, and follows a rename", async () => {
    // More dashboards than are read one by one: the list takes their titles from the whole list.
    const dashboards: number[] = [];
    for (let i = 0; i < 23; i++)
      dashboards.push(
        (
          await json(
            await s.call("POST", "/api/v1/dashboard/", {
              token: admin,
              body: { dashboard_title: `Many ${i}` },
            }),
          )
        ).id,
      );
    const chart = await json(
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: chartBody({ slice_name: "On many dashboards", dashboards }),
      }),
    );
    const listed = async () => {
      const list = await json(
        await s.call(
          "GET",
          `/api/v1/chart/?q=${q({ filters: [{ col: "id", opr: "eq", value: chart.id }] })}`,
          {
            token: admin,
          },
        ),
      );
      return (list.result[0].dashboards as { id: number; dashboard_title: string }[])
        .map((d) => `${d.id} ${d.dashboard_title}`)
        .sort();
    };
    expect(await listed()).toEqual(dashboards.map((id, i) => `${id} Many ${i}`).sort());
    await s.call("PUT", `/api/v1/dashboard/${dashboards[3]}`, {
      token: admin,
      body: { dashboard_title: "Renamed" },
    });
    expect(await listed()).toContain(`${dashboards[3]} Renamed`);
  });

  it("overwrites a chart and refuses invalid params, unknown datasets and dashboards", async () => {
    const chart = await json(
      await s.call("POST", "/api/v1/chart/", { token: admin, body: chartBody({ slice_name: "To edit" }) }),
    );
    const put = await s.call("PUT", `/api/v1/chart/${chart.id}`, {
      token: admin,
      body: { slice_name: "Edited", params: JSON.stringify({ metrics: ["count"] }) },
    });
    expect(put.status).toBe(200);
    expect((await json(put)).result.slice_name).toBe("Edited");
    expect(
      (await s.call("PUT", `/api/v1/chart/${chart.id}`, { token: admin, body: { params: "{nope" } })).status,
    ).toBe(400);
    expect(
      (await s.call("POST", "/api/v1/chart/", { token: admin, body: chartBody({ datasource_id: 9999 }) }))
        .status,
    ).toBe(422);
    expect(
      (await s.call("POST", "/api/v1/chart/", { token: admin, body: chartBody({ dashboards: [9999] }) }))
        .status,
    ).toBe(422);
  });

  it("filters with chart_all_text, viz_type and favourites", async () => {
    await s.call("POST", "/api/v1/chart/", {
      token: admin,
      body: chartBody({ slice_name: "Pie of states", viz_type: "pie" }),
    });
    const text = await json(
      await s.call(
        "GET",
        `/api/v1/chart/?q=${q({ filters: [{ col: "slice_name", opr: "chart_all_text", value: "pie of" }] })}`,
        { token: admin },
      ),
    );
    expect(text.result.map((r: Json) => r.slice_name)).toEqual(["Pie of states"]);
    const pie = text.ids[0];
    expect((await s.call("POST", `/api/v1/chart/${pie}/favorites/`, { token: admin })).status).toBe(200);
    const favs = await json(
      await s.call(
        "GET",
        `/api/v1/chart/?q=${q({ filters: [{ col: "id", opr: "chart_is_favorite", value: true }] })}`,
        { token: admin },
      ),
    );
    expect(favs.ids).toEqual([pie]);
    const status = await json(
      await s.call("GET", `/api/v1/chart/favorite_status/?q=!(${pie})`, { token: admin }),
    );
    expect(status.result).toEqual([{ id: pie, value: true }]);
    const viz = await json(await s.call("GET", "/api/v1/chart/distinct/viz_type", { token: admin }));
    // Includes the example dashboard's charts.
    expect(viz.result.map((r: Json) => r.value)).toEqual([
      "big_number_total",
      "echarts_timeseries_bar",
      "echarts_timeseries_line",
      "pie",
      "table",
    ]);
  });

  it("hides charts on inaccessible datasets from Gamma, and only owners may edit", async () => {
    const gamma = await userWithRoles(s, admin, "gchart", ["Gamma"]);
    const list = await json(await s.call("GET", "/api/v1/chart/", { token: gamma }));
    expect(list.count).toBe(0);
    const any = (await json(await s.call("GET", "/api/v1/chart/", { token: admin }))).ids[0];
    expect((await s.call("GET", `/api/v1/chart/${any}`, { token: gamma })).status).toBe(404);
    expect((await s.call("POST", `/api/v1/chart/${any}/favorites/`, { token: gamma })).status).toBe(404);
    const alpha = await userWithRoles(s, admin, "achart", ["Alpha"]);
    const res = await s.call("PUT", `/api/v1/chart/${any}`, { token: alpha, body: { slice_name: "hijack" } });
    expect(res.status).toBe(403);
    expect((await json(res)).errors[0]).toMatchObject({
      error_type: "MISSING_OWNERSHIP_ERROR",
      extra: { owners: ["Strata Admin"] },
    });
    const tag = await json(
      await s.call("POST", "/api/v1/tag/bulk_create", {
        token: alpha,
        body: { tags: ["x"], objects_to_tag: [["chart", any]] },
      }),
    );
    expect(tag.result.objects_skipped).toEqual([["chart", any]]);
  });
});

describe("dashboards (resource)", () => {
  it("applies the save rules: untitled title, null slug, certification needs a certifier", async () => {
    const d = await json(
      await s.call("POST", "/api/v1/dashboard/", {
        token: admin,
        body: { dashboard_title: "  ", slug: "", certification_details: "x" },
      }),
    );
    expect(d.result).toMatchObject({
      dashboard_title: "[ untitled dashboard ]",
      slug: null,
      css: "",
      certified_by: null,
      certification_details: null,
    });
    const put = await json(
      await s.call("PUT", `/api/v1/dashboard/${d.id}`, {
        token: admin,
        body: { slug: "sales", certified_by: "Team", certification_details: "ok" },
      }),
    );
    expect(put.result).toMatchObject({ slug: "sales", certified_by: "Team", certification_details: "ok" });
    expect((await json(await s.call("GET", "/api/v1/dashboard/sales", { token: admin }))).id).toBe(d.id);
    const other = await json(
      await s.call("POST", "/api/v1/dashboard/", { token: admin, body: { dashboard_title: "Other" } }),
    );
    expect(
      (await s.call("PUT", `/api/v1/dashboard/${other.id}`, { token: admin, body: { slug: "sales" } }))
        .status,
    ).toBe(422);
    expect(
      (await s.call("PUT", `/api/v1/dashboard/${other.id}`, { token: admin, body: { json_metadata: "[1]" } }))
        .status,
    ).toBe(422);
  });

  it("shows drafts only to owners and forbids others to edit", async () => {
    const d = await json(
      await s.call("POST", "/api/v1/dashboard/", { token: admin, body: { dashboard_title: "Draft" } }),
    );
    const gamma = await userWithRoles(s, admin, "gdash", ["Gamma"]);
    expect((await s.call("GET", `/api/v1/dashboard/${d.id}`, { token: gamma })).status).toBe(404);
    await s.call("PUT", `/api/v1/dashboard/${d.id}`, { token: admin, body: { published: true } });
    expect((await s.call("GET", `/api/v1/dashboard/${d.id}`, { token: gamma })).status).toBe(200);
    const res = await s.call("PUT", `/api/v1/dashboard/${d.id}`, {
      token: gamma,
      body: { dashboard_title: "mine" },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe("You do not have permission to edit this dashboard");
    const titles = await json(
      await s.call(
        "GET",
        `/api/v1/dashboard/?q=${q({ filters: [{ col: "dashboard_title", opr: "title_or_slug", value: "draf" }] })}`,
        { token: gamma },
      ),
    );
    expect(titles.count).toBe(1);
  });
});
