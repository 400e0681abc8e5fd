import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Superset's `DELETE /api/v1/dataset/{id}/column/{column_id}` and `/metric/{metric_id}`: one
 * column or metric removed by its owner, the rest of the dataset as it was.
 */
type Json = Record<string, any>;

let s: TestServer;
let admin: string;
let alpha: string;
let gamma: string;
let examples: number;

const call = async (token: string | undefined, method: string, path: string, body?: unknown) => {
  const res = await s.call(method, path, { token, body });
  return { status: res.status, body: (await res.json()) as Json };
};
const detail = async (id: number) => (await call(admin, "GET", `/api/v1/dataset/${id}`)).body.result;

/** A virtual dataset of three columns (t its main time column) and two metrics, owned by the admin. */
async function dataset(name: string): Promise<number> {
  const made = await call(admin, "POST", "/api/v1/dataset/", {
    database: examples,
    schema: "main",
    table_name: name,
    sql: "SELECT 1 AS a, 2 AS b, TIMESTAMP '2024-01-01' AS t",
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.id as number;
  const before = await detail(id);
  const put = await call(admin, "PUT", `/api/v1/dataset/${id}?override_columns=false`, {
    main_dttm_col: "t",
    metrics: [
      ...before.metrics.map((m: Json) => ({
        id: m.id,
        metric_name: m.metric_name,
        expression: m.expression,
      })),
      { metric_name: "sum_a", expression: "SUM(a)" },
      { metric_name: "sum_b", expression: "SUM(b)" },
    ],
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return id;
}

beforeAll(async () => {
  s = await startTestServer({ examples: [] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  examples = (await call(admin, "GET", "/api/v1/database/")).body.ids[0];
  alpha = await userWithRoles(s, admin, "cm_alpha", ["Alpha"]);
  gamma = await userWithRoles(s, admin, "cm_gamma", ["Gamma"]);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe("deleting a dataset's column or metric", () => {
  it("removes the one column and keeps the others as they were", async () => {
    const id = await dataset("cm_columns");
    const before = await detail(id);
    const b = before.columns.find((c: Json) => c.column_name === "b");
    const res = await call(admin, "DELETE", `/api/v1/dataset/${id}/column/${b.id}`);
    expect(res).toEqual({ status: 200, body: { message: "OK" } });
    const after = await detail(id);
    expect(after.columns.map((c: Json) => c.column_name)).toEqual(
      before.columns.filter((c: Json) => c.id !== b.id).map((c: Json) => c.column_name),
    );
    expect(after.columns.map((c: Json) => c.id)).toEqual(
      before.columns.filter((c: Json) => c.id !== b.id).map((c: Json) => c.id),
    );
    expect(after.main_dttm_col).toBe("t");
    expect(after.metrics).toHaveLength(before.metrics.length);
  });

  it("clears the main time column setting when its column goes", async () => {
    const id = await dataset("cm_time");
    const t = (await detail(id)).columns.find((c: Json) => c.column_name === "t");
    expect((await call(admin, "DELETE", `/api/v1/dataset/${id}/column/${t.id}`)).status).toBe(200);
    const after = await detail(id);
    expect(after.main_dttm_col).toBeNull();
    // The dataset still answers queries.
    const data = await call(admin, "POST", "/api/v1/chart/data", {
      datasource: { id, type: "table" },
      queries: [{ columns: ["a"], metrics: ["sum_b"], row_limit: 5 }],
    });
    expect(data.status, JSON.stringify(data.body).slice(0, 300)).toBe(200);
  });

  it("removes one metric", async () => {
    const id = await dataset("cm_metrics");
    const before = await detail(id);
    const sumA = before.metrics.find((m: Json) => m.metric_name === "sum_a");
    expect((await call(admin, "DELETE", `/api/v1/dataset/${id}/metric/${sumA.id}`)).body).toEqual({
      message: "OK",
    });
    const names = (await detail(id)).metrics.map((m: Json) => m.metric_name);
    expect(names).not.toContain("sum_a");
    expect(names).toContain("sum_b");
    expect(names).toHaveLength(before.metrics.length - 1);
  });

  it("answers 404 for a column or metric the dataset does not have", async () => {
    const id = await dataset("cm_missing");
    const other = await dataset("cm_other");
    const foreign = (await detail(other)).columns[0].id;
    const missing = await call(admin, "DELETE", `/api/v1/dataset/${id}/column/987654`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/column not found/i);
    // Another dataset's column is not this one's, whatever its id.
    if (!(await detail(id)).columns.some((c: Json) => c.id === foreign))
      expect((await call(admin, "DELETE", `/api/v1/dataset/${id}/column/${foreign}`)).status).toBe(404);
    expect((await call(admin, "DELETE", `/api/v1/dataset/${id}/metric/987654`)).status).toBe(404);
    expect((await call(admin, "DELETE", `/api/v1/dataset/987654/metric/1`)).status).toBe(404);
  });

  it("is for the dataset's owners: others are refused and nothing changes", async () => {
    const id = await dataset("cm_owned");
    const before = await detail(id);
    const column = before.columns[0].id;
    const metric = before.metrics[0].id;
    const byAlpha = await call(alpha, "DELETE", `/api/v1/dataset/${id}/column/${column}`);
    expect(byAlpha.status).toBe(403);
    expect(byAlpha.body.errors[0].error_type).toBe("MISSING_OWNERSHIP_ERROR");
    expect((await call(alpha, "DELETE", `/api/v1/dataset/${id}/metric/${metric}`)).status).toBe(403);
    expect((await call(gamma, "DELETE", `/api/v1/dataset/${id}/column/${column}`)).status).toBe(403);
    expect((await call(undefined, "DELETE", `/api/v1/dataset/${id}/column/${column}`)).status).toBe(401);
    const after = await detail(id);
    expect(after.columns).toEqual(before.columns);
    expect(after.metrics).toEqual(before.metrics);
  });
});
