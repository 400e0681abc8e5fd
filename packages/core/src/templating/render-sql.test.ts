import { DUCKDB_DIALECT, POSTGRES_DIALECT } from "@strata/engines";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import type { TemplateContextInput } from "./context.ts";
import { loadTemplating, renderSql } from "./render-sql.ts";

beforeAll(() => loadTemplating());

const NOW = new Date("2024-03-15T10:00:00Z");

function input(over: Partial<TemplateContextInput> = {}): TemplateContextInput {
  return {
    user: { id: 7, username: "alice", email: "alice@example.com", roles: ["Gamma", "sales"] },
    dialect: DUCKDB_DIALECT,
    now: NOW,
    ...over,
  };
}

const render = (sql: string, over: Partial<TemplateContextInput> = {}) => renderSql(sql, input(over)).sql;

function refused(sql: string, over: Partial<TemplateContextInput> = {}) {
  try {
    renderSql(sql, input(over));
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    expect(err.status).toBe(400);
    return { message: String(err.body.message), error: err.body.errors?.[0] };
  }
  throw new Error(`expected "${sql}" to be refused`);
}

const stateFilter = (val: unknown, op = "IN") => ({ request: { filters: [{ col: "state", op, val }] } });

describe("renderSql: plain Jinja", () => {
  it("leaves SQL without markup alone and fills parameters the author wrote as text", () => {
    expect(render("SELECT 1")).toBe("SELECT 1");
    expect(render("SELECT * FROM {{ table }} LIMIT {{ n }}", { trustedParams: { table: "t", n: 5 } })).toBe(
      "SELECT * FROM t LIMIT 5",
    );
  });

  it("has set, if, for, macros and the usual filters", () => {
    const sql = [
      "{% set cols = ['a', 'b'] %}",
      "{% macro pick(c) %}{{ c|upper }}{% endmacro %}",
      "SELECT {% for c in cols %}{{ pick(c) }}{% if not loop.last %}, {% endif %}{% endfor %}",
      "{{ missing_or_not|default('') }}{{ none|default('x', true) }}{{ [1, 2]|tojson }}{{ 'x'|length }}",
    ].join("");
    expect(render(sql)).toBe("SELECT A, Bx[1, 2]1");
  });
});

