import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;
let db: number;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

const run = (body: Record<string, unknown>, token = admin) =>
  s.call("POST", "/api/v1/sqllab/execute/", { token, body: { database_id: db, schema: "main", ...body } });

describe("SQL Lab execution", () => {
  it("runs a query synchronously with the limit applied and reported", async () => {
    const res = await run({
      client_id: "c1",
      sql: "SELECT name, num FROM birth_names ORDER BY num DESC",
      queryLimit: 5,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.status).toBe("success");
    expect(body.data).toHaveLength(5);
    expect(body.columns.map((c: Json) => c.name)).toEqual(["name", "num"]);
    expect(body.query).toMatchObject({ state: "success", limitingFactor: "DROPDOWN", progress: 100 });
    const again = await json(
      await s.call("GET", `/api/v1/sqllab/results/?q=(key:'${body.query.resultsKey}',rows:2)`, {
        token: admin,
      }),
    );
    expect(again.data).toHaveLength(2);
  });

  it("renders template parameters and suggests near matches for missing ones", async () => {
    const ok = await json(
      await run({
        sql: "SELECT COUNT(*) AS n FROM birth_names WHERE state = '{{ st }}'",
        templateParams: '{"st": "CA"}',
      }),
    );
    expect(ok.data[0].n).toBeGreaterThan(0);
    const res = await run({ sql: "SELECT '{{ stat }}' AS x", templateParams: '{"state": "CA"}' });
    expect(res.status).toBe(400);
    const err = (await json(res)).errors[0];
    expect(err.error_type).toBe("MISSING_TEMPLATE_PARAMS_ERROR");
    expect(err.extra.suggestions).toEqual({ stat: ["state"] });
  });

  it("refuses DML unless the database allows it, and reports engine errors", async () => {
    const dml = await run({ sql: "DELETE FROM birth_names" });
    expect(dml.status).toBe(400);
    expect((await json(dml)).errors[0].error_type).toBe("DML_NOT_ALLOWED_ERROR");
    const bad = await run({ sql: "SELEC 1" });
    expect(bad.status).toBe(400);
    const count = await json(await run({ sql: "SELECT COUNT(*) AS n FROM birth_names" }));
    expect(count.data[0].n).toBe(75691);
  });

  it("runs asynchronously through the queue when the database allows it", async () => {
    expect((await run({ sql: "SELECT 1", runAsync: true })).status).toBe(422);
    await s.call("PUT", `/api/v1/database/${db}`, { token: admin, body: { allow_run_async: true } });
    const res = await run({
      client_id: "async1",
      sql: "SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender ORDER BY gender",
      runAsync: true,
    });
    expect(res.status).toBe(202);
    expect((await json(res)).query.state).toBe("pending");
    const deadline = Date.now() + 20_000;
    let done: Json | undefined;
    while (!done && Date.now() < deadline) {
      const updated = (
        await json(await s.call("GET", "/api/v1/query/updated_since?q=(last_updated_ms:0)", { token: admin }))
      ).result as Json[];
      done = updated.find((q) => q.client_id === "async1" && q.state === "success");
      if (!done) await new Promise((r) => setTimeout(r, 100));
    }
    expect(done).toBeDefined();
    const results = await json(
      await s.call("GET", `/api/v1/sqllab/results/?q=(key:'${done!.resultsKey}')`, { token: admin }),
    );
    expect(results.data.map((r: Json) => r.gender)).toEqual(["boy", "girl"]);
  });

  it("keeps each user's history private and refuses users without SQL Lab access", async () => {
    const gamma = await userWithRoles(s, admin, "nosql", ["Gamma"]);
    expect((await run({ sql: "SELECT 1" }, gamma)).status).toBe(403);
    const analyst = await userWithRoles(s, admin, "analyst", ["sql_lab", "Alpha"]);
    const mine = await run({ client_id: "mine1", sql: "SELECT 1 AS one" }, analyst);
    expect(mine.status).toBe(200);
    const history = await json(await s.call("GET", "/api/v1/query/", { token: analyst }));
    expect(history.result.map((q: Json) => q.client_id)).toEqual(["mine1"]);
    const adminQuery = (await json(await s.call("GET", "/api/v1/query/", { token: admin }))).ids.at(-1);
    expect((await s.call("GET", `/api/v1/query/${adminQuery}`, { token: analyst })).status).toBe(404);
    expect(
      (await s.call("POST", "/api/v1/query/stop", { token: analyst, body: { client_id: "c1" } })).status,
    ).toBe(404);
  });
});

describe("saved queries", () => {
  it("saves, lists only the caller's own, updates and deletes", async () => {
    const created = await s.call("POST", "/api/v1/saved_query/", {
      token: admin,
      body: { label: "Top names", db_id: db, schema: "main", sql: "SELECT name FROM birth_names LIMIT 10" },
    });
    expect(created.status).toBe(201);
    const { id, result } = await json(created);
    expect(result.database).toEqual({ id: db, database_name: "examples" });
    const put = await s.call("PUT", `/api/v1/saved_query/${id}`, {
      token: admin,
      body: { label: "Top 10 names" },
    });
    expect((await json(put)).result.label).toBe("Top 10 names");
    const search = await json(
      await s.call("GET", "/api/v1/saved_query/?q=(filters:!((col:label,opr:all_text,value:top)))", {
        token: admin,
      }),
    );
    expect(search.ids).toEqual([id]);
    const analyst = await userWithRoles(s, admin, "saver", ["sql_lab", "Alpha"]);
    expect((await json(await s.call("GET", "/api/v1/saved_query/", { token: analyst }))).count).toBe(0);
    expect((await s.call("GET", `/api/v1/saved_query/${id}`, { token: analyst })).status).toBe(404);
    expect(
      (
        await s.call("POST", "/api/v1/saved_query/", {
          token: admin,
          body: { label: "x", db_id: 999, sql: "SELECT 1" },
        })
      ).status,
    ).toBe(422);
    expect((await s.call("DELETE", `/api/v1/saved_query/${id}`, { token: admin })).status).toBe(200);
  });

  it("reads a user's own saved queries for their list, not everyone's; admins list all", async () => {
    const save = (token: string, label: string) =>
      s.call("POST", "/api/v1/saved_query/", { token, body: { label, db_id: db, sql: "SELECT 1" } });
    const prolific = await userWithRoles(s, admin, "prolific", ["sql_lab", "Alpha"]);
    const modest = await userWithRoles(s, admin, "modest", ["sql_lab", "Alpha"]);
    for (let i = 0; i < 15; i++) expect((await save(prolific, `Prolific ${i}`)).status).toBe(201);
    expect((await save(modest, "Modest")).status).toBe(201);
    const reads = s.runtime.core.deps.meta.reads as Record<string, number>;
    const before = reads.saved_query ?? 0;
    const mine = await json(await s.call("GET", "/api/v1/saved_query/", { token: modest }));
    expect(mine.result.map((r: Json) => r.label)).toEqual(["Modest"]);
    expect((reads.saved_query ?? 0) - before).toBe(1);
    const all = await json(await s.call("GET", "/api/v1/saved_query/?q=(page_size:100)", { token: admin }));
    expect(all.count).toBeGreaterThanOrEqual(16);
  });
});

describe("tab state on the server", () => {
  it("creates, updates, activates and restores tabs per user, from JSON or form fields", async () => {
    const a = await json(
      await s.call("POST", "/tabstateview/", {
        token: admin,
        body: {
          queryEditor: JSON.stringify({
            name: "Untitled Query 1",
            dbId: db,
            schema: "main",
            sql: "SELECT 1",
          }),
        },
      }),
    );
    const form = new URLSearchParams({
      queryEditor: JSON.stringify({ name: "Untitled Query 2", dbId: db, sql: "SELECT 2" }),
    });
    const b = await json(
      await s.app.request("/tabstateview/", {
        method: "POST",
        headers: { authorization: `Bearer ${admin}`, "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      }),
    );
    const put = await s.app.request(`/tabstateview/${a.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ sql: "SELECT 42", hide_left_bar: "true", query_limit: "500" }).toString(),
    });
    expect(put.status).toBe(200);
    await s.call("POST", `/tabstateview/${a.id}/activate`, { token: admin });
    const boot = (await json(await s.call("GET", "/api/v1/sqllab/", { token: admin }))).result;
    expect(boot.tab_state_ids).toEqual([
      [a.id, "Untitled Query 1"],
      [b.id, "Untitled Query 2"],
    ]);
    expect(boot.active_tab).toMatchObject({
      id: a.id,
      sql: "SELECT 42",
      hide_left_bar: true,
      query_limit: 500,
      database_id: db,
    });

    // The latest query goes by its client id, as Superset's client sends it (or the numeric id).
    const ran = await json(await run({ client_id: "tabq1", sql: "SELECT 5 AS five" }));
    expect(
      (await s.call("PUT", `/tabstateview/${a.id}`, { token: admin, body: { latest_query_id: "tabq1" } }))
        .status,
    ).toBe(200);
    expect(
      (await json(await s.call("GET", `/tabstateview/${a.id}`, { token: admin }))).latest_query,
    ).toMatchObject({
      id: "tabq1",
      resultsKey: ran.query.resultsKey,
    });
    expect(
      (
        await s.call("PUT", `/tabstateview/${a.id}`, {
          token: admin,
          body: { latest_query_id: ran.query_id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await s.call("PUT", `/tabstateview/${a.id}`, { token: admin, body: { latest_query_id: "nope" } }))
        .status,
    ).toBe(404);

    const table = await json(
      await s.call("POST", "/tableschemaview/", {
        token: admin,
        body: {
          table: JSON.stringify({
            dbId: db,
            queryEditorId: a.id,
            schema: "main",
            name: "birth_names",
            columns: [],
          }),
        },
      }),
    );
    await s.call("POST", `/tableschemaview/${table.id}/expanded`, {
      token: admin,
      body: { expanded: false },
    });
    const tab = await json(await s.call("GET", `/tabstateview/${a.id}`, { token: admin }));
    expect(tab.table_schemas).toEqual([expect.objectContaining({ table: "birth_names", expanded: false })]);

    const other = await userWithRoles(s, admin, "tabber", ["sql_lab", "Alpha"]);
    expect((await s.call("GET", `/tabstateview/${a.id}`, { token: other })).status).toBe(404);
    expect((await s.call("PUT", `/tabstateview/${a.id}`, { token: other, body: { sql: "x" } })).status).toBe(
      404,
    );
    expect((await s.call("PUT", `/tabstateview/${a.id}`, { token: admin, body: { nope: 1 } })).status).toBe(
      400,
    );
    expect((await s.call("DELETE", `/tabstateview/${b.id}`, { token: admin })).status).toBe(200);
    expect((await s.call("GET", `/tabstateview/${b.id}`, { token: admin })).status).toBe(404);
  });
});

describe("tab state per user", () => {
  const tabsOf = async (token: string) =>
    (await json(await s.call("GET", "/api/v1/sqllab/", { token }))).result.tab_state_ids as [
      number,
      string,
    ][];
  const newTab = async (token: string, name: string) =>
    (
      await json(
        await s.call("POST", "/tabstateview/", {
          token,
          body: { queryEditor: JSON.stringify({ name, dbId: db, sql: "SELECT 1" }) },
        }),
      )
    ).id as number;

  it("reads only the caller's tabs and tables, whatever other users keep", async () => {
    const busy = await userWithRoles(s, admin, "busytabs", ["sql_lab", "Alpha"]);
    const quiet = await userWithRoles(s, admin, "quiettabs", ["sql_lab", "Alpha"]);
    for (let i = 0; i < 25; i++) {
      const id = await newTab(busy, `Busy ${i}`);
      await s.call("POST", "/tableschemaview/", {
        token: busy,
        body: { table: JSON.stringify({ dbId: db, queryEditorId: id, schema: "main", name: "birth_names" }) },
      });
    }
    const mine = await newTab(quiet, "Quiet");
    const reads = s.runtime.core.deps.meta.reads as Record<string, number>;
    const before = { tabs: reads.tab_state ?? 0, tables: reads.table_schema ?? 0 };
    expect(await tabsOf(quiet)).toEqual([[mine, "Quiet"]]);
    expect((reads.tab_state ?? 0) - before.tabs).toBe(1);
    expect((reads.table_schema ?? 0) - before.tables).toBe(0);
    expect(await tabsOf(busy)).toHaveLength(25);
  });

  it("restores tabs and tables written before that per-user read, once recovery ran (at start-up or on the minute tick)", async () => {
    const user = await userWithRoles(s, admin, "oldtabs", ["sql_lab", "Alpha"]);
    const id = await newTab(user, "Kept from before");
    await s.call("POST", "/tableschemaview/", {
      token: user,
      body: { table: JSON.stringify({ dbId: db, queryEditorId: id, schema: "main", name: "birth_names" }) },
    });
    // What an older version wrote: the items without their per-owner index keys.
    const meta = s.runtime.core.deps.meta;
    const doc = (meta as unknown as { doc: DynamoDBDocumentClient }).doc;
    for (const type of ["tab_state", "table_schema"]) {
      const items = await doc.send(
        new QueryCommand({
          TableName: meta.table,
          IndexName: "gsi1",
          KeyConditionExpression: "gsi1pk = :t",
          ExpressionAttributeValues: { ":t": type },
        }),
      );
      for (const item of items.Items ?? [])
        await doc.send(
          new UpdateCommand({
            TableName: meta.table,
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: "REMOVE gsi2pk, gsi2sk",
          }),
        );
      await meta.deleteValue(`owner-index-backfilled#${type}`);
    }
    expect(await tabsOf(user)).toEqual([]);

    await s.runtime.core.recover(); // the minute tick's, as a cloud deployment runs it
    expect(await tabsOf(user)).toEqual([[id, "Kept from before"]]);
    const tab = await json(await s.call("GET", `/tabstateview/${id}`, { token: user }));
    expect(tab.table_schemas).toEqual([expect.objectContaining({ table: "birth_names" })]);
  });
});

describe("format and estimate", () => {
  it("formats SQL in the database's dialect and explains a query without running it", async () => {
    const f = await json(
      await s.call("POST", "/api/v1/sqllab/format_sql/", {
        token: admin,
        body: { sql: "select a,b from t where a=1", database_id: db },
      }),
    );
    expect(f.result).toBe("SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  a = 1");
    const e = await s.call("POST", "/api/v1/sqllab/estimate/", {
      token: admin,
      body: { database_id: db, sql: "SELECT COUNT(*) FROM birth_names" },
    });
    expect(e.status).toBe(200);
    const plan = (await json(e)).result[0].plan as string;
    expect(plan).toMatch(/SCAN|birth_names/i);
  });
});

describe("SQL Lab permalinks", () => {
  it("stores an editor state and gives it back to users who can see the database", async () => {
    const link = await json(
      await s.call("POST", "/api/v1/sqllab/permalink", {
        token: admin,
        body: { dbId: db, sql: "SELECT 7", name: "Seven", autorun: false },
      }),
    );
    expect(link.key).toMatch(/^kv:/);
    const state = await json(await s.call("GET", `/api/v1/sqllab/permalink/${link.key}`, { token: admin }));
    expect(state).toMatchObject({ dbId: db, sql: "SELECT 7", name: "Seven" });
    const gamma = await userWithRoles(s, admin, "linkgamma", ["Gamma"]);
    expect((await s.call("GET", `/api/v1/sqllab/permalink/${link.key}`, { token: gamma })).status).toBe(404);
  });
});

describe("stopping a query", () => {
  it("interrupts a long synchronous run from another request and keeps it stopped", async () => {
    const running = run({ client_id: "long1", sql: "SELECT COUNT(*) FROM range(20000000000) a" });
    await new Promise((r) => setTimeout(r, 400));
    const stop = await s.call("POST", "/api/v1/query/stop", { token: admin, body: { client_id: "long1" } });
    expect(stop.status).toBe(200);
    const res = await running;
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.status).toBe("stopped");
    const q = await json(await s.call("GET", `/api/v1/query/${body.query_id}`, { token: admin }));
    expect(q.result.state).toBe("stopped");
  });
});

describe("a query posted to /sqllab/", () => {
  it("is kept for its poster and opened from /sqllab/?incoming=…; the session needs the CSRF token field", async () => {
    const ds = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
    const form = new URLSearchParams({ datasourceKey: `${ds}__table`, sql: "SELECT 1 AS posted" });
    const res = await s.app.request("/sqllab/", {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    const key = new URL(res.headers.get("location")!, "http://x").searchParams.get("incoming");
    const got = await json(await s.call("GET", `/api/v1/sqllab/incoming/${key}`, { token: admin }));
    expect(got.result).toMatchObject({
      sql: "SELECT 1 AS posted",
      database_id: db,
      datasource_key: `${ds}__table`,
    });
    const other = await userWithRoles(s, admin, "poster2", ["sql_lab", "Alpha"]);
    expect((await s.call("GET", `/api/v1/sqllab/incoming/${key}`, { token: other })).status).toBe(404);

    const login = await s.call("POST", "/login/", { body: ADMIN });
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const noToken = await s.app.request("/sqllab/", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(noToken.status).toBe(403);
    const csrf = (await json(await s.call("GET", "/api/v1/security/csrf_token/", { headers: { cookie } })))
      .result;
    form.set("csrf_token", csrf);
    const withToken = await s.app.request("/sqllab/", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(withToken.status).toBe(303);
  });
});
