import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * PUT /api/v1/database/{id} on the embedded examples database. The edit form sends the whole
 * record back, connection included, as Superset's does: repeating the connection unchanged is a
 * settings edit and saves; changing its engine or file is refused with a message naming the field.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let examples: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const q = "(filters:!((col:database_name,opr:eq,value:examples)))";
  examples = (await json(await s.call("GET", `/api/v1/database/?q=${q}`, { token: admin }))).ids[0];
});
afterAll(async () => {
  await s?.close();
});

const connection = async (id: number) =>
  (await json(await s.call("GET", `/api/v1/database/${id}/connection`, { token: admin }))).result;
const put = (id: number, body: Json) => s.call("PUT", `/api/v1/database/${id}`, { token: admin, body });

/** What the edit form sent before the fix: every field, the connection among them. */
const formBody = (over: Json = {}) => ({
  database_name: "examples",
  configuration_method: "dynamic_form",
  cache_timeout: null,
  engine: "duckdb",
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_file_upload: true,
  allow_ctas: true,
  allow_cvas: true,
  allow_multi_catalog: false,
  disable_data_preview: false,
  parameters: { path: "examples.duckdb" },
  ...over,
});

describe("editing the embedded examples database", () => {
  it("marks it as builtin in the connection detail, and no other database", async () => {
    expect((await connection(examples)).builtin).toBe(true);
    const other = await s.call("POST", "/api/v1/database/", {
      token: admin,
      body: { database_name: "plain duck", engine: "duckdb", parameters: { path: "plain.duckdb" } },
    });
    expect(other.status).toBe(201);
    expect((await json(other)).result.builtin).toBe(false);
  });

  it("saves its settings when the body repeats its connection unchanged", async () => {
    const res = await put(examples, formBody({ allow_dml: true, cache_timeout: 300 }));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await connection(examples)).toMatchObject({
      allow_dml: true,
      cache_timeout: 300,
      parameters: { path: "examples.duckdb" },
      sqlalchemy_uri: "duckdb:///examples.duckdb",
    });
    // The URI form of the same connection too.
    const uri = await put(examples, { sqlalchemy_uri: "duckdb:///examples.duckdb", allow_dml: false });
    expect(uri.status, await uri.clone().text()).toBe(200);
    expect((await connection(examples)).allow_dml).toBe(false);
  });

  it("saves its settings without the connection, and a rename keeps it on the examples file", async () => {
    const res = await put(examples, { database_name: "Examples renamed", expose_in_sqllab: false });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await connection(examples)).toMatchObject({
      database_name: "Examples renamed",
      expose_in_sqllab: false,
      builtin: true,
    });
    const tables = await json(
      await s.call("GET", `/api/v1/database/${examples}/tables/?q=(schema_name:main)`, { token: admin }),
    );
    expect(tables.result.map((t: Json) => t.value)).toContain("birth_names");
    // Put back for the other cases.
    expect((await put(examples, { database_name: "examples", expose_in_sqllab: true })).status).toBe(200);
  });

  it("refuses to change its file or engine, naming the field and keeping what it had", async () => {
    for (const [field, body] of [
      ["parameters", formBody({ parameters: { path: "other.duckdb" } })],
      ["sqlalchemy_uri", { sqlalchemy_uri: "duckdb:///other.duckdb" }],
      ["sqlalchemy_uri", { sqlalchemy_uri: "duckdb:///:memory:" }],
    ] as const) {
      const res = await put(examples, { ...body, allow_dml: true });
      expect(res.status).toBe(400);
      const message = (await json(res)).message;
      expect(Object.keys(message)).toEqual([field]);
      expect(message[field][0]).toMatch(/examples database .* can't be changed/);
    }
    const engine = await put(examples, formBody({ engine: "postgresql", parameters: undefined }));
    expect(engine.status).toBe(400);
    const after = await connection(examples);
    expect(after).toMatchObject({ allow_dml: false, parameters: { path: "examples.duckdb" } });
  });

  it("clears a nullable setting sent as null", async () => {
    expect((await put(examples, { force_ctas_schema: "main", allow_ctas: true })).status).toBe(200);
    expect((await connection(examples)).force_ctas_schema).toBe("main");
    expect((await put(examples, { force_ctas_schema: null })).status).toBe(200);
    expect((await connection(examples)).force_ctas_schema).toBeNull();
    // Left out, it is kept.
    expect((await put(examples, { force_ctas_schema: "main" })).status).toBe(200);
    expect((await put(examples, { allow_dml: false })).status).toBe(200);
    expect((await connection(examples)).force_ctas_schema).toBe("main");
  });
});

describe("editing a regular DuckDB database", () => {
  it("saves its settings and moves it to another file", async () => {
    const created = await s.call("POST", "/api/v1/database/", {
      token: admin,
      body: { database_name: "movable duck", engine: "duckdb", parameters: { path: "movable.duckdb" } },
    });
    expect(created.status).toBe(201);
    const id = (await json(created)).id;
    const res = await put(
      id,
      formBody({ database_name: "movable duck", parameters: { path: "moved.duckdb" }, allow_dml: true }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await connection(id)).toMatchObject({
      allow_dml: true,
      parameters: { path: "moved.duckdb" },
      builtin: false,
    });
  });
});