describe("renderSql: request values become literals", () => {
  it("filter_values prints a quoted list, and |where_in does the same per value", () => {
    expect(render("WHERE state IN {{ filter_values('state') }}", stateFilter(["CA", "NY"]))).toBe(
      "WHERE state IN ('CA', 'NY')",
    );
    expect(render("WHERE state IN {{ filter_values('state')|where_in }}", stateFilter("O'Neil", "=="))).toBe(
      "WHERE state IN ('O''Neil')",
    );
    expect(render("WHERE n IN {{ filter_values('state')|where_in }}", stateFilter([1, 2]))).toBe(
      "WHERE n IN (1, 2)",
    );
    expect(render("WHERE state IN {{ filter_values('state')|where_in }}")).toBe("WHERE state IN (NULL)");
    expect(render("{{ filter_values('state', 'TX') }}")).toBe("('TX')");
  });

  it("iterates plain values that print as literals, and compares them as their text", () => {
    const sql =
      "{% for v in filter_values('state') %}{% if v == 'CA' %}c={{ v }}{% endif %}{% if v|length > 2 %} long={{ v }}{% endif %}{% endfor %}" +
      "{% if 'NY' in filter_values('state') %} has NY{% endif %}";
    expect(render(sql, stateFilter(["CA", "NY", "x') OR 1=1 --"]))).toBe(
      "c='CA' long='x'') OR 1=1 --' has NY",
    );
  });

  it("an injection attempt stays one literal in every idiom Superset users write", () => {
    const evil = "x') OR 1=1 --";
    const f = stateFilter([evil, "CA"]);
    expect(render("state IN ({{ \"'\" + \"','\".join(filter_values('state')) + \"'\" }})", f)).toBe(
      "state IN ('x'') OR 1=1 --','CA')",
    );
    expect(render("state IN ('{{ filter_values('state')|join(\"', '\") }}')", f)).toBe(
      "state IN ('x'') OR 1=1 --', 'CA')",
    );
    expect(render("state = {{ filter_values('state')[0] }}", f)).toBe("state = 'x'') OR 1=1 --'");
    expect(render("state = '{{ url_param('s') }}'", { request: { urlParams: { s: evil } } })).toBe(
      "state = 'x'') OR 1=1 --'",
    );
    expect(
      render("-- {{ url_param('s') }}\nSELECT 1", { request: { urlParams: { s: "a\nDROP TABLE t" } } }),
    ).toBe("-- a DROP TABLE t\nSELECT 1");
    expect(render("x = E'{{ url_param('s') }}'", { request: { urlParams: { s: "\\'; DROP" } } })).toBe(
      "x = E'\\\\''; DROP'",
    );
    expect(
      refused("SELECT \"{{ url_param('s') }}\"", { request: { urlParams: { s: "a" } } }).message,
    ).toMatch(/quoted identifier/);
    expect(
      refused("SELECT $${{ url_param('s') }}$$", { request: { urlParams: { s: "a" } } }).message,
    ).toMatch(/dollar/);
    expect(
      refused("SELECT '{{ url_param('s')[1:] }}'", { request: { urlParams: { s: "abc" } } }).message,
    ).toMatch(/cut or changed/);
  });

  it("filters on request values give literals back (upper, replace, tojson) or plain numbers (int)", () => {
    const f = { request: { urlParams: { s: "ab'c", n: "12" } } };
    expect(render("{{ url_param('s')|upper }} {{ url_param('n')|int + 1 }}", f)).toBe("'AB''C' 13");
    expect(render("{{ url_param('missing', 'dflt') }} {{ url_param('missing') is none }}", f)).toBe(
      "dflt true",
    );
  });

  it("request template parameters are literals, the author's are text", () => {
    expect(
      render("{{ t }} {{ r }} {% for k, v in r2.items() %}{{ k }}={{ v }}{% endfor %}", {
        trustedParams: { t: "raw_sql" },
        requestParams: { r: "a'b", r2: { k: "v" } },
      }),
    ).toBe("raw_sql 'a''b' 'k'='v'");
  });

  it("user macros", () => {
    expect(
      render(
        "{{ current_username() }} {{ current_user_id() }} '{{ current_user_email() }}' {{ current_user_roles()|where_in }}",
      ),
    ).toBe("'alice' 7 'alice@example.com' ('Gamma', 'sales')");
    expect(render("{{ current_username() }}", { user: null })).toBe("");
  });

  it("get_filters gives op, col and val; remove_filter is reported", () => {
    const out = renderSql(
      "{% for f in get_filters('state', remove_filter=True) %}{% if f.get('op') == 'IN' %}state IN {{ f.get('val')|where_in }}{% endif %}{% endfor %}",
      input(stateFilter(["CA"])),
    );
    expect(out.sql).toBe("state IN ('CA')");
    expect(out.removedFilters).toEqual(["state"]);
  });

  it("quotes with the dialect's helper on PostgreSQL too", () => {
    expect(
      render("{{ filter_values('state')|where_in }}", { ...stateFilter(["a'b"]), dialect: POSTGRES_DIALECT }),
    ).toBe("('a''b')");
  });
});

describe("renderSql: time", () => {
  it("get_time_filter follows the query's time range or the column's TEMPORAL_RANGE filter", () => {
    const byQuery = render(
      "{% set t = get_time_filter() %}{{ t.from_expr }}|{{ t.to_expr }}|{{ t.time_range }}",
      { request: { timeRange: "2024-01-01 : 2024-02-01" } },
    );
    expect(byQuery).toBe(
      "CAST('2024-01-01T00:00:00' AS TIMESTAMP)|CAST('2024-02-01T00:00:00' AS TIMESTAMP)|'2024-01-01 : 2024-02-01'".replace(
        /CAST\('([^']+)' AS TIMESTAMP\)/g,
        (_, iso) => DUCKDB_DIALECT.datetimeLiteral(iso, "TIMESTAMP"),
      ),
    );
    const byColumn = render(
      "{{ get_time_filter('ds', strftime='%Y-%m-%d', remove_filter=True).from_expr }}",
      { request: { filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "2023-05-01 : 2023-06-01" }] } },
    );
    expect(byColumn).toBe("2023-05-01");
    expect(render("{{ get_time_filter(default='Last week', strftime='%Y-%m-%d').from_expr }}")).toBe(
      "2024-03-08",
    );
    expect(
      render("'{{ from_dttm }}' '{{ to_dttm }}'", { request: { timeRange: "2024-01-01 : 2024-01-02" } }),
    ).toBe("'2024-01-01T00:00:00' '2024-01-02T00:00:00'");
  });

  it("get_time_filter's strftime speaks Python's directives and keeps unknown ones as written", () => {
    expect(
      render(
        "{{ get_time_filter(strftime='%a %d %b %Y %I:%M:%S %p, day %j, %A %B, %y%m%d %H %%Y %q').from_expr }}",
        {
          request: { timeRange: "2024-03-05T14:07:09 : 2024-04-01" },
        },
      ),
    ).toBe("Tue 05 Mar 2024 02:07:09 PM, day 065, Tuesday March, 240305 14 %Y %q");
  });
});

