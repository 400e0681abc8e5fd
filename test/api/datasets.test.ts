import { encodeRison } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

let s: TestServer;
let admin: string;
let examplesId: number;

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const list = async (q: unknown, token = admin) => {
  const res = await s.call("GET", `/api/v1/dataset/?q=${encodeURIComponent(encodeRison(q))}`, { token });
  expect(res.status).toBe(200);
  return json(res);
};
const names = (body: Json) => (body.result as { table_name: string }[]).map((r) => r.table_name);

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names", "energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const dbs = await json(await s.call("GET", "/api/v1/database/", { token: admin }));
  examplesId = dbs.result.find((d: Json) => d.database_name === "examples").id;
  for (const sql of ["SELECT 1 AS one", "SELECT name, num FROM birth_names"]) {
    await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: {
        database: examplesId,
        schema: "main",
        table_name: sql.includes("birth") ? "virtual_births" : "virtual_one",
        sql,
      },
    });
  }
});
afterAll(() => s.close());

describe("example datasets", () => {
  it("are registered with Superset's names, columns and metrics", async () => {
    const body = await list({ filters: [{ col: "table_name", opr: "eq", value: "birth_names" }] });
    expect(body.count).toBe(1);
    const detail = await json(await s.call("GET", `/api/v1/dataset/${body.ids[0]}`, { token: admin }));
    const columns = detail.result.columns.map((c: Json) => c.column_name);
    expect(columns).toEqual(
      expect.arrayContaining(["ds", "gender", "name", "num", "state", "num_boys", "num_girls"]),
    );
    expect(detail.result.columns.find((c: Json) => c.column_name === "ds").is_dttm).toBe(true);
    expect(detail.result.main_dttm_col).toBe("ds");
    expect(detail.result.metrics.map((m: Json) => m.metric_name)).toContain("count");
    expect(detail.result.time_column).toEqual({
      column_name: "ds",
      type: "TIMESTAMP",
      verbose_name: "Time",
      is_dttm: true,
    });
  });
});

