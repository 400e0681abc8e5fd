import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * `{{ dataset(id) }}` reads at most CHART_DATA_MAX_ROW rows of the dataset it names, wherever the
 * SQL holding it is read: chart data, a virtual dataset's samples and SQL Lab alike.
 */
type Json = Record<string, any>;
const MAX_ROWS = 40;
let s: TestServer;
let admin: string;
let examples: number;
let base: number;
let counted: number;

async function json(res: Response): Promise<Json> {
  return (await res.json()) as Json;
}

async function createDataset(table_name: string, sql: string): Promise<number> {
  const res = await s.call("POST", "/api/v1/dataset/", {
    token: admin,
    body: { database: examples, schema: "main", table_name, sql },
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"], chartData: { maxRows: MAX_ROWS } });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const dbs = await json(await s.call("GET", "/api/v1/database/", { token: admin }));
  examples = dbs.result.find((d: Json) => d.database_name === "examples").id;
  base = await createDataset("hundred_rows", "SELECT range AS n FROM range(100)");
  counted = await createDataset("counted_rows", `SELECT count(*) AS rows_read FROM {{ dataset(${base}) }}`);
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe("dataset() reads at most CHART_DATA_MAX_ROW rows", () => {
  it("in a virtual dataset's samples", async () => {
    const res = await s.call("POST", `/datasource/samples?datasource_type=table&datasource_id=${counted}`, {
      token: admin,
      body: {},
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    expect(body.result.data).toEqual([{ rows_read: MAX_ROWS }]);
  });

  it("in chart data", async () => {
    const res = await s.call("POST", "/api/v1/chart/data", {
      token: admin,
      body: {
        datasource: { id: counted, type: "table" },
        queries: [{ columns: ["rows_read"], row_limit: 10 }],
        result_format: "json",
        result_type: "full",
      },
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    expect(body.result[0].data).toEqual([{ rows_read: MAX_ROWS }]);
  });

  it("in SQL Lab", async () => {
    const res = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: { database_id: examples, sql: `SELECT count(*) AS rows_read FROM {{ dataset(${base}) }}` },
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    expect(body.data).toEqual([{ rows_read: MAX_ROWS }]);
  });
});