describe("renderSql: errors", () => {
  it("an undefined name is MISSING_TEMPLATE_PARAMS_ERROR with near matches", () => {
    const { message, error } = refused("SELECT {{ stat }} {{ other }}", { trustedParams: { state: "CA" } });
    expect(message).toMatch(/^The following parameters in your query are undefined: "stat", "other"\./);
    expect(error?.error_type).toBe("MISSING_TEMPLATE_PARAMS_ERROR");
    expect(error?.extra).toMatchObject({
      undefined_parameters: ["stat", "other"],
      suggestions: { stat: ["state"], other: [] },
    });
    expect(render("{% if x is defined %}{{ x }}{% else %}none{% endif %}")).toBe("none");
  });

  it("a syntax error is INVALID_TEMPLATE_PARAMS_ERROR naming its line", () => {
    const { message, error } = refused("SELECT 1\nFROM t\nWHERE {{ a + }}");
    expect(error?.error_type).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
    expect(error?.extra?.line).toBe(3);
    expect(message).toMatch(/^The query contains one or more malformed template parameters\..*\(line 3\)/);
    expect(refused("{% if x %}\nSELECT 1").error?.extra?.line).toBe(1);
  });
});

describe("renderSql: sandbox", () => {
  it("no attribute walking reaches JavaScript or Python internals", () => {
    for (const sql of [
      "{{ ''.__class__ }}",
      "{{ ''.__class__.__mro__[1].__subclasses__() }}",
      "{{ x.constructor }}",
      "{{ range.constructor('return process')() }}",
      "{{ cycler.__init__.__globals__ }}",
      "{{ filter_values['__proto__'] }}",
      "{{ ''['constructor'] }}",
      "{{ namespace.constructor }}",
    ]) {
      const { error } = refused(sql, { trustedParams: { x: {} } });
      expect(["INVALID_TEMPLATE_PARAMS_ERROR", "MISSING_TEMPLATE_PARAMS_ERROR"]).toContain(error?.error_type);
    }
    // Members a template can't name are just missing, never JavaScript's.
    expect(
      render("{{ x.toString is defined }} {{ x.valueOf is defined }}", { trustedParams: { x: { a: 1 } } }),
    ).toBe("false false");
  });

  it("bounds range, loops, recursion, output size and time", () => {
    expect(refused("{% for i in range(10**9) %}{% endfor %}").message).toMatch(/range\(\) may make at most/);
    expect(
      refused("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}").message,
    ).toMatch(/steps|longer than/);
    expect(refused("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}").message).toMatch(
      /nests too deeply/,
    );
    expect(
      refused(
        "{% set ns = namespace(s='xxxxxxxxxx') %}{% for i in range(30) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}",
      ).message,
    ).toMatch(/larger than 1 MB/);
    expect(
      refused("{% for i in range(90000) %}0123456789012345678901234567890123456789{% endfor %}").message,
    ).toMatch(/larger than 1 MB/);
  });
});

describe("renderSql: where a request value lands", () => {
  const who = (s: string) => ({ request: { urlParams: { s } } });

  it("follows the SQL around it: strings, block comments, quoted identifiers", () => {
    expect(render("/* a {{ url_param('s') }} */ x = {{ url_param('s') }}", who("*/ DROP"))).toBe(
      "/* a    DROP */ x = '*/ DROP'",
    );
    // Engines disagree on where a nested comment ends: a value after one is refused (attacks.test.ts).
    expect(refused("/* a /* b */ {{ url_param('s') }} */", who("DROP")).message).toMatch(/nested/);
    expect(render(`SELECT "a""b", 'it''s {{ url_param('s') }}'`, who("o'k"))).toBe(
      `SELECT "a""b", 'it''s o''k'`,
    );
  });

  it("refuses a value right after a backslash in an E'…' string", () => {
    expect(refused("x = E'\\{{ url_param('s') }}'", who("' OR 1=1 --")).message).toMatch(/escape character/);
  });

  it("a template can't forge or unwrap a marker", () => {
    for (const sql of [
      "{{ url_param('s')[0] }}",
      "{{ url_param('s').upper()[1:] }}",
      "{{ url_param('s')[1:] }}",
    ]) {
      expect(refused(sql, who("ab")).message).toMatch(/cut or changed/);
    }
  });
});
