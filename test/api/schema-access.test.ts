import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datasetId } from "../support/dashboard-fixtures.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Superset's schema_access: a role granted a schema reads every dataset in it, and no other. The
 * pair is listed for each schema holding a dataset, so an admin can grant it as any other.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let reader: string;
let birth: number;
let elsewhere: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = await datasetId(s, admin, "birth_names");
  const examples = (await json(await s.call("GET", `/api/v1/dataset/${birth}`, { token: admin }))).result;
  // A dataset outside the granted schema: the same database, named with another one.
  const created = await s.call("POST", "/api/v1/dataset/", {
    token: admin,
    body: {
      database: examples.database.id,
      schema: "information_schema",
      table_name: "schemata_outside",
      sql: "SELECT schema_name FROM information_schema.schemata",
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  elsewhere = (await json(created)).id;
  await createRoleWith(s, admin, "main_schema", [
    ["can_read", "Dataset"],
    ["can_read", "Chart"],
    ["schema_access", `[${examples.database.database_name}].[${examples.schema}]`],
  ]);
  reader = await userWithRoles(s, admin, "schema_reader", ["main_schema"]);
}, 180_000);
afterAll(() => s?.close());

const count = (token: string, id: number) =>
  s.call("POST", "/api/v1/chart/data", {
    token,
    body: {
      datasource: { id, type: "table" },
      queries: [{ metrics: [{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "n" }] }],
      result_format: "json",
      result_type: "full",
    },
  });

describe("schema_access", () => {
  it("is listed for the schemas that hold datasets, to be granted like any pair", async () => {
    const listed = await json(
      await s.call("GET", "/api/v1/security/permissions-resources/?q=(page_size:1000)", { token: admin }),
    );
    const schemas = listed.result
      .filter((pv: Json) => pv.permission.name === "schema_access")
      .map((pv: Json) => pv.view_menu.name);
    expect(schemas).toContain("[examples].[main]");
    expect(schemas).toContain("[examples].[information_schema]");
    const ids = listed.result.map((pv: Json) => pv.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("reads the datasets of the granted schema: listed, shown and queried", async () => {
    const list = await json(await s.call("GET", "/api/v1/dataset/?q=(page_size:100)", { token: reader }));
    const names = list.result.map((d: Json) => d.table_name);
    expect(names).toContain("birth_names");
    expect(names).not.toContain("schemata_outside");
    expect((await s.call("GET", `/api/v1/dataset/${birth}`, { token: reader })).status).toBe(200);
    const data = await count(reader, birth);
    const body = await json(data);
    expect(data.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    expect(body.result[0].data[0].n).toBeGreaterThan(0);
  });

  it("and nothing in another schema of the same database", async () => {
    expect((await s.call("GET", `/api/v1/dataset/${elsewhere}`, { token: reader })).status).toBe(404);
    const refused = await count(reader, elsewhere);
    expect(refused.status).toBe(404);
    expect((await json(refused)).errors[0].error_type).toBe("DATASOURCE_SECURITY_ACCESS_ERROR");
  });
});
