/**
 * Templates written to get a request string (filter value, URL parameter, username, time range)
 * into SQL as SQL, or to reach past the sandbox. Each attempt either renders the value as one
 * literal or is refused with a 400; where it renders, the SQL also runs on a real in-memory
 * DuckDB to show the value never widens the WHERE clause (`OR 1=1` would return every row).
 */
import { createEngine, DUCKDB_DIALECT, POSTGRES_DIALECT, type QueryEngine } from "@strata/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import type { TemplateContextInput, TemplateRequest } from "./context.ts";
import { loadTemplating, renderSql } from "./render-sql.ts";

const OR_ALL = "x' OR 1=1 --";
const BACKSLASH = "\\' OR 1=1 --";

function input(
  request: TemplateRequest = {},
  over: Partial<TemplateContextInput> = {},
): TemplateContextInput {
  return {
    user: { id: 7, username: "o'hara' OR 1=1 --", email: "x@y.z", roles: ["Gamma"] },
    dialect: DUCKDB_DIALECT,
    now: new Date("2024-03-15T10:00:00Z"),
    request,
    ...over,
  };
}

const url = (params: Record<string, string>) => ({ urlParams: params });
const render = (sql: string, request?: TemplateRequest, over?: Partial<TemplateContextInput>) =>
  renderSql(sql, input(request, over)).sql;

function refusal(sql: string, request?: TemplateRequest, over?: Partial<TemplateContextInput>): string {
  try {
    renderSql(sql, input(request, over));
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    return String((e as AppError).body.message);
  }
  throw new Error(`expected "${sql}" to be refused`);
}

beforeAll(() => loadTemplating());

let engine: QueryEngine;
beforeAll(async () => {
  engine = await createEngine({ engine: "duckdb", path: ":memory:" });
});
afterAll(async () => {
  await (engine as { close?: () => Promise<void> | void }).close?.();
});

/** Rows the rendered WHERE clause matches on DuckDB; an engine error counts as none. */
async function matched(where: string): Promise<number> {
  try {
    const out = await engine.execute(
      `WITH t AS (SELECT * FROM (VALUES ('a'), ('b'), ('c')) AS v(name)) SELECT count(*) AS n FROM t WHERE ${where}`,
    );
    return Number(out.data[0][0]);
  } catch {
    return 0;
  }
}

