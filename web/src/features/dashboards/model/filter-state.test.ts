import { describe, expect, it } from "vitest";
import type { DataMaskMap } from "./dashboard-types";
import { dataMaskFromFilterState, filterStateText } from "./filter-state";

describe("filter state text", () => {
  it("round-trips the applied data masks", () => {
    const mask: DataMaskMap = {
      "NATIVE_FILTER-state": {
        id: "NATIVE_FILTER-state",
        extraFormData: { filters: [{ col: "state", op: "IN", val: ["TX"] }] },
        filterState: { value: ["TX"], label: "TX" },
      },
      "12": { id: "12", extraFormData: {}, filterState: { value: null }, ownState: { page: 2 } },
    };
    expect(dataMaskFromFilterState(filterStateText(mask))).toEqual(mask);
  });

  it("keeps only entries shaped like data masks; anything else is no state", () => {
    expect(dataMaskFromFilterState("not json")).toBeNull();
    expect(dataMaskFromFilterState("[1]")).toBeNull();
    expect(dataMaskFromFilterState("null")).toBeNull();
    expect(
      dataMaskFromFilterState(
        JSON.stringify({ a: 1, b: { extraFormData: [] }, c: { filterState: { value: "x" } } }),
      ),
    ).toEqual({ c: { id: "c", extraFormData: {}, filterState: { value: "x" } } });
  });
});
