import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresParameters, startPostgres, type TestPostgres } from "../support/postgres.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Superset's Jinja macros in virtual datasets, custom SQL and SQL Lab, through the real server
 * on DuckDB and PostgreSQL: dashboard filters, URL parameters, the current user (without cache
 * leaks), time filters, quoting of request values and the sandbox's limits.
 */

type Json = Record<string, any>;
let s: TestServer;
let pg: TestPostgres;
let admin: string;
let other: string;
const databases: Record<"duckdb" | "postgresql", number> = { duckdb: 0, postgresql: 0 };

const ROWS = `SELECT * FROM (VALUES
  ('a', 'CA', 'admin', TIMESTAMP '2024-01-05 00:00:00', 1),
  ('b', 'NY', 'tpl_other', TIMESTAMP '2024-02-05 00:00:00', 2),
  ('c', 'TX', 'admin', TIMESTAMP '2024-03-05 00:00:00', 3),
  ('d', 'x'') OR 1=1 --', 'nobody', TIMESTAMP '2024-04-05 00:00:00', 4)
) AS t(name, state, owner, ds, num)`;

const TEMPLATED = `${ROWS}
WHERE 1 = 1
{% if filter_values('state') %}  AND state IN {{ filter_values('state', remove_filter=True)|where_in }}
{% endif %}{% if url_param('who') %}  AND owner = {{ url_param('who') }}
{% endif %}{% if only_mine %}  AND owner = '{{ current_username() }}'
{% endif %}{% set tf = get_time_filter('ds', remove_filter=True) %}{% if tf.from_expr %}  AND ds >= {{ tf.from_expr }}
{% endif %}{% if tf.to_expr %}  AND ds < {{ tf.to_expr }}
{% endif %}`;

