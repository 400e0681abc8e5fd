import { describe, expect, it } from "vitest";
import type { ChartDataset, FormData } from "../../../components/charts";
import { filterOptionsRequest } from "./chart-request";
import { crossFilterColumn, crossFilterMask, crossFilterScope } from "./cross-filter";
import type { NativeFilter } from "./dashboard-types";
import {
  applyExtraFormData,
  cascadeExtraFormData,
  chartExtraFormData,
  filterError,
  initialDataMask,
  mergeExtraFormData,
  rangeMask,
  selectMask,
  timeGrainMask,
  timeRangeMask,
} from "./data-mask";
import {
  ancestorFilterIds,
  cascadeOrder,
  chartsInScope,
  createsCascadeLoop,
  isFilterInView,
  scopeFromCharts,
  tabsInScope,
} from "./filter-scope";
import { sampleLayout } from "./test-layouts";

const select = (id: string, column: string, extra: Partial<NativeFilter> = {}): NativeFilter => ({
  id,
  type: "NATIVE_FILTER",
  name: column,
  filterType: "filter_select",
  targets: [{ datasetId: 7, column: { name: column } }],
  ...extra,
});

describe("filter scoping", () => {
  const layout = sampleLayout();
  it("applies to the whole dashboard by default, minus excluded charts", () => {
    expect(chartsInScope(select("F1", "gender"), layout).sort()).toEqual([1, 2, 3, 4]);
    expect(
      chartsInScope(
        select("F1", "gender", { scope: { rootPath: ["ROOT_ID"], excluded: [2] } }),
        layout,
      ).sort(),
    ).toEqual([1, 3, 4]);
  });
  it("applies to the charts under its root paths (a tab)", () => {
    const f = select("F1", "gender", { scope: { rootPath: ["TAB-2"], excluded: [] } });
    expect(chartsInScope(f, layout)).toEqual([4]);
    expect(tabsInScope(f, layout)).toEqual(["TAB-2"]);
    expect(isFilterInView(f, layout, new Set([1, 2, 3]))).toBe(false);
    expect(isFilterInView(f, layout, new Set([4]))).toBe(true);
  });
  it("keeps a stored chartsInScope when there is no scope", () => {
    expect(chartsInScope(select("F1", "g", { chartsInScope: [3, 99] }), layout)).toEqual([3]);
  });
  it("builds a scope from chosen charts", () => {
    expect(scopeFromCharts([1, 3], layout)).toEqual({ rootPath: ["ROOT_ID"], excluded: [2, 4] });
  });
});

describe("cascading filters", () => {
  const state = select("F-state", "state");
  const gender = select("F-gender", "gender", { cascadeParentIds: ["F-state"] });
  const name = select("F-name", "name", { cascadeParentIds: ["F-gender"] });
  const filters = [name, gender, state];

  it("narrows a child's options by its ancestors' values", () => {
    const masks = { "F-state": selectMask(state, ["CA"]), "F-gender": selectMask(gender, ["girl"]) };
    expect(ancestorFilterIds("F-name", filters)).toEqual(["F-gender", "F-state"]);
    const parents = cascadeExtraFormData(name, filters, masks);
    expect(parents.filters).toEqual([
      { col: "gender", op: "IN", val: ["girl"] },
      { col: "state", op: "IN", val: ["CA"] },
    ]);
    const req = filterOptionsRequest(name, parents)!;
    expect(req.queries[0].columns).toEqual(["name"]);
    expect(req.queries[0].filters).toHaveLength(2);
    expect(req.datasource).toEqual({ id: 7, type: "table" });
    expect(cascadeExtraFormData(state, filters, masks)).toEqual({});
  });

  it("refuses loops and orders parents before children", () => {
    expect(createsCascadeLoop("F-state", "F-name", filters)).toBe(true);
    expect(createsCascadeLoop("F-name", "F-state", filters)).toBe(false);
    expect(createsCascadeLoop("F-name", "F-name", filters)).toBe(true);
    expect(cascadeOrder(filters).map((x) => [x.filter.id, x.level])).toEqual([
      ["F-state", 0],
      ["F-gender", 1],
      ["F-name", 2],
    ]);
  });
});