describe("request strings stay literals whatever the template does to them", () => {
  it("concatenation, joins, slices put back together, set pieces, filter blocks", async () => {
    const r = url({ s: OR_ALL });
    const cases: [string, string][] = [
      ["name = {{ url_param('s') ~ url_param('s') }}", "name = 'x'' OR 1=1 --''x'' OR 1=1 --'"],
      ["name = {{ url_param('s')[0:5] ~ url_param('s')[5:] }}", "name = 'x'' OR 1=1 --'"],
      [
        "{% set a = url_param('s')[0:5] %}{% set b = url_param('s')[5:] %}name = {{ a }}{{ b }}",
        "name = 'x'' OR 1=1 --'",
      ],
      ["name = {{ url_param('s')|replace(\"'\", '') }}", "name = 'x OR 1=1 --'"],
      ["name = {{ url_param('s')|lower }}", "name = 'x'' or 1=1 --'"],
      ["name = {{ url_param('s')|string|upper|trim }}", "name = 'X'' OR 1=1 --'"],
      ["name = {{ namespace(a=url_param('s')).a }}", "name = 'x'' OR 1=1 --'"],
      ["{% filter upper %}name = {{ url_param('s') }}{% endfilter %}", "'NAME = X'' OR 1=1 --'"],
      [
        "{% macro m() %}name = {{ caller() }}{% endmacro %}{% call m() %}{{ url_param('s') }}{% endcall %}",
        "name = 'x'' OR 1=1 --'",
      ],
      ["name IN ({{ [url_param('s'), 'a']|sort|join(', ') }})", "name IN ('a', 'x'' OR 1=1 --')"],
      ["name = {{ 'a' + url_param('s') }}", "name = a 'x'' OR 1=1 --'"],
      // Python's str methods work on the value's text and give a literal back, like the filters.
      ["name = {{ url_param('s').upper() }}", "name = 'X'' OR 1=1 --'"],
      ["name = {{ url_param('s').lower().strip() }}", "name = 'x'' or 1=1 --'"],
      ["name = {{ url_param('s').replace(\"'\", '') }}", "name = 'x OR 1=1 --'"],
      ["name = '{{ url_param('s').title() }}'", "name = 'X'' OR 1=1 --'"],
      ["name IN ({{ url_param('s').split(' ')|join(', ') }})", "name IN ('x''', 'OR', '1=1', '--')"],
      [
        "name = {{ url_param('s').replace('x', current_username()) }}",
        "name = 'o''hara'' OR 1=1 --'' OR 1=1 --'",
      ],
      ["name = {{ ('a' ~ url_param('s')).upper() }}", "name = 'AX'' OR 1=1 --'"],
      ["{% if url_param('s').startswith('x') %}name = 'a'{% endif %}", "name = 'a'"],
    ];
    for (const [sql, expected] of cases) {
      const out = render(sql, r);
      expect(out, sql).toBe(expected);
      expect(await matched(out), sql).toBeLessThan(3);
    }
    // The same with every other request string a template can read.
    const user = render("name = {{ current_username() }} OR name = '{{ current_username() }}'");
    expect(user).toBe("name = 'o''hara'' OR 1=1 --' OR name = 'o''hara'' OR 1=1 --'");
    expect(await matched(user)).toBe(0);
    const filters = { filters: [{ col: "name", op: "IN", val: [OR_ALL, "a"] }] };
    const values = render("name IN {{ filter_values('name')|where_in }}", filters);
    expect(await matched(values)).toBe(1);
    const time = render("name = {{ get_time_filter().time_range }}", { timeRange: "Last day" });
    expect(time).toBe("name = 'Last day'");
  });

  it("a marker that was cut, changed or rebuilt with another number is refused (400, never a 500)", () => {
    const r = url({ s: "ab" });
    for (const sql of [
      "{{ url_param('s')[0:5] }}",
      // A str method's result is a new marker: cutting that one is refused the same way.
      "{{ url_param('s').upper()[0:5] }}",
      "{{ url_param('s').split(':')[0][1:] }}",
      "{{ url_param('s').title()[-1] }}",
      "{{ url_param('s')['upper']() }}",
    ]) {
      expect(refusal(sql, r), sql).toMatch(/cut or changed/);
    }
    expect(refusal("{{ url_param('s')[:-2] ~ '9' ~ url_param('s')[-1] }}", r)).toMatch(/forged or altered/);
  });

  it("request object keys and unknown filter operators are literals too", () => {
    expect(
      render(
        "{% for k, v in p.items() %}{{ k }} = {{ v }}{% endfor %}",
        {},
        {
          requestParams: { p: { "name') OR 1=1 --": "v" } },
        },
      ),
    ).toBe("'name'') OR 1=1 --' = 'v'");
    const filters = { filters: [{ col: "name", op: "== 1 OR 1=1 --", val: "a" }] };
    expect(render("{% for f in get_filters('name') %}name {{ f.op }}{% endfor %}", filters)).toBe(
      "name '== 1 OR 1=1 --'",
    );
    const known = { filters: [{ col: "name", op: "NOT IN", val: ["a"] }] };
    expect(
      render("{% for f in get_filters('name') %}name {{ f.op }} {{ f.val|where_in }}{% endfor %}", known),
    ).toBe("name NOT IN ('a')");
  });

  it("a bad time range is a 400 naming it, never SQL", () => {
    expect(refusal("{{ get_time_filter().from_expr }}", { timeRange: "1) OR 1=1 --" })).toMatch(
      /Unexpected time range/,
    );
  });
});

