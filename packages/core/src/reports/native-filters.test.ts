import { describe, expect, it } from "vitest";
import { applyExtraFormData } from "./apply-extra-form-data.ts";
import { nativeFilterExtras } from "./native-filters.ts";

const layout = JSON.stringify({
  ROOT_ID: { type: "ROOT", children: ["TABS-1"] },
  "TABS-1": { type: "TABS", children: ["TAB-a", "TAB-b"] },
  "TAB-a": { type: "TAB", children: ["CHART-1", "CHART-2"] },
  "TAB-b": { type: "TAB", children: ["CHART-3"] },
  "CHART-1": { type: "CHART", meta: { chartId: 1 } },
  "CHART-2": { type: "CHART", meta: { chartId: 2 } },
  "CHART-3": { type: "CHART", meta: { chartId: 3 } },
});
const gender = { col: "gender", op: "IN", val: ["boy"] };
const state = { col: "state", op: "==", val: "CA" };
const target = (name: string) => [{ datasetId: 1, column: { name } }];

describe("nativeFilterExtras", () => {
  it("applies the report's filter state, else the filter's default, to the charts in scope", () => {
    const metadata = JSON.stringify({
      native_filter_configuration: [
        // Whole dashboard but chart 2; its value comes from the report.
        { id: "F-gender", type: "NATIVE_FILTER", scope: { rootPath: ["ROOT_ID"], excluded: [2] } },
        // Tab b only; its default (form data only, as imported dashboards carry it) applies.
        {
          id: "F-state",
          type: "NATIVE_FILTER",
          scope: { rootPath: ["TAB-b"], excluded: [] },
          defaultDataMask: { extraFormData: { filters: [state] } },
        },
        { id: "NATIVE_FILTER_DIVIDER-1", type: "DIVIDER" },
      ],
    });
    const values = nativeFilterExtras(metadata, layout, {
      dataMask: { "F-gender": { extraFormData: { filters: [gender] } } },
    });
    expect(Object.fromEntries(values)).toEqual({ 1: { filters: [gender] }, 3: { filters: [gender, state] } });
  });

  it("turns default values of every filter type into form data, as the filter bar does", () => {
    const metadata = JSON.stringify({
      native_filter_configuration: [
        {
          id: "T",
          filterType: "filter_time",
          defaultDataMask: { filterState: { value: "2000 : 2005" } },
        },
        {
          id: "S",
          filterType: "filter_select",
          targets: target("gender"),
          controlValues: { inverseSelection: true },
          defaultDataMask: { filterState: { value: ["girl"] } },
        },
        {
          id: "R",
          filterType: "filter_range",
          targets: target("num"),
          defaultDataMask: { filterState: { value: [10, null] } },
        },
        { id: "G", filterType: "filter_timegrain", defaultDataMask: { filterState: { value: "P1Y" } } },
        { id: "X", filterType: "filter_time", defaultDataMask: { filterState: { value: "No filter" } } },
      ],
    });
    expect(nativeFilterExtras(metadata, layout, {}).get(3)).toEqual({
      time_range: "2000 : 2005",
      filters: [
        { col: "gender", op: "NOT IN", val: ["girl"] },
        { col: "num", op: ">=", val: 10 },
      ],
      time_grain_sqla: "P1Y",
    });
  });

  it("reads Superset 4.1's nativeFilters list and keeps custom SQL", () => {
    const metadata = JSON.stringify({
      native_filter_configuration: [
        { id: "S", filterType: "filter_select", targets: target("gender"), chartsInScope: [2] },
        { id: "T", filterType: "filter_time", chartsInScope: [2] },
        { id: "C", chartsInScope: [2] },
      ],
    });
    const extras = nativeFilterExtras(metadata, layout, {
      nativeFilters: [
        { nativeFilterId: "S", filterType: "filter_select", columnName: "state", filterValues: ["CA", "NY"] },
        { nativeFilterId: "T", filterType: "filter_time", filterValues: ["Last year"] },
      ],
      dataMask: {
        C: {
          extraFormData: {
            adhoc_filters: [{ expressionType: "SQL", clause: "WHERE", sqlExpression: "num > 1" }],
          },
        },
      },
    });
    expect(extras.get(2)).toEqual({
      filters: [{ col: "state", op: "IN", val: ["CA", "NY"] }],
      time_range: "Last year",
      adhoc_filters: [{ expressionType: "SQL", clause: "WHERE", sqlExpression: "num > 1" }],
    });
  });

  it("ignores malformed values and metadata", () => {
    const metadata = JSON.stringify({
      native_filter_configuration: [{ id: "F", type: "NATIVE_FILTER", chartsInScope: [2] }],
    });
    const mask = {
      dataMask: { F: { extraFormData: { filters: [gender, { op: "IN" }, { col: "x", op: "DROP" }] } } },
    };
    expect(Object.fromEntries(nativeFilterExtras(metadata, layout, mask))).toEqual({
      2: { filters: [gender] },
    });
    expect(nativeFilterExtras("{not json", layout, mask).size).toBe(0);
    expect(nativeFilterExtras(metadata, layout, null).size).toBe(0);
  });
});

describe("applyExtraFormData", () => {
  it("replaces the chart's time range, adds filters and custom SQL, and overrides the grain", () => {
    const q = applyExtraFormData(
      {
        columns: [{ sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: "P1D", label: "ds" }],
        filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "No filter" }],
        extras: { where: "num > 0" },
      },
      {
        time_range: "2000 : 2001",
        time_grain_sqla: "P1Y",
        filters: [{ col: "gender", op: "IN", val: ["boy"] }],
        adhoc_filters: [
          { expressionType: "SQL", clause: "WHERE", sqlExpression: "state = 'CA'" },
          { expressionType: "SQL", clause: "HAVING", sqlExpression: "SUM(num) > 5" },
          { expressionType: "SIMPLE", subject: "name", operator: "EQUALS", comparator: "Ann" },
        ],
      },
      undefined,
    );
    expect(q.filters).toEqual([
      { col: "ds", op: "TEMPORAL_RANGE", val: "2000 : 2001" },
      { col: "gender", op: "IN", val: ["boy"], isExtra: true },
      { col: "name", op: "==", val: "Ann", isExtra: true },
    ]);
    expect(q.extras).toEqual({
      where: "(num > 0) AND (state = 'CA')",
      having: "SUM(num) > 5",
      time_grain_sqla: "P1Y",
    });
    expect(q.columns).toEqual([
      { sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: "P1Y", label: "ds" },
    ]);
  });

  it("adds a time filter on the chart's time column when it has none", () => {
    const q = applyExtraFormData({ columns: ["gender"] }, { time_range: "Last year" }, "ds");
    expect(q.filters).toEqual([{ col: "ds", op: "TEMPORAL_RANGE", val: "Last year", isExtra: true }]);
    expect(q.time_range).toBe("Last year");
  });
});
