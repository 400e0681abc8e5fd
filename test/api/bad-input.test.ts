import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

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
