import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Owning a dataset with access to that dataset alone lets one edit how it is shown, not what it
 * reads: a new SQL, table, schema or template parameters (and, without database access,
 * expressions with subqueries or templates) could read any table of the database. Those need the
 * database access creating a dataset needs.
 */
let s: TestServer;
let admin: string;
let owner: string;
let examples: number;
let view: number;
let physical: number;
let templated: number;
let births: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

const LEAK =
  "SELECT b.*, (SELECT string_agg(source || ':' || CAST(value AS VARCHAR), ',') FROM energy_usage) AS leaked FROM birth_names b";

async function createDataset(body: Json): Promise<number> {
  const res = await s.call("POST", "/api/v1/dataset/", {
    token: admin,
    body: { database: examples, ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id;
}
const detail = async (id: number) =>
  (await json(await s.call("GET", `/api/v1/dataset/${id}`, { token: admin }))).result as Json;
const put = (id: number, body: Json, token = owner) =>
  s.call("PUT", `/api/v1/dataset/${id}`, { token, body });

/** A 422 naming `field`, saying database access is what is missing; nothing of energy_usage in it. */
async function expectRefused(res: Response, field: string, says: RegExp) {
  const text = await res.text();
  expect(res.status, text).toBe(422);
  expect(text).not.toMatch(/Nuclear|Coal/);
  const messages = (JSON.parse(text) as Json).message[field] as string[];
  expect(messages, text).toHaveLength(1);
  expect(messages[0]).toMatch(says);
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names", "energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const dbs = await json(await s.call("GET", "/api/v1/database/", { token: admin }));
  examples = dbs.result.find((d: Json) => d.database_name === "examples").id;
  view = await createDataset({ schema: "main", table_name: "owned_view", sql: "SELECT * FROM birth_names" });
  // A virtual dataset whose name is a table: dropping its SQL would read that table.
  physical = await createDataset({ table_name: "energy_usage", sql: "SELECT 1 AS one" });
  templated = await createDataset({
    schema: "main",
    table_name: "templated_view",
    sql: "SELECT name, num FROM birth_names {% if filtered %}WHERE num > 100{% endif %}",
    template_params: JSON.stringify({ filtered: true }),
  });
  const all = await json(await s.call("GET", "/api/v1/dataset/?q=(page_size:100)", { token: admin }));
  births = all.result.find((d: Json) => d.table_name === "birth_names" && d.kind === "physical").id;
  const perm = (table: string, id: number) => `[examples].[${table}](id:${id})`;
  await createRoleWith(s, admin, "dataset_owner", [
    ["can_read", "Dataset"],
    ["can_write", "Dataset"],
    ["datasource_access", perm("owned_view", view)],
    ["datasource_access", perm("energy_usage", physical)],
    ["datasource_access", perm("templated_view", templated)],
    ["datasource_access", perm("birth_names", births)],
  ]);
  owner = await userWithRoles(s, admin, "ds_owner", ["Gamma", "dataset_owner"]);
  const me = (await json(await s.call("GET", "/api/v1/me/", { token: owner }))).result.id as number;
  for (const id of [view, physical, templated, births]) {
    const res = await put(id, { owners: [me] }, admin);
    expect(res.status, await res.clone().text()).toBe(200);
  }
});
afterAll(() => s.close());

describe("an owner with access to the dataset only", () => {
  it("can't rewrite its SQL to read another table; the dataset is left as it was", async () => {
    await expectRefused(await put(view, { sql: LEAK }), "sql", /access to the whole database "examples"/);
    expect((await detail(view)).sql).toBe("SELECT * FROM birth_names");
    // Turning a virtual dataset into a physical one reads the table it is named after.
    await expectRefused(await put(physical, { sql: null }), "sql", /whole database/);
    expect((await detail(physical)).sql).toBe("SELECT 1 AS one");
  });

  it("can't point it at another schema, table or catalog", async () => {
    await expectRefused(await put(view, { schema: "information_schema" }), "schema", /whole database/);
    await expectRefused(await put(view, { catalog: "system" }), "catalog", /whole database/);
    expect(await detail(view)).toMatchObject({ schema: "main", catalog: null });
    await expectRefused(await put(births, { table_name: "energy_usage" }), "table_name", /whole database/);
    await expectRefused(
      await put(births, { sql: "SELECT * FROM energy_usage", table_name: "births_now" }),
      "sql",
      /whole database/,
    );
    expect(await detail(births)).toMatchObject({ table_name: "birth_names", sql: null });
  });

  it("can't change the template parameters of templated SQL", async () => {
    await expectRefused(
      await put(templated, { template_params: JSON.stringify({ filtered: false }) }),
      "template_params",
      /whole database/,
    );
  });

  it("can't save a metric, calculated column or values predicate with a subquery or a template", async () => {
    const before = await detail(view);
    const metrics = before.metrics.map((m: Json) => ({
      id: m.id,
      metric_name: m.metric_name,
      expression: m.expression,
    }));
    await expectRefused(
      await put(view, {
        metrics: [...metrics, { metric_name: "leak", expression: "(SELECT MAX(value) FROM energy_usage)" }],
      }),
      "metrics",
      /sub-queries/,
    );
    await expectRefused(
      await put(view, { metrics: [...metrics, { metric_name: "jinja", expression: "{{ 'MAX(num)' }}" }] }),
      "metrics",
      /templates in expressions need access to the whole database/,
    );
    const columns = before.columns.map((c: Json) => ({ id: c.id, column_name: c.column_name }));
    await expectRefused(
      await put(view, {
        columns: [...columns, { column_name: "leak", expression: "(SELECT MAX(source) FROM energy_usage)" }],
      }),
      "columns",
      /sub-queries/,
    );
    await expectRefused(
      await put(view, { fetch_values_predicate: "num IN (SELECT CAST(value AS INT) FROM energy_usage)" }),
      "fetch_values_predicate",
      /sub-queries/,
    );
    expect((await detail(view)).metrics.map((m: Json) => m.metric_name)).toEqual(["count"]);
  });

  it("still edits everything else: description, plain metrics, unused template parameters", async () => {
    // An expression an admin wrote stays as it is when the owner saves the dataset again.
    const withAdminMetric = await put(
      view,
      {
        metrics: [
          { metric_name: "count", expression: "COUNT(*)" },
          { metric_name: "max_energy", expression: "(SELECT MAX(value) FROM energy_usage)" },
        ],
      },
      admin,
    );
    expect(withAdminMetric.status, await withAdminMetric.clone().text()).toBe(200);
    const before = await detail(view);
    const res = await put(view, {
      description: "Births, by the owner",
      sql: " SELECT * FROM birth_names ",
      schema: "main",
      metrics: [
        ...before.metrics.map((m: Json) => ({
          id: m.id,
          metric_name: m.metric_name,
          expression: m.expression,
        })),
        { metric_name: "total", expression: "SUM(num)" },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await detail(view);
    expect(after.description).toBe("Births, by the owner");
    expect(after.metrics.map((m: Json) => m.metric_name)).toEqual(["count", "max_energy", "total"]);
    // Parameters nothing in the dataset renders change nothing it reads.
    const unrelatedParams = await put(view, { template_params: JSON.stringify({ any: 1 }) });
    expect(unrelatedParams.status, await unrelatedParams.clone().text()).toBe(200);
  });
});

describe("an owner with access to the whole database", () => {
  it("may change what the dataset reads, as creating one allows", async () => {
    const alpha = await userWithRoles(s, admin, "ds_alpha", ["Alpha"]);
    const created = await s.call("POST", "/api/v1/dataset/", {
      token: alpha,
      body: {
        database: examples,
        schema: "main",
        table_name: "alpha_view",
        sql: "SELECT * FROM birth_names",
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = (await json(created)).id;
    const res = await put(id, { sql: "SELECT source, value FROM energy_usage" }, alpha);
    expect(res.status, await res.clone().text()).toBe(200);
    const metric = await put(
      id,
      { metrics: [{ metric_name: "peak", expression: "(SELECT MAX(value) FROM energy_usage)" }] },
      alpha,
    );
    expect(metric.status, await metric.clone().text()).toBe(200);
  });
});