describe("data masks", () => {
  it("value filter: IN the values, nothing when empty, NOT IN when inverted", () => {
    const f = select("F1", "gender");
    expect(selectMask(f, ["girl"]).extraFormData).toEqual({
      filters: [{ col: "gender", op: "IN", val: ["girl"] }],
    });
    expect(selectMask(f, []).extraFormData).toEqual({});
    expect(
      selectMask({ ...f, controlValues: { inverseSelection: true } }, ["boy"]).extraFormData.filters?.[0].op,
    ).toBe("NOT IN");
  });

  it("range filter: bounds as >= and <=, not applied while min is not below max (000 §5)", () => {
    const f = select("R", "num", { filterType: "filter_range" });
    expect(rangeMask(f, [10, 20]).extraFormData.filters).toEqual([
      { col: "num", op: ">=", val: 10 },
      { col: "num", op: "<=", val: 20 },
    ]);
    expect(rangeMask(f, [10, null]).extraFormData.filters).toEqual([{ col: "num", op: ">=", val: 10 }]);
    const bad = rangeMask(f, [20, 20]);
    expect(bad.extraFormData).toEqual({});
    expect(bad.filterState.validateMessage).toBe("Minimum must be strictly less than maximum");
    expect(filterError(f, bad)).toBe("Minimum must be strictly less than maximum");
  });

  it("required filters report a missing value", () => {
    const f = select("F1", "gender", { controlValues: { enableEmptyFilter: true } });
    expect(filterError(f, selectMask(f, []))).toBe("Filter value is required");
    expect(filterError(f, selectMask(f, ["boy"]))).toBeNull();
  });

  it("starts from defaults, with given (permalink) masks winning", () => {
    const f = select("F1", "gender", { defaultDataMask: { filterState: { value: ["boy"] } } });
    expect(initialDataMask([f])).toMatchObject({ F1: { extraFormData: { filters: [{ val: ["boy"] }] } } });
    const given = { F1: selectMask(f, ["girl"]) };
    expect(initialDataMask([f], given).F1.filterState.value).toEqual(["girl"]);
  });

  it("merges masks for a chart in scope only, with cross filters from other charts", () => {
    const layout = sampleLayout();
    const f1 = select("F1", "gender", { scope: { rootPath: ["ROOT_ID"], excluded: [2] } });
    const time = { ...select("T", "ds"), filterType: "filter_time" as const };
    const masks = {
      F1: selectMask(f1, ["girl"]),
      T: timeRangeMask(time, "Last year"),
      "1": {
        id: "1",
        extraFormData: { filters: [{ col: "state", op: "IN" as const, val: ["CA"] }] },
        filterState: {},
      },
    };
    expect(chartExtraFormData(2, [f1, time], masks, layout)).toEqual({
      time_range: "Last year",
      filters: [{ col: "state", op: "IN", val: ["CA"] }],
    });
    expect(chartExtraFormData(1, [f1, time], masks, layout)).toEqual({
      filters: [{ col: "gender", op: "IN", val: ["girl"] }],
      time_range: "Last year",
    });
    expect(
      mergeExtraFormData([timeGrainMask(time, "P1D").extraFormData, { time_grain_sqla: "P1M" }]),
    ).toEqual({ time_grain_sqla: "P1M" });
  });

  it("applies extra form data to a chart's form data", () => {
    const dataset = {
      id: 7,
      type: "table",
      table_name: "t",
      columns: [
        { column_name: "ds", is_dttm: true },
        { column_name: "num", type: "BIGINT" },
      ],
      metrics: [],
      main_dttm_col: "ds",
    } as ChartDataset;
    const fd = { datasource: "7__table", viz_type: "table", adhoc_filters: [] } as FormData;
    const out = applyExtraFormData(
      fd,
      { filters: [{ col: "num", op: ">=", val: 3 }], time_range: "Last week", time_grain_sqla: "P1W" },
      dataset,
    );
    expect(out.time_grain_sqla).toBe("P1W");
    expect(out.adhoc_filters).toEqual([
      {
        expressionType: "SIMPLE",
        clause: "WHERE",
        subject: "ds",
        operator: "TEMPORAL_RANGE",
        comparator: "Last week",
        isExtra: true,
      },
      {
        expressionType: "SIMPLE",
        clause: "WHERE",
        subject: "num",
        operator: ">=",
        comparator: 3,
        isExtra: true,
      },
    ]);
    const withRange = {
      ...fd,
      adhoc_filters: [
        { expressionType: "SIMPLE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "No filter" },
      ],
    } as FormData;
    expect(applyExtraFormData(withRange, { time_range: "Last day" }, dataset).adhoc_filters).toEqual([
      { expressionType: "SIMPLE", subject: "ds", operator: "TEMPORAL_RANGE", comparator: "Last day" },
    ]);
    expect(applyExtraFormData(fd, {}, dataset)).toBe(fd);
  });
});

describe("cross filters", () => {
  it("emits from pies by group and from bars by a categorical x-axis", () => {
    expect(
      crossFilterColumn({ datasource: "1__table", viz_type: "pie", groupby: ["gender"] } as FormData),
    ).toBe("gender");
    const dataset = {
      id: 1,
      type: "table",
      table_name: "t",
      columns: [{ column_name: "ds", is_dttm: true }, { column_name: "state" }],
      metrics: [],
    } as ChartDataset;
    expect(
      crossFilterColumn(
        { datasource: "1__table", viz_type: "echarts_timeseries_bar", x_axis: "state" } as FormData,
        dataset,
      ),
    ).toBe("state");
    expect(
      crossFilterColumn(
        { datasource: "1__table", viz_type: "echarts_timeseries_bar", x_axis: "ds" } as FormData,
        dataset,
      ),
    ).toBeNull();
    expect(crossFilterColumn({ datasource: "1__table", viz_type: "table" } as FormData)).toBeNull();
  });
  it("toggles the value and reaches the charts of its scope", () => {
    const on = crossFilterMask(1, "gender", "girl");
    expect(on.extraFormData).toEqual({ filters: [{ col: "gender", op: "IN", val: ["girl"] }] });
    expect(crossFilterMask(1, "gender", "girl", on).extraFormData).toEqual({});
    const layout = sampleLayout();
    expect(crossFilterScope({}, layout, 1)).toBe("all");
    expect(
      crossFilterScope(
        { chart_configuration: { 1: { crossFilters: { scope: { rootPath: ["TAB-1"], excluded: [] } } } } },
        layout,
        1,
      ),
    ).toEqual([3]);
    const masks = { "1": on };
    expect(
      chartExtraFormData(3, [], masks, layout, (id) => crossFilterScope({}, layout, id)).filters,
    ).toHaveLength(1);
    expect(chartExtraFormData(1, [], masks, layout).filters).toBeUndefined();
  });
});
