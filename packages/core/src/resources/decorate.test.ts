import { describe, expect, it } from "vitest";
import type { Principal } from "../security/principal.ts";
import type { TagEntity } from "../tags/service.ts";
import { type RowMarks, withTagsAndFavorites } from "./decorate.ts";
import { applyListQuery } from "./list-query.ts";
import { commonNamedFilters, textFilter } from "./named-filters.ts";

const tag = (id: number, name: string) => ({ id, name, type: "custom" }) as TagEntity;
const marks: RowMarks = {
  tags: {
    all: async () => [tag(1, "Finance"), tag(2, "Ops")],
    tagsByObject: async () =>
      new Map([
        [10, [1]],
        [11, [1, 2]],
      ]),
  },
  favorites: { ids: async () => new Set([11]) },
};
const caller = {} as Principal;
const rows = [
  { id: 10, name: "Revenue", certified_by: "Ann" },
  { id: 11, name: "Costs", certified_by: null },
  { id: 12, name: "Headcount", certified_by: null },
];

describe("list row decoration and named filters", () => {
  it("adds each row's tags and the caller's star", async () => {
    const out = await withTagsAndFavorites(marks, caller, "chart", Promise.resolve(rows));
    expect(out.map((r) => [r.id, r.tags.map((t) => t.name), r.is_favorite])).toEqual([
      [10, ["Finance"], false],
      [11, ["Finance", "Ops"], true],
      [12, [], false],
    ]);
  });

  it("filters decorated rows by star, certification, tag and text", async () => {
    const decorated = await withTagsAndFavorites(marks, caller, "chart", Promise.resolve(rows));
    const spec = {
      filterColumns: ["name"],
      orderColumns: ["id"],
      defaultOrder: { column: "id", direction: "asc" as const },
      named: { all_text: textFilter(["name"]), ...commonNamedFilters("chart") },
    };
    const ids = (opr: string, value: string | number | boolean) =>
      applyListQuery(decorated, { filters: [{ col: "id", opr, value }] }, spec).result.map((r) => r.id);
    expect(ids("chart_is_favorite", true)).toEqual([11]);
    expect(ids("is_certified", "1")).toEqual([10]);
    expect(ids("chart_tags", "ops")).toEqual([11]);
    expect(ids("tags", 1)).toEqual([10, 11]);
    expect(ids("all_text", "COUNT")).toEqual([12]);
  });
});