beforeAll(async () => {
  pg = await startPostgres();
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  other = await userWithRoles(s, admin, "tpl_other", ["Alpha"]);
  const list = (await (await s.call("GET", "/api/v1/database/", { token: admin })).json()) as Json;
  databases.duckdb = list.result.find((d: Json) => d.database_name === "examples").id;
  const created = await s.call("POST", "/api/v1/database/", {
    token: admin,
    body: {
      database_name: "templating_pg",
      engine: "postgresql",
      parameters: postgresParameters(pg),
      expose_in_sqllab: true,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  databases.postgresql = ((await created.json()) as Json).id;
}, 180_000);
afterAll(async () => {
  await s?.close();
  await pg?.stop();
});

async function dataset(
  engine: keyof typeof databases,
  name: string,
  sql: string,
  params?: Json,
): Promise<number> {
  const res = await s.call("POST", "/api/v1/dataset/", {
    token: admin,
    body: {
      database: databases[engine],
      schema: engine === "duckdb" ? "main" : "public",
      table_name: `${name}_${engine}`,
      sql,
      ...(params ? { template_params: JSON.stringify(params) } : {}),
    },
  });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

function chartData(token: string, id: number, query: Json) {
  return s.call("POST", "/api/v1/chart/data", {
    token,
    body: {
      datasource: { id, type: "table" },
      queries: [{ columns: ["name"], orderby: [["name", true]], row_limit: 100, ...query }],
      result_format: "json",
      result_type: "full",
    },
  });
}

async function names(token: string, id: number, query: Json = {}): Promise<string[]> {
  const res = await chartData(token, id, query);
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
  return body.result[0].data.map((r: Json) => r.name);
}

async function refused(id: number, query: Json): Promise<Json> {
  const res = await chartData(admin, id, query);
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(400);
  return body.errors[0];
}

describe.each(["duckdb", "postgresql"] as const)("Jinja templating on %s", (engine) => {
  let templated: number;
  let mine: number;

  beforeAll(async () => {
    templated = await dataset(engine, "tpl_shop", TEMPLATED, { only_mine: false, factor: 10 });
    mine = await dataset(engine, "tpl_mine", TEMPLATED, { only_mine: true });
  });

  it("reads its columns from the rendered SQL and answers unfiltered", async () => {
    const ds = (await (await s.call("GET", `/api/v1/dataset/${templated}`, { token: admin })).json()) as Json;
    expect(ds.result.columns.map((c: Json) => c.column_name)).toEqual([
      "name",
      "state",
      "owner",
      "ds",
      "num",
    ]);
    expect(await names(admin, templated)).toEqual(["a", "b", "c", "d"]);
  });

  it("a custom-SQL x-axis on it takes its grain only if the database says it returns a time", async () => {
    const axis = (sqlExpression: string, timeGrain: string) => ({
      columns: [{ label: "x", sqlExpression, timeGrain, columnType: "BASE_AXIS", expressionType: "SQL" }],
      metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }],
      orderby: [[{ expressionType: "SQL", sqlExpression: "MIN(num)", label: "m" }, true]],
    });
    const rows = async (query: Json) => {
      const res = await chartData(admin, templated, query);
      const body = (await res.json()) as Json;
      expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
      return body.result[0].data.map((r: Json) => r.x);
    };
    // Text: grouped by its values (a day grain on it used to fail in the database).
    expect(await rows(axis("UPPER(state)", "P1D"))).toEqual(["CA", "NY", "TX", "X') OR 1=1 --"]);
    // A date computed in custom SQL: truncated to the year, the four rows in one group.
    const years = await rows(axis("CAST(ds AS DATE)", "P1Y"));
    expect(years).toHaveLength(1);
    expect(String(years[0])).toMatch(/^2024-01-01/);
  });

  it("filter_values follows a dashboard native filter (the filter the SPA merges into the query)", async () => {
    expect(
      await names(admin, templated, {
        filters: [{ col: "state", op: "IN", val: ["CA", "NY"], isExtra: true }],
      }),
    ).toEqual(["a", "b"]);
    expect(await names(admin, templated, { filters: [{ col: "state", op: "==", val: "TX" }] })).toEqual([
      "c",
    ]);
  });

  it("a filter value trying to break out of its quotes is one literal: it matches only that exact text", async () => {
    expect(
      await names(admin, templated, { filters: [{ col: "state", op: "IN", val: ["CA') OR 1=1 --"] }] }),
    ).toEqual([]);
    expect(
      await names(admin, templated, { filters: [{ col: "state", op: "IN", val: ["x') OR 1=1 --"] }] }),
    ).toEqual(["d"]);
    expect(await names(admin, templated, { url_params: { who: "admin' OR '1'='1" } })).toEqual([]);
  });

  it("url_param reads the page's URL parameters the query carries", async () => {
    expect(await names(admin, templated, { url_params: { who: "tpl_other" } })).toEqual(["b"]);
    expect(await names(admin, templated, { url_params: { who: "admin" } })).toEqual(["a", "c"]);
  });

  it("current_username() gives each user their rows, never another's cached result", async () => {
    expect(await names(admin, mine)).toEqual(["a", "c"]);
    expect(await names(other, mine)).toEqual(["b"]);
    expect(await names(admin, mine)).toEqual(["a", "c"]);
    // Once each user's result is cached (written off the reply path), each still gets their own.
    for (const [token, expected] of [
      [other, ["b"]],
      [admin, ["a", "c"]],
    ] as const) {
      await expect
        .poll(async () => {
          const item = ((await (await chartData(token, mine, {})).json()) as Json).result[0];
          return { cached: item.is_cached, names: item.data.map((r: Json) => r.name) };
        })
        .toEqual({ cached: true, names: expected });
    }
  });

  it("get_time_filter follows the chart's time range", async () => {
    const inFeb = [{ col: "ds", op: "TEMPORAL_RANGE", val: "2024-02-01 : 2024-03-01" }];
    expect(await names(admin, templated, { filters: inFeb })).toEqual(["b"]);
    const q1 = [{ col: "ds", op: "TEMPORAL_RANGE", val: "2024-01-01 : 2024-04-01" }];
    expect(await names(admin, templated, { filters: q1 })).toEqual(["a", "b", "c"]);
  });

  it("custom SQL metrics and WHERE clauses are rendered with the dataset's parameters and the request", async () => {
    const res = await chartData(admin, templated, {
      columns: ["state"],
      metrics: [{ expressionType: "SQL", sqlExpression: "SUM(num) * {{ factor }}", label: "scaled" }],
      extras: { where: "owner = '{{ url_param('who', 'admin') }}'" },
      orderby: [["state", true]],
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
    expect(body.result[0].data.map((r: Json) => Number(r.scaled))).toEqual([10, 30]);
  });

  it("dataset() wraps another dataset as a subquery and metric() reads a saved metric", async () => {
    const put = await s.call("PUT", `/api/v1/dataset/${templated}`, {
      token: admin,
      body: { metrics: [{ metric_name: "total", expression: "SUM(num)" }] },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const wrap = await dataset(
      engine,
      "tpl_wrap",
      `SELECT name, num FROM {{ dataset(${templated}) }} WHERE num > 2`,
    );
    expect(await names(admin, wrap)).toEqual(["c", "d"]);
    const res = await chartData(admin, templated, {
      columns: [],
      orderby: [],
      metrics: [{ expressionType: "SQL", sqlExpression: "{{ metric('total') }} * 2", label: "t2" }],
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
    expect(Number(body.result[0].data[0].t2)).toBe(20);
  });

  it("refuses sandbox escapes and unbounded work with a 4xx, never a 500 or a hang", async () => {
    for (const where of [
      "1 = {{ ''.__class__.__mro__ }}",
      "1 = {{ filter_values.constructor('return process')() }}",
      "1 = {{ cycler.__init__.__globals__ }}",
      "{% for i in range(10**9) %}{% endfor %}1 = 1",
      "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}",
      "1 = 1 {% for i in range(100000) %}/* 0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789 */{% endfor %}",
    ]) {
      const err = await refused(templated, { extras: { where } });
      expect(["INVALID_TEMPLATE_PARAMS_ERROR", "MISSING_TEMPLATE_PARAMS_ERROR"]).toContain(err.error_type);
    }
  });

  it("URL parameters can't end a comment the template wrote, nor hide behind a nested one", async () => {
    // Custom WHERE clauses take no comments; a dataset's SQL may have them.
    const commented = await dataset(
      engine,
      "tpl_comment",
      `${ROWS}\nWHERE 1 = 1 /*{{ url_param('a') }}*/ AND owner = '{{ url_param('b') }}'`,
    );
    expect(await names(admin, commented, { url_params: { a: "note", b: "admin" } })).toEqual(["a", "c"]);
    // Unquoted, "/" would open a nested comment that "*/*/" closes, leaving OR 1=1 as code.
    expect(await names(admin, commented, { url_params: { a: "/", b: "*/*/ OR 1=1 --" } })).toEqual([]);
    // PostgreSQL and DuckDB nest comments, Athena doesn't: a value after a nested one is refused.
    const nested = await dataset(
      engine,
      "tpl_nested",
      `${ROWS}\n/* a /* b */ WHERE owner = '{{ url_param('who') }}' */`,
    );
    const err = await refused(nested, { url_params: { who: "x' OR 1=1 --" } });
    expect(err.error_type).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
    expect(err.message).toMatch(/nested in a comment/);
    // In an E'…' string a backslash can't escape the closing quote.
    expect(
      await names(admin, templated, {
        url_params: { who: "\\' OR 1=1 --" },
        extras: { where: "owner = E'{{ url_param('who') }}'" },
      }),
    ).toEqual([]);
  });

  it("a missing parameter and a syntax error are Superset's template errors", async () => {
    const missing = await refused(templated, { extras: { where: "owner = {{ ownr }}" } });
    expect(missing.error_type).toBe("MISSING_TEMPLATE_PARAMS_ERROR");
    expect(missing.message).toMatch(/^The following parameters in your query are undefined: "ownr"/);
    const malformed = await refused(templated, { extras: { where: "owner = 'x'\n AND {{ 1 + }}" } });
    expect(malformed.error_type).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
    expect(malformed.extra.line).toBe(2);
  });

  it("SQL Lab renders the macros and its template parameters", async () => {
    const res = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: {
        database_id: databases[engine],
        sql: "SELECT '{{ current_username() }}' AS who, {{ n }} AS n, {{ current_user_roles()|where_in|length > 0 }} AS has_roles",
        templateParams: JSON.stringify({ n: 3 }),
        runAsync: false,
        client_id: `tpl${engine.slice(0, 4)}`,
      },
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
    expect(body.data[0]).toMatchObject({ who: "admin", n: 3 });
    // SQL Lab posts with its page's query string: url_param reads it, as a literal.
    const withUrl = await s.call("POST", "/api/v1/sqllab/execute/?region=o'west", {
      token: admin,
      body: {
        database_id: databases[engine],
        sql: "SELECT {{ url_param('region') }} AS region",
        runAsync: false,
      },
    });
    const urlBody = (await withUrl.json()) as Json;
    expect(withUrl.status, JSON.stringify(urlBody).slice(0, 400)).toBe(200);
    expect(urlBody.data[0]).toEqual({ region: "o'west" });
    const missing = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: {
        database_id: databases[engine],
        sql: "SELECT {{ nn }}",
        templateParams: '{"n": 1}',
        runAsync: false,
      },
    });
    const err = ((await missing.json()) as Json).errors[0];
    expect(missing.status).toBe(400);
    expect(err.extra.suggestions).toEqual({ nn: ["n"] });
  });
});
