import { describe, expect, it } from "vitest";
import {
  changedFilterIds,
  filterChanges,
  newDivider,
  newNativeFilter,
  PENDING_DELETE_MS,
  validateFilter,
} from "./filter-config";

describe("native filter configuration", () => {
  it("creates ids the server accepts", () => {
    expect(newNativeFilter().id).toMatch(/^NATIVE_FILTER-[A-Za-z0-9_-]{1,64}$/);
    expect(newDivider().id).toMatch(/^NATIVE_FILTER_DIVIDER-[A-Za-z0-9_-]{1,64}$/);
    expect(PENDING_DELETE_MS).toBe(5000);
  });

  it("validates names, targets and the default range", () => {
    const f = newNativeFilter();
    expect(validateFilter(f)).toEqual({
      name: "Name is required",
      dataset: "Dataset is required",
      column: "Column is required",
    });
    const ok = { ...f, name: "Gender", targets: [{ datasetId: 1, column: { name: "gender" } }] };
    expect(validateFilter(ok)).toEqual({});
    expect(validateFilter({ ...ok, filterType: "filter_time", targets: [{}] })).toEqual({});
    expect(
      validateFilter({
        ...ok,
        filterType: "filter_range",
        defaultDataMask: { filterState: { value: [5, 1] } },
      }),
    ).toEqual({
      defaultValue: "Minimum must be strictly less than maximum",
    });
    expect(validateFilter(newDivider())).toEqual({ title: "Title is required" });
  });

  it("sends modified, deleted and reordered", () => {
    const a = { ...newNativeFilter(), name: "a" };
    const b = newDivider();
    expect(filterChanges([b, a], ["NATIVE_FILTER-x"])).toEqual({
      modified: [b, a],
      deleted: ["NATIVE_FILTER-x"],
      reordered: [b.id, a.id],
    });
    expect(changedFilterIds([a], [{ ...a, name: "b" }, b])).toEqual([a.id, b.id]);
    expect(changedFilterIds([a], [a])).toEqual([]);
  });
});