describe("list operators", () => {
  const cases: [string, unknown, string[]][] = [
    ["sw", "birth", ["birth_names"]],
    ["ew", "_usage", ["energy_usage"]],
    ["ct", "IRTH", ["birth_names", "virtual_births"]],
    ["eq", "energy_usage", ["energy_usage"]],
    ["nsw", "virtual", ["birth_names", "energy_usage"]],
    ["new", "s", ["energy_usage", "virtual_one"]],
    ["nct", "i", ["energy_usage"]],
    ["neq", "virtual_one", ["birth_names", "energy_usage", "virtual_births"]],
  ];
  for (const [opr, value, expected] of cases) {
    it(`filters table_name with ${opr}`, async () => {
      const body = await list({
        filters: [{ col: "table_name", opr, value }],
        order_column: "table_name",
        order_direction: "asc",
      });
      expect(names(body)).toEqual(expected);
    });
  }

  it("filters ids with gt, lt and between", async () => {
    const all = await list({ order_column: "id", order_direction: "asc" });
    const ids = all.ids as number[];
    expect(ids).toHaveLength(4);
    expect((await list({ filters: [{ col: "id", opr: "gt", value: ids[1] }] })).count).toBe(2);
    expect((await list({ filters: [{ col: "id", opr: "lt", value: ids[1] }] })).count).toBe(1);
    expect((await list({ filters: [{ col: "id", opr: "between", value: [ids[1], ids[2]] }] })).count).toBe(2);
  });

  it("filters relations with rel_o_m (database) and rel_m_m (owners)", async () => {
    expect((await list({ filters: [{ col: "database", opr: "rel_o_m", value: examplesId }] })).count).toBe(4);
    expect((await list({ filters: [{ col: "database", opr: "rel_o_m", value: 999 }] })).count).toBe(0);
    const me = await json(await s.call("GET", "/api/v1/me/", { token: admin }));
    // Datasets created through the API are owned by their creator; examples have no owner.
    expect(
      names(
        await list({
          filters: [{ col: "owners", opr: "rel_m_m", value: me.result.id }],
          order_column: "table_name",
        }),
      ),
    ).toEqual(["virtual_births", "virtual_one"]);
  });

  it("applies the named physical/virtual filter", async () => {
    const physical = await list({
      filters: [{ col: "sql", opr: "dataset_is_null_or_empty", value: true }],
      order_column: "table_name",
    });
    expect(names(physical)).toEqual(["birth_names", "energy_usage"]);
    const virtual = await list({
      filters: [{ col: "sql", opr: "dataset_is_null_or_empty", value: false }],
      order_column: "table_name",
    });
    expect(names(virtual)).toEqual(["virtual_births", "virtual_one"]);
  });

  it("drops empty and null filter values", async () => {
    const body = await list({
      filters: [
        { col: "table_name", opr: "ct", value: "" },
        { col: "schema", opr: "eq", value: null },
      ],
    });
    expect(body.count).toBe(4);
  });

  it("sorts, pages and selects columns", async () => {
    const page = await list({
      order_column: "table_name",
      order_direction: "desc",
      page: 1,
      page_size: 2,
      select_columns: ["id", "table_name"],
    });
    expect(page.count).toBe(4);
    expect(page.result).toEqual([
      { id: expect.any(Number), table_name: "energy_usage" },
      { id: expect.any(Number), table_name: "birth_names" },
    ]);
  });

  it("refuses unknown filter columns, operators and order columns with 400", async () => {
    for (const q of [
      { filters: [{ col: "password", opr: "eq", value: "x" }] },
      { filters: [{ col: "table_name", opr: "regex", value: "x" }] },
      { order_column: "nope" },
      { page_size: 100000 },
    ]) {
      const res = await s.call("GET", `/api/v1/dataset/?q=${encodeURIComponent(encodeRison(q))}`, {
        token: admin,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toHaveProperty("message");
    }
  });

  it("lists distinct schemas and related databases and owners", async () => {
    expect(
      (await json(await s.call("GET", "/api/v1/dataset/distinct/schema", { token: admin }))).result,
    ).toEqual([{ value: "main", text: "main" }]);
    const dbs = await json(
      await s.call("GET", "/api/v1/dataset/related/database?q=(filter:exa)", { token: admin }),
    );
    expect(dbs.result).toEqual([{ value: examplesId, text: "examples" }]);
    const owners = await json(await s.call("GET", "/api/v1/dataset/related/owners", { token: admin }));
    expect(owners.count).toBeGreaterThan(0);
  });

  it("reports permissions in _info", async () => {
    const info = await json(
      await s.call("GET", "/api/v1/dataset/_info?q=(keys:!(permissions))", { token: admin }),
    );
    expect(info.permissions).toEqual(expect.arrayContaining(["can_read", "can_write"]));
  });
});

describe("dataset editing", () => {
  it("creates a physical dataset with discovered columns and rejects duplicates and missing tables", async () => {
    const res = await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: { database: examplesId, schema: "main", table_name: "birth_names" },
    });
    expect(res.status).toBe(422);
    const missing = await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: { database: examplesId, schema: "main", table_name: "no_such_table" },
    });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await missing.json())).toMatch(/does not exist/);
  });

  it("saves columns and metrics as the edit modal sends them, and refuses a stale version", async () => {
    const { ids } = await list({ filters: [{ col: "table_name", opr: "eq", value: "virtual_births" }] });
    const id = ids[0];
    const before = (await json(await s.call("GET", `/api/v1/dataset/${id}`, { token: admin }))).result;
    const body = {
      table_name: "virtual_births",
      database_id: examplesId,
      sql: before.sql,
      description: "Names with counts",
      cache_timeout: "",
      owners: before.owners.map((o: Json) => o.id),
      columns: before.columns.map((c: Json) => ({
        id: c.id,
        column_name: c.column_name,
        verbose_name: c.column_name === "num" ? "Number" : null,
        is_dttm: false,
        filterable: true,
        groupby: true,
      })),
      metrics: [
        ...before.metrics.map((m: Json) => ({
          id: m.id,
          metric_name: m.metric_name,
          expression: m.expression,
        })),
        {
          metric_name: "total",
          expression: "SUM(num)",
          d3format: ",d",
          extra: JSON.stringify({ certification: { certified_by: "Data team", details: "Checked" } }),
        },
      ],
    };
    const res = await s.call("PUT", `/api/v1/dataset/${id}?override_columns=false`, { token: admin, body });
    expect(res.status).toBe(200);
    const after = (await json(await s.call("GET", `/api/v1/dataset/${id}`, { token: admin }))).result;
    expect(after.description).toBe("Names with counts");
    expect(after.cache_timeout).toBeNull();
    expect(after.columns.find((c: Json) => c.column_name === "num").verbose_name).toBe("Number");
    expect(after.metrics.find((m: Json) => m.metric_name === "total")).toMatchObject({
      expression: "SUM(num)",
      d3format: ",d",
    });

    const bad = await s.call("PUT", `/api/v1/dataset/${id}`, {
      token: admin,
      body: { metrics: [{ metric_name: "x", expression: "SUM(nope)" }] },
    });
    expect(bad.status).toBe(422);
    const injected = await s.call("PUT", `/api/v1/dataset/${id}`, {
      token: admin,
      body: { metrics: [{ metric_name: "x", expression: "1; DROP TABLE birth_names" }] },
    });
    expect(injected.status).toBe(422);
  });

  it("answers 409 when two editors save from the same version", async () => {
    const { ids } = await list({ filters: [{ col: "table_name", opr: "eq", value: "virtual_one" }] });
    const core = s.runtime.core;
    const stale = await core.deps.meta.get<Record<string, unknown>>("dataset", ids[0]);
    await s.call("PUT", `/api/v1/dataset/${ids[0]}`, { token: admin, body: { description: "first" } });
    await expect(
      core.deps.meta.update("dataset", stale!, { description: "second" }, null),
    ).rejects.toMatchObject({ status: 409 });
    const after = (await json(await s.call("GET", `/api/v1/dataset/${ids[0]}`, { token: admin }))).result;
    expect(after.description).toBe("first");
  });

  it("re-reads columns when the SQL changes (override_columns)", async () => {
    const { ids } = await list({ filters: [{ col: "table_name", opr: "eq", value: "virtual_one" }] });
    const res = await s.call("PUT", `/api/v1/dataset/${ids[0]}?override_columns=true`, {
      token: admin,
      body: { sql: "SELECT 1 AS one, 'a' AS letter" },
    });
    expect(res.status).toBe(200);
    const cols = (await json(res)).result.columns.map((c: Json) => c.column_name);
    expect(cols).toEqual(["one", "letter"]);
    const dml = await s.call("PUT", `/api/v1/dataset/${ids[0]}`, {
      token: admin,
      body: { sql: "DELETE FROM birth_names" },
    });
    expect(dml.status).toBe(422);
  });

  it("refreshes columns and serves samples with bound filters", async () => {
    const { ids } = await list({ filters: [{ col: "table_name", opr: "eq", value: "birth_names" }] });
    expect((await s.call("PUT", `/api/v1/dataset/${ids[0]}/refresh`, { token: admin })).status).toBe(200);
    const res = await s.call(
      "POST",
      `/datasource/samples?datasource_type=table&datasource_id=${ids[0]}&per_page=5&page=1`,
      {
        token: admin,
        body: { filters: [{ col: "gender", op: "==", val: "girl' OR '1'='1" }] },
      },
    );
    expect(res.status).toBe(200);
    expect((await json(res)).result.rowcount).toBe(0);
    const girls = await json(
      await s.call(
        "POST",
        `/datasource/samples?datasource_type=table&datasource_id=${ids[0]}&per_page=5&page=1`,
        { token: admin, body: { filters: [{ col: "gender", op: "==", val: "girl" }] } },
      ),
    );
    expect(girls.result.rowcount).toBe(5);
    expect(girls.result.total_count).toBeGreaterThan(5);
    expect(girls.result.data.every((r: Json) => r.gender === "girl")).toBe(true);
  });

  it("get_or_create returns the existing dataset id", async () => {
    const { ids } = await list({ filters: [{ col: "table_name", opr: "eq", value: "energy_usage" }] });
    const res = await s.call("POST", "/api/v1/dataset/get_or_create/", {
      token: admin,
      body: { table_name: "energy_usage", database_id: examplesId, schema: "main" },
    });
    expect((await json(res)).result.table_id).toBe(ids[0]);
  });

  it("keeps externally managed datasets read-only", async () => {
    const created = await json(
      await s.call("POST", "/api/v1/dataset/", {
        token: admin,
        body: {
          database: examplesId,
          schema: "main",
          table_name: "managed",
          sql: "SELECT 2 AS two",
          is_managed_externally: true,
        },
      }),
    );
    const res = await s.call("PUT", `/api/v1/dataset/${created.id}`, {
      token: admin,
      body: { description: "edit" },
    });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toMatch(/managed externally/);
    const stored = await s.runtime.core.deps.meta.get<{ is_managed_externally: boolean }>(
      "dataset",
      created.id,
    );
    await s.runtime.core.deps.meta.update("dataset", stored!, { is_managed_externally: false }, null);
    expect((await s.call("DELETE", `/api/v1/dataset/${created.id}`, { token: admin })).status).toBe(200);
  });
});

