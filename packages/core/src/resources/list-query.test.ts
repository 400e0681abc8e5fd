import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { applyListQuery, type ListSpec } from "./list-query.ts";
import { isPrototypePathKey } from "./prototype-keys.ts";
import { textFilter } from "./named-filters.ts";

type Row = { id: number; name: string; owner: { id: number; first_name: string } };
const rows: Row[] = [
  { id: 1, name: "Revenue", owner: { id: 7, first_name: "Ann" } },
  { id: 2, name: "Costs", owner: { id: 8, first_name: "Bo" } },
];
const spec: ListSpec<Row> = {
  filterColumns: ["name"],
  orderColumns: ["id"],
  named: { all_text: textFilter(["name"]) },
};

describe("applyListQuery with request text naming Object.prototype members", () => {
  it.each([
    "constructor",
    "hasOwnProperty",
    "valueOf",
    "toString",
    "toLocaleString",
    "isPrototypeOf",
    "__proto__",
  ])("refuses opr %s as an unsupported operator (no 500, no match-all)", (opr) => {
    let error: unknown;
    try {
      applyListQuery(rows, { filters: [{ col: "id", opr, value: "x" }] }, spec);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect(String((error as Error).message)).toMatch(`Filter operator ${opr} is not supported`);
  });

  it("still applies the spec's own named filters", () => {
    const out = applyListQuery(rows, { filters: [{ col: "id", opr: "all_text", value: "cost" }] }, spec);
    expect(out.ids).toEqual([2]);
  });

  it("selects only a row's own fields", () => {
    const out = applyListQuery(
      rows,
      {
        select_columns: [
          "id",
          "constructor",
          "toString",
          "owner.first_name",
          "owner.constructor",
          "__proto__.x",
        ],
      },
      spec,
    );
    expect(out.result).toEqual([
      { id: 1, owner: { first_name: "Ann", constructor: undefined } },
      { id: 2, owner: { first_name: "Bo", constructor: undefined } },
    ]);
    for (const row of out.result) {
      expect(Object.keys(row)).toEqual(["id", "owner"]);
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(JSON.stringify(row)).not.toMatch(/function|constructor/);
    }
  });
});

describe("isPrototypePathKey", () => {
  it("refuses __proto__ anywhere and prototype under constructor only", () => {
    expect(isPrototypePathKey("__proto__", undefined)).toBe(true);
    expect(isPrototypePathKey("__proto__", "label_colors")).toBe(true);
    expect(isPrototypePathKey("prototype", "constructor")).toBe(true);
    expect(isPrototypePathKey("constructor", undefined)).toBe(false);
    expect(isPrototypePathKey("constructor", "label_colors")).toBe(false);
    expect(isPrototypePathKey("prototype", "label_colors")).toBe(false);
    expect(isPrototypePathKey("toString", undefined)).toBe(false);
  });
});
