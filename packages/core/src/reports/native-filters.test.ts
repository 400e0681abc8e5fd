import { describe, expect, it } from "vitest";
import { nativeFilterValues } from "./native-filters.ts";

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

describe("nativeFilterValues", () => {
  it("applies the report's filter state, else the filter's default, to the charts in scope", () => {
    const metadata = JSON.stringify({
      native_filter_configuration: [
        // Whole dashboard but chart 2; its value comes from the report.
        { id: "F-gender", type: "NATIVE_FILTER", scope: { rootPath: ["ROOT_ID"], excluded: [2] } },
        // Tab b only; its default value applies.
        {
          id: "F-state",
          type: "NATIVE_FILTER",
          scope: { rootPath: ["TAB-b"], excluded: [] },
          defaultDataMask: { extraFormData: { filters: [state] } },
        },
        { id: "NATIVE_FILTER_DIVIDER-1", type: "DIVIDER" },
      ],
    });
    const values = nativeFilterValues(metadata, layout, {
      dataMask: { "F-gender": { extraFormData: { filters: [gender] } } },
    });
    expect(Object.fromEntries(values)).toEqual({ 1: [gender], 3: [gender, state] });
  });

  it("keeps a filter's chartsInScope list, and ignores malformed values and metadata", () => {
    const metadata = JSON.stringify({
      native_filter_configuration: [{ id: "F", type: "NATIVE_FILTER", chartsInScope: [2] }],
    });
    const mask = { dataMask: { F: { extraFormData: { filters: [gender, { op: "IN" }] } } } };
    expect(Object.fromEntries(nativeFilterValues(metadata, layout, mask))).toEqual({ 2: [gender] });
    expect(nativeFilterValues("{not json", layout, mask).size).toBe(0);
    expect(nativeFilterValues(metadata, layout, null).size).toBe(0);
  });
});
