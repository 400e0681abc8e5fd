import { randomBytes } from "node:crypto";
import { readdirSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ examples: ["energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

/** Every bad request answers 4xx with Superset's shape (`message`), never a 500 or a stack. */
async function expect4xx(method: string, path: string, opts: { raw?: string; body?: unknown } = {}) {
  const res = await s.call(method, path, {
    token: admin,
    ...opts,
    headers: opts.raw !== undefined ? { "content-type": "application/json" } : undefined,
  });
  const text = await res.text();
  expect(res.status, `${method} ${path} → ${res.status} ${text}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${method} ${path} → ${text}`).toBeLessThan(500);
  const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
  expect(body.message ?? body.errors, `${method} ${path}`).toBeTruthy();
  expect(text).not.toMatch(/\bat .+\.ts:\d+/);
  return { status: res.status, body };
}

const WRITES: [string, string][] = [
  ["POST", "/api/v1/dataset/"],
  ["PUT", "/api/v1/dataset/1"],
  ["POST", "/api/v1/database/"],
  ["PUT", "/api/v1/database/1"],
  ["POST", "/api/v1/database/test_connection/"],
  ["POST", "/api/v1/database/validate_parameters/"],
  ["POST", "/api/v1/database/1/validate_sql/"],
  ["POST", "/api/v1/tag/"],
  ["POST", "/api/v1/tag/bulk_create"],
  ["POST", "/api/v1/security/users/"],
  ["POST", "/api/v1/security/roles/"],
  ["POST", "/api/v1/security/login"],
  ["POST", "/api/v1/dataset/get_or_create/"],
];

describe("bad input corpus", () => {
  for (const [method, path] of WRITES) {
    it(`${method} ${path}: malformed JSON, empty body, wrong types, unknown fields`, async () => {
      expect((await expect4xx(method, path, { raw: "{not json" })).status).toBe(400);
      expect((await expect4xx(method, path, { raw: "" })).status).toBe(400);
      await expect4xx(method, path, { body: [1, 2, 3] });
      await expect4xx(method, path, {
        body: { table_name: 42, database_name: 7, name: 9, sql: 1, tags: "x", username: [] },
      });
      const unknown = await expect4xx(method, path, { body: { definitely_not_a_field: true } });
      expect(JSON.stringify(unknown.body)).toMatch(/Unknown field|required|Invalid/i);
    });
  }

  it("rejects bad rison in q", async () => {
    for (const path of [
      "/api/v1/dataset/",
      "/api/v1/database/",
      "/api/v1/tag/",
      "/api/v1/dataset/related/owners",
      "/api/v1/database/1/tables/",
    ]) {
      const { body } = await expect4xx("GET", `${path}?q=(((`);
      expect(String(body.message)).toMatch(/rison/);
    }
    await expect4xx("GET", "/api/v1/dataset/?q=(page:-1)");
    await expect4xx("GET", "/api/v1/dataset/?q=(page_size:'a')");
    await expect4xx("GET", "/api/v1/dataset/?q=(filters:!((col:table_name,opr:between,value:1)))");
    await expect4xx("GET", "/api/v1/chart/favorite_status/?q=!(a)");
    await expect4xx("GET", "/api/v1/tag/favorite_status/?q=!(a)");
  });

  it("answers 404 for unknown ids and 4xx for non-numeric or out-of-range ones", async () => {
    expect((await expect4xx("GET", "/api/v1/dataset/99999")).status).toBe(404);
    expect((await expect4xx("GET", "/api/v1/database/99999")).status).toBe(404);
    expect((await expect4xx("PUT", "/api/v1/dataset/99999", { body: { description: "x" } })).status).toBe(
      404,
    );
    expect((await expect4xx("DELETE", "/api/v1/tag/99999")).status).toBe(404);
    await expect4xx("GET", "/api/v1/dataset/abc");
    await expect4xx("GET", "/api/v1/dataset/99999999999999999999");
    expect((await expect4xx("GET", "/api/v1/nothing/here")).status).toBe(404);
    await expect4xx("POST", "/datasource/samples?datasource_type=table&datasource_id=x");
    await expect4xx("POST", "/datasource/samples?datasource_type=nope&datasource_id=1");
    await expect4xx("GET", "/superset/fetch_datasource_metadata?datasourceKey=bogus");
  });

  it("refuses huge bodies with 413", async () => {
    const huge = JSON.stringify({ table_name: "x".repeat(11 * 1024 * 1024) });
    const { status } = await expect4xx("POST", "/api/v1/dataset/", { raw: huge });
    expect(status).toBe(413);
  });

  it("refuses out-of-range numbers", async () => {
    await expect4xx("POST", "/api/v1/database/", {
      body: { database_name: "x", engine: "duckdb", parameters: { path: "x.duckdb" }, cache_timeout: -5 },
    });
    await expect4xx("POST", "/api/v1/dataset/", { body: { database: 1.5, table_name: "x" } });
  });

  it("maps engine errors in virtual dataset SQL to typed 4xx errors", async () => {
    const { body } = await expect4xx("POST", "/api/v1/dataset/", {
      body: { database: 1, table_name: "broken", sql: "SELEC nope" },
    });
    expect(JSON.stringify(body)).toMatch(/SYNTAX_ERROR|GENERIC_DB_ENGINE_ERROR|INVALID_SQL_ERROR/);
    await expect4xx("POST", "/api/v1/dataset/", {
      body: { database: 1, table_name: "files", sql: "SELECT * FROM read_csv('/etc/passwd')" },
    });
  });
});

/**
 * The corpus: every route the app declares (read from Hono's route table, so a new route is
 * covered without editing this list), each tried with hostile path ids, rison arguments and
 * bodies. None may answer 5xx, every error must be JSON in Superset's shape, and no answer may
 * carry a stack or a server path.
 */
describe("hostile input over every route", () => {
  const BIG = "9007199254740993"; // 2^53 + 1: not representable, rounds to 2^53
  const HOSTILE_BODIES = [
    "null",
    "[]",
    '"text"',
    "{not json",
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    `{"id":${BIG},"page_size":${BIG},"row_limit":1e300,"database":${BIG},"datasource_id":${BIG}}`,
  ];
  // Form posts (SQL Lab tabs, the event log, legacy endpoints) convert text to numbers themselves.
  const HOSTILE_FORM = `id=${BIG}0000&database_id=${BIG}0000&query_limit=1e400&__proto__=x&events=null&form_data=null`;
  const HOSTILE_QUERIES = [
    "q=(__proto__:(polluted:!t))",
    `q=(page:${BIG},page_size:${BIG})`,
    "q=(page_size:1e300)",
    "q=(((",
    `q=!(${BIG})`,
  ];
  const LEAKS = [/\bat .+\.[jt]s:\d+/, /node_modules/, /\/tmp\/strata-/, new RegExp(`${homedir()}/`)];

  /** Concrete paths for a route pattern: numeric params get edge ids, named ones hostile names. */
  function expand(pattern: string, method: string): string[] {
    const numeric = method === "DELETE" ? ["999999", BIG, "99999999999999999999"] : ["1", BIG];
    let paths = [pattern];
    for (;;) {
      const m = /:([A-Za-z]+)(\{(?:[^{}]|\{[^}]*\})*\})?/.exec(paths[0]);
      if (!m) return paths;
      const isNumeric = m[2]?.includes("[0-9]+") || /id$/i.test(m[1]);
      const values = isNumeric ? numeric : ["__proto__", "constructor", "x"];
      paths = paths.flatMap((p) => values.map((v) => p.replace(m[0], v)));
    }
  }

  it("answers 4xx (never 5xx), JSON errors, no leaks", async () => {
    const routes = new Map<string, string>();
    for (const r of s.app.routes) {
      if (r.path.includes("*")) continue;
      const methods = r.method === "ALL" ? ["GET", "POST"] : [r.method];
      for (const m of methods) routes.set(`${m} ${r.path}`, m);
    }
    const counts: Record<string, number> = { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 };
    const failures: string[] = [];
    let total = 0;
    // As an admin (reaches the most code), a Gamma user (refusals) and anonymously.
    const callers = [admin, await userWithRoles(s, admin, "corpus_gamma", ["Gamma"]), undefined];
    let token: string | undefined;
    const record = async (method: string, path: string, raw?: string, type = "application/json") => {
      const res = await s.call(method, path, {
        token,
        raw,
        headers: raw === undefined ? undefined : { "content-type": type },
      });
      total++;
      counts[`${Math.floor(res.status / 100)}xx`] = (counts[`${Math.floor(res.status / 100)}xx`] ?? 0) + 1;
      const text = await res.text();
      const what = `${method} ${path}${raw === undefined ? "" : ` ${raw.slice(0, 60)}`} → ${res.status}`;
      if (res.status >= 500) failures.push(`${what} ${text.slice(0, 200)}`);
      if (res.status >= 400) {
        let shaped = false;
        try {
          const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
          shaped = Boolean(body.message ?? body.errors);
        } catch {}
        if (!shaped) failures.push(`${what}: not a JSON error: ${text.slice(0, 120)}`);
      }
      for (const leak of LEAKS)
        if (leak.test(text)) failures.push(`${what}: leaks ${leak}: ${text.slice(0, 200)}`);
    };
    const cases = callers.flatMap((caller) => [...routes].map(([key, method]) => ({ caller, key, method })));
    for (const { caller, key, method } of cases) {
      token = caller;
      const pattern = key.slice(method.length + 1);
      for (const path of expand(pattern, method)) {
        if (method === "GET") {
          for (const q of HOSTILE_QUERIES) await record(method, `${path}?${q}`);
        } else if (method === "DELETE") {
          await record(method, path);
          await record(method, `${path}?${HOSTILE_QUERIES[0]}`);
        } else {
          for (const raw of HOSTILE_BODIES) await record(method, path, raw);
          await record(method, path, HOSTILE_FORM, "application/x-www-form-urlencoded");
        }
      }
    }
    console.log(
      `bad-input corpus: ${routes.size} routes × ${callers.length} callers, ${total} requests, ` +
        Object.entries(counts)
          .map(([k, n]) => `${k} ${n}`)
          .join(", "),
    );
    expect(failures).toEqual([]);
    expect(counts["5xx"]).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);
});

describe("hostile shapes", () => {
  it("refuses __proto__ and constructor.prototype keys in bodies and rison, and pollutes nothing", async () => {
    const bodies = [
      '{"__proto__":{"polluted":true},"name":"x"}',
      '{"name":"x","extra":{"deep":{"__proto__":{"polluted":true}}}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
    ];
    for (const raw of bodies) {
      for (const [method, path] of [
        ["POST", "/api/v1/tag/"],
        ["POST", "/api/v1/database/validate_parameters/"],
        ["POST", "/superset/log/?explode=events"],
        ["PUT", "/tabstateview/1"],
      ]) {
        const { status, body } = await expect4xx(method, path, { raw });
        expect(status).toBe(400);
        expect(String(body.message)).toMatch(/__proto__|prototype/);
      }
    }
    const { body } = await expect4xx("GET", "/api/v1/dataset/?q=(__proto__:(polluted:!t))");
    expect(String(body.message)).toMatch(/__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A column may still be called "constructor": only the prototype path is refused.
    const ok = await s.call("POST", "/api/v1/tag/", { token: admin, body: { name: "constructor" } });
    expect(ok.status).toBeLessThan(300);
  });

  it("refuses integers beyond 2^53 in bodies, rison and paths", async () => {
    const big = "9007199254740993";
    for (const [method, path, raw] of [
      ["POST", "/api/v1/dataset/", `{"database":${big},"table_name":"x"}`],
      [
        "POST",
        "/api/v1/chart/data",
        `{"datasource":{"id":${big},"type":"table"},"queries":[{"row_limit":${big}}]}`,
      ],
      ["POST", "/api/v1/sqllab/execute/", `{"database_id":1,"sql":"SELECT 1","queryLimit":${big}}`],
    ]) {
      const { status, body } = await expect4xx(method, path, { raw });
      expect(status).toBe(400);
      expect(String(body.message)).toMatch(/too large/);
    }
    for (const q of [`(page_size:${big})`, `(page:${big})`, "(page_size:1e300)"]) {
      const { status } = await expect4xx("GET", `/api/v1/chart/?q=${q}`);
      expect(status).toBe(400);
    }
    for (const id of [big, "99999999999999999999"]) await expect4xx("GET", `/api/v1/chart/${id}`);
  });

  it("refuses a null, scalar or string body with a message saying what is expected", async () => {
    for (const raw of ["null", "42", '"text"', "true"]) {
      for (const path of ["/api/v1/tag/", "/superset/explore_json/", "/superset/log/?explode=events"]) {
        const { status, body } = await expect4xx("POST", path, { raw });
        expect(status).toBe(400);
        expect(String(body.message)).toMatch(/must be a JSON object/);
      }
    }
  });

  it("refuses an array body wherever an object is expected, even where every field is optional", async () => {
    const created = await s.call("POST", "/api/v1/dashboard/", {
      token: admin,
      body: { dashboard_title: "Arrays" },
    });
    const d = ((await created.json()) as { id: number }).id;
    // Every route that reads an object body through the shared parser.
    const OBJECT_BODY_ROUTES: [string, string][] = [
      ["POST", "/api/v1/annotation_layer/"],
      ["PUT", "/api/v1/annotation_layer/1"],
      ["POST", "/api/v1/annotation_layer/1/annotation/"],
      ["PUT", "/api/v1/annotation_layer/1/annotation/1"],
      ["POST", "/api/v1/chart/data"],
      ["POST", "/api/v1/chart/data/batch/"],
      ["POST", "/api/v1/chart/"],
      ["PUT", "/api/v1/chart/1"],
      ["POST", "/api/v1/dashboard/"],
      ["PUT", `/api/v1/dashboard/${d}`],
      ["PUT", `/api/v1/dashboard/${d}/filters`],
      ["PUT", `/api/v1/dashboard/${d}/colors?mark_updated=false`],
      ["POST", `/api/v1/dashboard/${d}/copy/`],
      ["POST", `/api/v1/dashboard/${d}/permalink`],
      ["POST", `/api/v1/dashboard/${d}/embedded`],
      ["PUT", `/api/v1/dashboard/${d}/embedded`],
      ["POST", "/api/v1/security/guest_token/"],
      ["POST", "/api/v1/database/"],
      ["PUT", "/api/v1/database/1"],
      ["POST", "/api/v1/database/test_connection/"],
      ["POST", "/api/v1/database/validate_parameters/"],
      ["POST", "/api/v1/database/1/validate_sql/"],
      ["POST", "/api/v1/dataset/"],
      ["PUT", "/api/v1/dataset/1"],
      ["POST", "/api/v1/dataset/get_or_create/"],
      ["POST", "/api/v1/dataset/duplicate"],
      ["POST", "/api/v1/explore/form_data"],
      ["PUT", "/api/v1/explore/form_data/somekey"],
      ["POST", "/api/v1/explore/permalink"],
      ["POST", "/api/v1/rowlevelsecurity/"],
      ["PUT", "/api/v1/rowlevelsecurity/1"],
      ["POST", "/api/v1/saved_query/"],
      ["PUT", "/api/v1/saved_query/1"],
      ["POST", "/login"],
      ["POST", "/api/v1/security/login"],
      ["POST", "/api/v1/security/users/"],
      ["PUT", "/api/v1/security/users/1"],
      ["POST", "/api/v1/security/roles/"],
      ["PUT", "/api/v1/security/roles/1"],
      ["POST", "/api/v1/security/roles/1/permissions"],
      ["PUT", "/api/v1/me/password"],
      ["POST", "/api/v1/sqllab/execute/"],
      ["POST", "/api/v1/query/stop"],
      ["POST", "/api/v1/sqllab/format_sql/"],
      ["POST", "/api/v1/sqllab/estimate/"],
      ["POST", "/api/v1/sqllab/permalink"],
      ["POST", "/api/v1/tag/"],
      ["PUT", "/api/v1/tag/1"],
      ["POST", "/api/v1/tag/bulk_create"],
    ];
    const wrong: string[] = [];
    for (const [method, path] of OBJECT_BODY_ROUTES) {
      for (const raw of ["[]", '[{"dashboard_title":"x"}]']) {
        const { status, body } = await expect4xx(method, path, { raw });
        if (status !== 400 || !/must be a JSON object, not an array/.test(String(body.message)))
          wrong.push(`${method} ${path} ${raw} → ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Nothing was written: the dashboard's metadata is as created.
    const read = await s.call("GET", `/api/v1/dashboard/${d}`, { token: admin });
    expect(
      JSON.parse(((await read.json()) as { result: { json_metadata: string } }).result.json_metadata),
    ).toEqual({});
  });

  it("refuses objects over DynamoDB's 400 KB item limit with 413 naming the field", async () => {
    const big = "x".repeat(420 * 1024);
    // 390 KB of layout plus the rest of a dashboard: the layout alone still fits.
    const layout = (size: number) =>
      JSON.stringify({
        DASHBOARD_VERSION_KEY: "v2",
        ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
        GRID_ID: { type: "GRID", id: "GRID_ID", children: ["MARKDOWN-1"], parents: ["ROOT_ID"] },
        "MARKDOWN-1": {
          type: "MARKDOWN",
          id: "MARKDOWN-1",
          children: [],
          parents: ["ROOT_ID", "GRID_ID"],
          meta: { code: "x".repeat(size), width: 4, height: 50 },
        },
      });
    const ds = (await (await s.call("GET", "/api/v1/dataset/?q=(page_size:1)", { token: admin })).json()) as {
      ids: number[];
    };
    const cases: [string, string, Record<string, unknown>, string][] = [
      [
        "POST",
        "/api/v1/dashboard/",
        { dashboard_title: "big", position_json: layout(420 * 1024) },
        "position_json",
      ],
      ["POST", "/api/v1/dashboard/", { dashboard_title: "big", css: big }, "css"],
      [
        "POST",
        "/api/v1/chart/",
        {
          slice_name: "big",
          viz_type: "table",
          datasource_id: ds.ids[0],
          datasource_type: "table",
          params: JSON.stringify({ viz_type: "table", note: big }),
        },
        "params",
      ],
      ["POST", "/api/v1/saved_query/", { label: "big", db_id: 1, sql: `SELECT 1 -- ${big}` }, "sql"],
      [
        "POST",
        "/api/v1/dataset/",
        { database: 1, table_name: "big_sql", sql: `SELECT 1 AS a -- ${big}` },
        "sql",
      ],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await expect4xx(method, path, { body });
      // Fields with their own bound (css) say so in a 400; the rest reach the store's 413.
      expect([400, 413], `${path} ${field}: ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(JSON.stringify(res.body.message)).toContain(field);
      if (res.status === 413) expect(String(res.body.message)).toMatch(/400 KB/);
    }
  });

  it("keeps SQL Lab tab state, as JSON or form fields, within bounds", async () => {
    const tab = await s.call("POST", "/tabstateview/", {
      token: admin,
      body: { label: "t", sql: "SELECT 1" },
    });
    expect(tab.status).toBeLessThan(300);
    const { id } = (await tab.json()) as { id: number };
    const sql = `SELECT 1 -- ${"x".repeat(420 * 1024)}`;
    await expect4xx("PUT", `/tabstateview/${id}`, { body: { sql } });
    for (const form of [`sql=${encodeURIComponent(sql)}`, "database_id=99999999999999999999"]) {
      const res = await s.call("PUT", `/tabstateview/${id}`, {
        token: admin,
        raw: form,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      const text = await res.text();
      expect(res.status, text).toBeGreaterThanOrEqual(400);
      expect(res.status, text).toBeLessThan(500);
    }
  });

  it("answers 4xx for broken percent-encoding in paths and query strings", async () => {
    for (const path of [
      "/api/v1/dataset/?q=%",
      "/api/v1/dataset/?q=%E0%A4%A",
      "/api/v1/dataset/%ZZ",
      "/api/v1/database/1/table_metadata/?name=%E0%A4%A&schema=%",
      "/api/v1/dashboard/%E0%A4%A",
      "/api/v1/chart/related/%E0%A4%A",
      "/api/v1/sqllab/export/%E0%A4%A/",
      "/superset/fetch_datasource_metadata?datasourceKey=%E0%A4%A",
    ]) {
      await expect4xx("GET", path);
    }
  });

  it("answers 4xx to hostile uploads, without server paths", async () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const cases: [Record<string, string>, string, BlobPart][] = [
      [{ type: "excel", table_name: "u1" }, "x.xlsx", garbage],
      [{ type: "columnar", table_name: "u2" }, "x.parquet", garbage],
      [{ type: "csv", table_name: "u3" }, "empty.csv", ""],
      [{ type: "csv", table_name: "u4" }, "../../../etc/passwd.csv", "a,b\n1,2\n"],
      [{ type: "csv", table_name: "u5", skip_rows: "99999999999999999999" }, "x.csv", "a,b\n1,2\n"],
      [{ type: "csv", table_name: "u6", header_row: "99999999999999999999" }, "x.csv", "a,b\n1,2\n"],
      [{ type: "csv", table_name: "u7", column_dates: "nope,__proto__" }, "x.csv", "a,b\n1,2\n"],
      [{ type: "csv", table_name: "u8", delimiter: "\u0000" }, "x.csv", "a,b\n1,2\n"],
      [{ type: "excel", table_name: "u9", sheet_name: "../../nope" }, "x.xlsx", garbage],
      [{ type: "csv", table_name: "__proto__" }, "x.csv", "a,b\n1,2\n"],
      [{ type: "csv", table_name: "u10", schema: "../../nope" }, "x.csv", "a,b\n1,2\n"],
    ];
    for (const [fields, name, content] of cases) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set("file", new File([content], name));
      const res = await s.app.request("/api/v1/database/1/upload/", {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${admin}` },
      });
      const text = await res.text();
      const what = `${JSON.stringify(fields)} ${name} → ${res.status} ${text.slice(0, 300)}`;
      expect(res.status, what).toBeLessThan(500);
      expect(text, what).not.toContain(tmpdir());
      expect(text, what).not.toMatch(/node_modules|\.ts:\d+/);
    }
  });

  it("answers JSON errors on non-API routes for API clients", async () => {
    for (const [method, path] of [
      ["POST", "/superset/unknown"],
      ["GET", "/login/x"],
      ["DELETE", "/logout/x"],
      ["PATCH", "/api/v1/chart/1"],
      ["PUT", "/health"],
    ]) {
      const res = await s.call(method, path, { token: admin, headers: { accept: "application/json" } });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get("content-type"), `${method} ${path}`).toMatch(/application\/json/);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
  });

  it("does not reveal server paths in SQL Lab errors about files and extensions", async () => {
    for (const sql of [
      "LOAD httpfs",
      "INSTALL spatial",
      "SELECT * FROM read_parquet('nope.parquet')",
      "SELECT * FROM 'data.csv'",
      "ATTACH 'other.duckdb' AS o",
      "COPY (SELECT 1) TO 'out.csv'",
      "SELECT * FROM read_text('../secret.key')",
    ]) {
      const res = await s.call("POST", "/api/v1/sqllab/execute/", {
        token: admin,
        body: { database_id: 1, sql, runAsync: false, client_id: randomBytes(5).toString("hex") },
      });
      const text = await res.text();
      const what = `${sql} → ${res.status} ${text.slice(0, 300)}`;
      expect(res.status, what).toBeLessThan(500);
      for (const dir of [tmpdir(), `${homedir()}/`, process.cwd()]) expect(text, what).not.toContain(dir);
    }
  });

  it("does not reveal server paths in engine errors", async () => {
    // A file that is not a DuckDB database, in the data directory: DuckDB's error names its full path.
    const name = `broken_${randomBytes(4).toString("hex")}.duckdb`;
    const made = await s.call("POST", "/api/v1/database/", {
      token: admin,
      body: {
        database_name: `probe ${name}`,
        engine: "duckdb",
        parameters: { path: name.replace("broken", "probe") },
      },
    });
    expect(made.status).toBe(201);
    const dir = readdirSync(tmpdir())
      .map((d) => join(tmpdir(), d, "databases"))
      .find((d) => {
        try {
          return readdirSync(d).includes(name.replace("broken", "probe"));
        } catch {
          return false;
        }
      });
    expect(dir).toBeTruthy();
    writeFileSync(join(dir as string, name), "this is not a database ".repeat(500));
    const res = await s.call("POST", "/api/v1/database/test_connection/", {
      token: admin,
      body: { engine: "duckdb", parameters: { path: name } },
    });
    const text = await res.text();
    expect(res.status, text).toBeGreaterThanOrEqual(400);
    expect(res.status, text).toBeLessThan(500);
    expect(text).toContain(name);
    expect(text).not.toContain(dir as string);
    expect(text).not.toContain(tmpdir());
  });
});

describe("background jobs", () => {
  let a: TestServer;
  let token: string;
  beforeAll(async () => {
    a = await startTestServer({ examples: ["birth_names"], globalAsyncQueries: true });
    token = await a.login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => a.close());

  it("refuses a chart-data request too large for an SQS message with 413, not a 500 in the cloud", async () => {
    const ds = ((await (await a.call("GET", "/api/v1/dataset/", { token })).json()) as { ids: number[] })
      .ids[0];
    const names = Array.from({ length: 30_000 }, (_, i) => `name_${i}_pad`);
    const res = await a.call("POST", "/api/v1/chart/data", {
      token,
      body: {
        datasource: { id: ds, type: "table" },
        queries: [
          { columns: ["name"], metrics: ["count"], filters: [{ col: "name", op: "IN", val: names }] },
        ],
        result_format: "json",
        result_type: "full",
      },
    });
    const text = await res.text();
    expect(res.status, text).toBe(413);
    expect(JSON.parse(text).message).toMatch(/too large to run in the background/);
  });
});