describe("dataset permissions", () => {
  it("shows Gamma users nothing without data access, and 404 on direct reads", async () => {
    const gamma = await userWithRoles(s, admin, "gina", ["Gamma"]);
    expect((await list({}, gamma)).count).toBe(0);
    const { ids } = await list({});
    expect((await s.call("GET", `/api/v1/dataset/${ids[0]}`, { token: gamma })).status).toBe(404);
    expect(
      (
        await s.call("POST", `/datasource/samples?datasource_type=table&datasource_id=${ids[0]}`, {
          token: gamma,
        })
      ).status,
    ).toBe(404);
    expect(
      (await s.call("PUT", `/api/v1/dataset/${ids[0]}`, { token: gamma, body: { description: "x" } })).status,
    ).toBe(403);
    expect((await s.call("DELETE", `/api/v1/dataset/${ids[0]}`, { token: gamma })).status).toBe(403);
  });

  it("lets Alpha users read all datasets but edit only those they own", async () => {
    const alpha = await userWithRoles(s, admin, "alfred", ["Alpha"]);
    const all = await list({}, alpha);
    expect(all.count).toBeGreaterThanOrEqual(4);
    const birth = (all.result as Json[]).find((r) => r.table_name === "birth_names")!;
    const res = await s.call("PUT", `/api/v1/dataset/${birth.id}`, {
      token: alpha,
      body: { description: "mine now" },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).errors[0].error_type).toBe("MISSING_OWNERSHIP_ERROR");
    const own = await s.call("POST", "/api/v1/dataset/", {
      token: alpha,
      body: { database: examplesId, schema: "main", table_name: "alpha_own", sql: "SELECT 3 AS three" },
    });
    expect(own.status).toBe(201);
    const { id } = await json(own);
    expect(
      (await s.call("PUT", `/api/v1/dataset/${id}`, { token: alpha, body: { description: "ok" } })).status,
    ).toBe(200);
    expect((await s.call("DELETE", `/api/v1/dataset/?q=!(${id})`, { token: alpha })).status).toBe(200);
  });

  it("bulk delete refuses all when one item is not allowed", async () => {
    const alpha = await userWithRoles(s, admin, "alba", ["Alpha"]);
    const own = await json(
      await s.call("POST", "/api/v1/dataset/", {
        token: alpha,
        body: { database: examplesId, schema: "main", table_name: "alba_own", sql: "SELECT 4 AS four" },
      }),
    );
    const { ids } = await list({ filters: [{ col: "table_name", opr: "eq", value: "birth_names" }] });
    const res = await s.call("DELETE", `/api/v1/dataset/?q=!(${own.id},${ids[0]})`, { token: alpha });
    expect(res.status).toBe(403);
    expect((await s.call("GET", `/api/v1/dataset/${own.id}`, { token: alpha })).status).toBe(200);
  });
});