describe("the SQL around a value decides its quoting, the way the engine reads it", () => {
  it("a literal glued to a word can't take an E, U& or X prefix", async () => {
    const r = url({ s: BACKSLASH });
    const glued = render("name = E{{ url_param('s') }}", r);
    expect(glued).toBe("name = E '\\'' OR 1=1 --'");
    expect(await matched(glued)).toBe(0);
    expect(render("name = U&{{ url_param('s') }}", r)).toBe("name = U& '\\'' OR 1=1 --'");
    expect(render("{{ 'E' ~ url_param('s') }}", r)).toBe("E '\\'' OR 1=1 --'");
  });

  it("E'…' after a digit is an escape string (DuckDB reads 1E'…' as 1 then E'…')", async () => {
    const out = render("name = 1E'{{ url_param('s') }}'", url({ s: BACKSLASH }));
    expect(out).toBe("name = 1E'\\\\'' OR 1=1 --'");
    expect(await matched(out)).toBe(0);
    const escaped = render("name = E'{{ url_param('s') }}'", url({ s: BACKSLASH }));
    expect(await matched(escaped)).toBe(0);
  });

  it("comments: nothing in a value can end the comment or open a nested one", async () => {
    const out = render("/*{{ url_param('a') }}*/ name = '{{ url_param('b') }}'", {
      urlParams: { a: "/", b: "*/*/ OR 1=1 --" },
    });
    expect(out).toBe("/* */ name = '*/*/ OR 1=1 --'");
    expect(await matched(out)).toBe(0);
    const line = render("-- {{ url_param('a') }}\nname = 'a'", url({ a: "x\rOR 1=1" }));
    expect(line).toBe("-- x OR 1=1\nname = 'a'");
    expect(await matched(line)).toBe(1);
    // DuckDB stops reading SQL at a NUL: in a comment it would cut off the conditions after it.
    for (const sql of ["-- {{ url_param('a') }}\nname = 'a'", "name = {{ url_param('a') }}"]) {
      expect(refusal(sql, url({ a: "x\0" })), sql).toMatch(/NUL character/);
    }
  });

  it("a value after a comment nested in a comment is refused (Athena ends it at the first */)", () => {
    expect(refusal("/* a /* b */ '{{ url_param('s') }}' */", url({ s: OR_ALL }))).toMatch(/nested/);
    expect(refusal("/* a /* b */ it's */ x = {{ url_param('s') }}", url({ s: OR_ALL }))).toMatch(/nested/);
    // Nesting with no value in the disputed stretch is fine.
    expect(render("/* a /* b */ c */ x = {{ url_param('s') }}", url({ s: "v" }))).toBe(
      "/* a /* b */ c */ x = 'v'",
    );
  });

  it("dollar quotes and quoted identifiers take no value, on PostgreSQL or DuckDB", () => {
    for (const dialect of [POSTGRES_DIALECT, DUCKDB_DIALECT]) {
      for (const sql of [
        "SELECT $$ {{ url_param('s') }} $$",
        "SELECT $q$ '{{ url_param('s') }}' $q$",
        `SELECT "{{ url_param('s') }}"`,
      ]) {
        expect(refusal(sql, url({ s: OR_ALL }), { dialect }), sql).toMatch(/dollar-quoted|quoted identifier/);
      }
    }
  });

  it("$ inside an identifier doesn't start a dollar quote (PostgreSQL's x$$a$ is one name)", () => {
    // Read as a dollar quote, the '…' below would look like code and the value get quoted twice.
    const out = render("SELECT x$$a$ '$a$ {{ url_param('s') }} '", url({ s: OR_ALL }), {
      dialect: POSTGRES_DIALECT,
    });
    expect(out).toBe("SELECT x$$a$ '$a$ x'' OR 1=1 -- '");
  });
});

describe("the sandbox", () => {
  it("has no attr filter, string formatting, Python internals or Jinja's helper objects", () => {
    for (const sql of [
      "{{ url_param('s')|attr('__class__') }}",
      "{{ ''|attr('constructor') }}",
      "{{ url_param('s').__class__ }}",
      "{{ '%s'|format(url_param('s')) }}",
      "{{ '%s' % url_param('s') }}",
      "{{ '{}'.format(url_param('s')) }}",
      "{{ joiner() }}",
      "{{ cycler('a') }}",
      "{{ namespace.__init__ }}",
      "{{ lipsum() }}",
      "{{ self }}",
      "{{ request.args }}",
    ]) {
      expect(() => render(sql, url({ s: OR_ALL })), sql).toThrow(AppError);
    }
  });

  it("computed member names reach only the interpreter's own members", () => {
    const r = url({ s: OR_ALL });
    expect(render("[{{ ''[('__cl' ~ 'ass__')] }}][{{ ''[('constr' ~ 'uctor')] }}]", r)).toBe("[][]");
    expect(render("{{ p[('__pro' ~ 'to__')] is defined }}", r, { trustedParams: { p: {} } })).toBe("false");
    expect(render("{{ (p.items()|list)[0][1] }}", r, { requestParams: { p: { k: "v" } } })).toBe("'v'");
  });

  it("dict.items(), lists and tojson of request values keep them literal or refuse", () => {
    const filters = { filters: [{ col: "name", op: "IN", val: [OR_ALL] }] };
    expect(
      render("{% for k, v in {'a': url_param('s')}.items() %}{{ v }}{% endfor %}", url({ s: OR_ALL })),
    ).toBe("'x'' OR 1=1 --'");
    expect(render("{{ filter_values('name')|tojson }}", filters)).toBe("'[\"x'' OR 1=1 --\"]'");
    // JSON text with request values inside double quotes would read as a quoted identifier.
    expect(refusal("{{ filter_values('name')|string }}", filters)).toMatch(/quoted identifier/);
  });
});
