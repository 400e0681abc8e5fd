import { DUCKDB_DIALECT } from "@strata/engines";
import { beforeAll, describe, expect, it } from "vitest";
import type { TemplateContextInput } from "./context.ts";
import { loadTemplating, renderSql } from "./render-sql.ts";

beforeAll(() => loadTemplating());

const render = (sql: string, over: Partial<TemplateContextInput> = {}) =>
  renderSql(sql, { user: null, dialect: DUCKDB_DIALECT, now: new Date("2024-03-15T10:00:00Z"), ...over }).sql;

describe("template lookups by names of Object.prototype members", () => {
  it("url_param finds no parameter, not an inherited method", () => {
    for (const name of ["toString", "constructor", "hasOwnProperty", "valueOf"]) {
      expect(render(`{{ url_param('${name}', 'dflt') }}`, { request: { urlParams: { s: "a" } } })).toBe(
        "dflt",
      );
      expect(render(`{{ url_param('${name}') is none }}`, { request: { urlParams: {} } })).toBe("true");
    }
    expect(render("{{ url_param('s') }}", { request: { urlParams: { s: "a" } } })).toBe("'a'");
  });

  it("get_time_filter on a column the dataset lacks uses no inherited column type", () => {
    const out = render("{{ get_time_filter('toString').from_expr }}", {
      request: { filters: [{ col: "toString", op: "TEMPORAL_RANGE", val: "2023-05-01 : 2023-06-01" }] },
      columnTypes: { ds: "DATE" },
    });
    expect(out).toBe(DUCKDB_DIALECT.datetimeLiteral("2023-05-01T00:00:00", "TIMESTAMP"));
  });
});
