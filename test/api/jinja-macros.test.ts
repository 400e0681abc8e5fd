import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Superset's `dataset()` and `metric()` macros wherever a dataset's SQL is read (chart data,
 * samples, filter value suggestions), with the caller's access and row-level security on the
 * dataset named; nested `metric()` expansion and its cycle refusal; str methods on request values.
 * Through the real server on DuckDB.
 */

type Json = Record<string, any>;
let s: TestServer;
let admin: string;
let partial: string; // reads the wrapping datasets, not the base one
let full: string; // reads both, under a row-level rule on the base one
let base: number;
let wrap: number;
let totals: number;

const ROWS = `SELECT * FROM (VALUES ('a', 'CA', 1), ('b', 'NY', 2), ('c', 'TX', 3)) AS t(name, state, num)`;

async function json(res: Response): Promise<Json> {
  return (await res.json()) as Json;
}

async function createDataset(table_name: string, sql: string, database: number): Promise<number> {
  const res = await s.call("POST", "/api/v1/dataset/", {
    token: admin,
    body: { database, schema: "main", table_name, sql },
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

async function roleWith(name: string, datasetIds: number[]): Promise<number> {
  const role = await json(await s.call("POST", "/api/v1/security/roles/", { token: admin, body: { name } }));
  const pvms = (
    await json(
      await s.call("GET", "/api/v1/security/permissions-resources/?q=(page_size:1000)", { token: admin }),
    )
  ).result as Json[];
  const ids = pvms
    .filter(
      (p) =>
        p.permission.name === "datasource_access" &&
        datasetIds.some((id) => (p.view_menu.name as string).endsWith(`(id:${id})`)),
    )
    .map((p) => p.id);
  expect(ids).toHaveLength(datasetIds.length);
  const res = await s.call("POST", `/api/v1/security/roles/${role.id}/permissions`, {
    token: admin,
    body: { permission_view_menu_ids: ids },
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return role.id;
}

function samples(token: string, id: number) {
  return s.call("POST", `/datasource/samples?datasource_type=table&datasource_id=${id}`, { token, body: {} });
}

function values(token: string, id: number, column: string) {
  return s.call("GET", `/api/v1/datasource/table/${id}/column/${column}/values/`, { token });
}

function chartData(token: string, id: number, query: Json) {
  return s.call("POST", "/api/v1/chart/data", {
    token,
    body: {
      datasource: { id, type: "table" },
      queries: [{ row_limit: 100, ...query }],
      result_format: "json",
      result_type: "full",
    },
  });
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const dbs = await json(await s.call("GET", "/api/v1/database/", { token: admin }));
  const examples = dbs.result.find((d: Json) => d.database_name === "examples").id;
  base = await createDataset("macro_base", ROWS, examples);
  const put = await s.call("PUT", `/api/v1/dataset/${base}`, {
    token: admin,
    body: {
      metrics: [
        { metric_name: "total", expression: "SUM(num)" },
        { metric_name: "doubled", expression: "{{ metric('total') }} * 2" },
        { metric_name: "quad", expression: "{{ metric('doubled') }} * 2" },
        { metric_name: "loop_a", expression: "{{ metric('loop_b') }} + 1" },
        { metric_name: "loop_b", expression: "{{ metric('loop_a') }} + 1" },
      ],
    },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  wrap = await createDataset(
    "macro_wrap",
    `SELECT name, num FROM {{ dataset(${base}) }} WHERE num > 1`,
    examples,
  );
  totals = await createDataset(
    "macro_totals",
    `SELECT {{ metric('quad', ${base}) }} AS quad FROM {{ dataset(${base}) }}`,
    examples,
  );

  const partialRole = await roleWith("macro_partial", [wrap, totals]);
  const fullRole = await roleWith("macro_full", [base, wrap, totals]);
  partial = await userWithRoles(s, admin, "macro_gamma_partial", ["Gamma", "macro_partial"]);
  full = await userWithRoles(s, admin, "macro_gamma_full", ["Gamma", "macro_full"]);
  expect(partialRole).not.toBe(fullRole);
  const rule = await s.call("POST", "/api/v1/rowlevelsecurity/", {
    token: admin,
    body: {
      name: "macro base rows",
      filter_type: "Regular",
      tables: [base],
      roles: [fullRole],
      clause: "num < 3",
    },
  });
  expect(rule.status, await rule.clone().text()).toBe(201);
}, 180_000);

afterAll(async () => {
  await s?.close();
});

describe("dataset() outside chart data", () => {
  it("samples of a virtual dataset read the dataset it names", async () => {
    const res = await samples(admin, wrap);
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
    expect(body.result.data.map((r: Json) => r.name).sort()).toEqual(["b", "c"]);
    expect(body.result.total_count).toBe(2);
  });

  it("filter value suggestions of such a dataset too", async () => {
    const res = await values(admin, wrap, "name");
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
    expect(body.result).toEqual(["b", "c"]);
  });

  it("metric() in a dataset's SQL expands nested metrics in samples as well", async () => {
    const res = await samples(admin, totals);
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
    expect(Number(body.result.data[0].quad)).toBe(24);
  });

  it("applies the caller's row-level rules on the dataset named", async () => {
    const res = await samples(full, wrap);
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
    expect(body.result.data.map((r: Json) => r.name)).toEqual(["b"]);
    const suggested = await json(await values(full, wrap, "name"));
    expect(suggested.result).toEqual(["b"]);
    const charted = await json(await chartData(full, wrap, { columns: ["name"], orderby: [["name", true]] }));
    expect(charted.result[0].data.map((r: Json) => r.name)).toEqual(["b"]);
    // quad over the rows the rule leaves: (1 + 2) * 4.
    const quad = await json(await samples(full, totals));
    expect(Number(quad.result.data[0].quad)).toBe(12);
  });

  it("a caller who can't read the dataset named gets chart data's refusal, and no rows", async () => {
    const charted = await chartData(partial, wrap, { columns: ["name"] });
    const chartErr = (await json(charted)).errors[0];
    expect(charted.status).toBe(400);
    expect(chartErr.message).toContain(`Dataset ${base} not found!`);
    for (const res of [await samples(partial, wrap), await values(partial, wrap, "name")]) {
      const body = await json(res);
      expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(400);
      expect(body.errors[0]).toMatchObject({
        error_type: "INVALID_TEMPLATE_PARAMS_ERROR",
        message: chartErr.message,
      });
      expect(JSON.stringify(body)).not.toMatch(/"(a|b|c)"/);
    }
    // metric() of a dataset the caller can't read is "not found" too.
    const hidden = await samples(partial, totals);
    expect(hidden.status).toBe(400);
    expect((await json(hidden)).errors[0].message).toContain(`Dataset ${base} not found!`);
    // The dataset named itself stays hidden.
    expect((await samples(partial, base)).status).toBe(404);
  });
});

describe("metric()", () => {
  it("expands a saved metric whose expression names other metrics", async () => {
    const res = await chartData(admin, base, {
      metrics: ["quad", { expressionType: "SQL", sqlExpression: "{{ metric('quad') }} + 1", label: "q1" }],
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
    expect(Number(body.result[0].data[0].quad)).toBe(24);
    expect(Number(body.result[0].data[0].q1)).toBe(25);
  });

  it("refuses a cycle with a 400 that names it", async () => {
    const res = await chartData(admin, base, { metrics: ["loop_a"] });
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(400);
    expect(body.errors[0].error_type).toBe("INVALID_TEMPLATE_PARAMS_ERROR");
    expect(body.errors[0].message).toContain("Cyclic metric macro detected: `loop_a` → `loop_b` → `loop_a`");
  });
});

describe("str methods on request values", () => {
  it("work on the value's text and keep it a literal", async () => {
    const names = async (who: string) => {
      const res = await chartData(admin, base, {
        columns: ["name"],
        orderby: [["name", true]],
        url_params: { who },
        extras: { where: "name = {{ url_param('who').strip().lower() }}" },
      });
      const body = await json(res);
      expect(res.status, JSON.stringify(body).slice(0, 600)).toBe(200);
      return body.result[0].data.map((r: Json) => r.name);
    };
    expect(await names("  B ")).toEqual(["b"]);
    expect(await names("X' OR 1=1 --")).toEqual([]);
  });
});

describe("dataset() and metric(name, id) in SQL Lab", () => {
  /** A SQL Lab user on database `dbName` who also reads the datasets of `datasetRole`. */
  async function sqlLabUser(name: string, dbName: string, datasetRole: string): Promise<string> {
    const role = await json(
      await s.call("POST", "/api/v1/security/roles/", { token: admin, body: { name: `${name}_db` } }),
    );
    const pvms = (
      await json(
        await s.call("GET", "/api/v1/security/permissions-resources/?q=(page_size:1000)", { token: admin }),
      )
    ).result as Json[];
    const dbAccess = pvms.filter(
      (p) => p.permission.name === "database_access" && String(p.view_menu.name).startsWith(`[${dbName}]`),
    );
    expect(dbAccess).toHaveLength(1);
    const granted = await s.call("POST", `/api/v1/security/roles/${role.id}/permissions`, {
      token: admin,
      body: { permission_view_menu_ids: dbAccess.map((p) => p.id) },
    });
    expect(granted.status, await granted.clone().text()).toBeLessThan(300);
    return userWithRoles(s, admin, name, ["Gamma", "sql_lab", `${name}_db`, datasetRole]);
  }

  async function databaseId(name: string): Promise<number> {
    const dbs = await json(await s.call("GET", "/api/v1/database/", { token: admin }));
    return dbs.result.find((d: Json) => d.database_name === name).id;
  }

  async function run(token: string, database: number, sql: string) {
    const res = await s.call("POST", "/api/v1/sqllab/execute/", {
      token,
      body: { database_id: database, sql, schema: "main" },
    });
    return { status: res.status, body: await json(res) };
  }

  it("reads the dataset named as the caller may: their row-level rules apply, another database's is not found", async () => {
    const examples = await databaseId("examples");
    const sql = `SELECT name, {{ metric('total', ${base}) }} AS total FROM {{ dataset(${base}) }} GROUP BY name ORDER BY name`;
    const asAdmin = await run(admin, examples, sql);
    expect(asAdmin.status, JSON.stringify(asAdmin.body).slice(0, 600)).toBe(200);
    expect(asAdmin.body.data).toEqual([
      { name: "a", total: 1 },
      { name: "b", total: 2 },
      { name: "c", total: 3 },
    ]);

    const ruledUser = await sqlLabUser("macro_lab_full", "examples", "macro_full");
    const ruled = await run(ruledUser, examples, sql);
    expect(ruled.status, JSON.stringify(ruled.body).slice(0, 600)).toBe(200);
    expect(ruled.body.data.map((r: Json) => r.name)).toEqual(["a", "b"]);

    // Someone whose SQL Lab is another database can't pull this one's dataset in through a macro.
    const scratch = await s.call("POST", "/api/v1/database/", {
      token: admin,
      body: {
        database_name: "macro_scratch",
        engine: "duckdb",
        parameters: { path: "macro-scratch.duckdb" },
        expose_in_sqllab: true,
      },
    });
    expect(scratch.status, await scratch.clone().text()).toBe(201);
    const outsider = await sqlLabUser("macro_lab_outsider", "macro_scratch", "macro_partial");
    const refused = await run(outsider, (await json(scratch)).id, `SELECT * FROM {{ dataset(${base}) }}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ error_type: "INVALID_TEMPLATE_PARAMS_ERROR" });
    expect(refused.body.errors[0].message).toContain(`Dataset ${base} not found!`);
    expect(JSON.stringify(refused.body)).not.toMatch(/"(a|b|c)"/);
  });
});

describe("dataset() in an alert's SQL", () => {
  it("is rendered with the owner's access when the alert is saved", async () => {
    const dbs = await json(await s.call("GET", "/api/v1/database/", { token: admin }));
    const examples = dbs.result.find((d: Json) => d.database_name === "examples").id;
    const chart = await json(
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: { slice_name: "Macro rows", viz_type: "table", datasource_id: base, datasource_type: "table" },
      }),
    );
    const alert = (sql: string) =>
      s.call("POST", "/api/v1/report/", {
        token: admin,
        body: {
          type: "Alert",
          name: `Macro alert ${sql.length}`,
          crontab: "0 9 * * *",
          chart: chart.id,
          database: examples,
          sql,
          validator_type: "operator",
          validator_config_json: { op: ">", threshold: 2 },
          report_format: "CSV",
          recipients: [{ type: "Email", recipient_config_json: { target: "ana@example.com" } }],
        },
      });
    const saved = await alert(`SELECT count(*) AS n FROM {{ dataset(${base}) }}`);
    expect(saved.status, await saved.clone().text()).toBe(201);
    const missing = await alert("SELECT count(*) AS n FROM {{ dataset(987654) }}");
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await json(missing))).toContain("Dataset 987654 not found!");
  });
});
