import { describe, expect, it } from "vitest";
import type { DashboardChartRow, DashboardResponse } from "./dashboard-types";
import { hydrate, parseLayout, serializeLayout } from "./hydrate";
import { chartIdsUnder } from "./layout-tree";
import { staggerDelays } from "./refresh";
import { sampleLayout } from "./test-layouts";

const dashboard = (extra: Partial<DashboardResponse> = {}): DashboardResponse => ({
  id: 5,
  dashboard_title: "Births",
  slug: null,
  url: "/superset/dashboard/5/",
  published: true,
  css: null,
  json_metadata: JSON.stringify({
    native_filter_configuration: [{ id: "NATIVE_FILTER-a", type: "NATIVE_FILTER" }],
    refresh_frequency: 30,
  }),
  position_json: null,
  owners: [{ id: 1, first_name: "A", last_name: "B" }],
  certified_by: null,
  certification_details: null,
  last_modified_time: 1700000000.5,
  ...extra,
});
const chart = (id: number): DashboardChartRow => ({
  id,
  slice_name: `Chart ${id}`,
  viz_type: "pie",
  datasource_id: 3,
  params: JSON.stringify({ viz_type: "pie", groupby: ["gender"] }),
});

describe("hydration (001 §4)", () => {
  it("parses json_metadata into metadata and lays charts out in rows without position_json", () => {
    const h = hydrate(dashboard(), [1, 2, 3, 4].map(chart), []);
    expect(h.metadata.refresh_frequency).toBe(30);
    expect(h.metadata.native_filter_configuration).toHaveLength(1);
    expect(h.info).toMatchObject({ id: 5, title: "Births", css: "", lastModifiedTime: 1700000000.5 });
    const rows = h.layout.GRID_ID.children.map((id) => h.layout[id]);
    expect(rows.map((r) => r.type)).toEqual(["ROW", "ROW"]);
    expect(rows.map((r) => r.children.length)).toEqual([3, 1]);
    const first = h.layout[rows[0].children[0]];
    expect(first.meta).toMatchObject({ chartId: 1, width: 4, height: 50, sliceName: "Chart 1" });
    expect(h.layout.HEADER_ID.meta.text).toBe("Births");
    expect(h.charts[2].formData).toMatchObject({
      viz_type: "pie",
      datasource: "3__table",
      slice_id: 2,
      groupby: ["gender"],
    });
  });

  it("keeps position_json and appends charts missing from it", () => {
    const position = serializeLayout(sampleLayout());
    const h = hydrate(dashboard({ position_json: position }), [1, 2, 3, 4, 9].map(chart), []);
    expect(h.layout["TABS-1"].children).toEqual(["TAB-1", "TAB-2"]);
    expect(chartIdsUnder(h.layout, "ROOT_ID").sort()).toEqual([1, 2, 3, 4, 9]);
    expect(h.layout["CHART-a"].meta.sliceName).toBe("Chart 1");
  });

  it("survives broken JSON", () => {
    expect(parseLayout("{nope")).toBeNull();
    expect(
      parseLayout(JSON.stringify({ ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GONE"] } }))?.ROOT_ID
        .children,
    ).toEqual([]);
    const h = hydrate(dashboard({ json_metadata: "[1,2]", position_json: "{" }), [chart(1)], []);
    expect(h.metadata).toEqual({});
    expect(chartIdsUnder(h.layout, "ROOT_ID")).toEqual([1]);
  });
});

describe("auto-refresh stagger (001 §9)", () => {
  it("spreads refreshes over the smaller of the interval and the stagger time (5000 ms default)", () => {
    expect(staggerDelays(3, 60_000, {})).toEqual([0, 2500, 5000]);
    expect(staggerDelays(3, 2_000, {})).toEqual([0, 1000, 2000]);
    expect(staggerDelays(3, 60_000, { stagger_time: 1000 })).toEqual([0, 500, 1000]);
    expect(staggerDelays(3, 60_000, { stagger_refresh: false })).toEqual([0, 0, 0]);
    expect(staggerDelays(3, 60_000, { stagger_refresh: "false" })).toEqual([0, 0, 0]);
    expect(staggerDelays(1, 60_000, {})).toEqual([0]);
    expect(staggerDelays(0, 60_000, {})).toEqual([]);
  });
});
