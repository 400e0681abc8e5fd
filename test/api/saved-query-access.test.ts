import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBundle, importForm } from "../support/import-bundles.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * all_query_access shows everyone's SQL Lab queries and saved queries; it does not let one change
 * or delete another user's saved query (its schedule runs as its creator), nor read result rows
 * of a database one has no access to.
 */
let s: TestServer;
let admin: string;
let victim: string;
let watcher: string;
let db: number;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

const HOURLY = JSON.stringify({
  schedule_info: { schedule_interval: "0 * * * *", start_date: "2026-01-01" },
});

async function save(token: string, label: string, extra_json: string | null = null): Promise<number> {
  const res = await s.call("POST", "/api/v1/saved_query/", {
    token,
    body: { label, db_id: db, schema: "main", sql: "SELECT COUNT(*) AS n FROM birth_names", extra_json },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id;
}
const savedQuery = async (id: number) =>
  (await json(await s.call("GET", `/api/v1/saved_query/${id}`, { token: admin }))).result as Json;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
  victim = await userWithRoles(s, admin, "sq_victim", ["sql_lab", "Alpha"]);
  await createRoleWith(s, admin, "query_watcher", [["all_query_access", "all_query_access"]]);
  // SQL Lab and every query, but no access to any database.
  watcher = await userWithRoles(s, admin, "sq_watcher", ["sql_lab", "query_watcher"]);
});
afterAll(() => s.close());

describe("another user's saved query, seen through all_query_access", () => {
  it("can be read but not changed, and its schedule keeps its creator's SQL", async () => {
    const id = await save(victim, "Victim's hourly", HOURLY);
    expect((await s.call("GET", `/api/v1/saved_query/${id}`, { token: watcher })).status).toBe(200);
    const edit = await s.call("PUT", `/api/v1/saved_query/${id}`, {
      token: watcher,
      body: { sql: "SELECT * FROM birth_names", extra_json: HOURLY },
    });
    expect(edit.status).toBe(403);
    const err = (await json(edit)).errors[0];
    expect(err.error_type).toBe("MISSING_OWNERSHIP_ERROR");
    expect(err.message).toContain("only the user who saved it or an admin can");
    expect((await savedQuery(id)).sql).toBe("SELECT COUNT(*) AS n FROM birth_names");
  });

  it("can't be deleted, alone or in a bulk delete", async () => {
    const id = await save(victim, "Victim's to keep");
    const other = await save(victim, "Victim's other");
    const single = await s.call("DELETE", `/api/v1/saved_query/${id}`, { token: watcher });
    expect(single.status).toBe(403);
    expect((await json(single)).errors[0].error_type).toBe("MISSING_OWNERSHIP_ERROR");
    const bulk = await s.call("DELETE", `/api/v1/saved_query/?q=!(${other},${id})`, { token: watcher });
    expect(bulk.status).toBe(403);
    expect((await savedQuery(id)).label).toBe("Victim's to keep");
    expect((await savedQuery(other)).label).toBe("Victim's other");
  });

  it("can't be overwritten through an import either", async () => {
    const id = await save(victim, "Victim's exported");
    const exported = await s.call("GET", `/api/v1/saved_query/export/?q=!(${id})`, { token: admin });
    expect(exported.status).toBe(200);
    const zip = new Uint8Array(await exported.arrayBuffer());
    // One who can read every database too, so the import reaches the saved query itself.
    await createRoleWith(s, admin, "query_watcher_with_data", [
      ["all_query_access", "all_query_access"],
      ["all_database_access", "all_database_access"],
    ]);
    const reader = await userWithRoles(s, admin, "sq_reader", ["sql_lab", "query_watcher_with_data"]);
    const res = await importBundle(
      s,
      reader,
      "saved_query",
      importForm(zip, "queries.zip", { overwrite: "true" }),
    );
    expect(res.status, await res.clone().text()).toBe(403);
    expect(JSON.stringify(await json(res))).toContain("only the user who saved it or an admin can");
    expect((await savedQuery(id)).label).toBe("Victim's exported");
  });

  it("is changed and deleted by its creator", async () => {
    const id = await save(victim, "Victim's own");
    const edit = await s.call("PUT", `/api/v1/saved_query/${id}`, {
      token: victim,
      body: { label: "Renamed by its creator" },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect((await s.call("DELETE", `/api/v1/saved_query/${id}`, { token: victim })).status).toBe(200);
  });

  it("is changed by an admin, and its schedule still runs as its creator, into their history", async () => {
    const id = await save(victim, "Admin-tuned", HOURLY);
    const edit = await s.call("PUT", `/api/v1/saved_query/${id}`, {
      token: admin,
      body: { sql: "SELECT COUNT(*) AS girls FROM birth_names WHERE gender = 'girl'" },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const adminId = (await json(await s.call("GET", "/api/v1/me/", { token: admin }))).result.id;
    expect((await savedQuery(id)).changed_by.id).toBe(adminId);
    expect(await s.runtime.core.scheduledQueries.tick(new Date(Date.now() + 3 * 3600_000))).toBeGreaterThan(
      0,
    );
    await expect
      .poll(
        async () =>
          (await json(await s.call("GET", "/api/v1/query/", { token: victim }))).result
            .filter((q: Json) => q.tab_name === "Scheduled: Admin-tuned")
            .map((q: Json) => [q.sql, q.state]),
        { timeout: 20_000 },
      )
      .toEqual([["SELECT COUNT(*) AS girls FROM birth_names WHERE gender = 'girl'", "success"]]);
  });
});

describe("results of another user's run", () => {
  it("are not readable without access to the query's database", async () => {
    const run = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: victim,
      body: {
        database_id: db,
        schema: "main",
        client_id: "victimrun1",
        sql: "SELECT name FROM birth_names LIMIT 3",
      },
    });
    expect(run.status, await run.clone().text()).toBe(200);
    const key = (await json(run)).query.resultsKey as string;
    // The query itself is listed for all_query_access…
    const history = await json(await s.call("GET", "/api/v1/query/", { token: watcher }));
    expect(history.result.map((q: Json) => q.client_id)).toContain("victimrun1");
    // …but its rows are data of a database the watcher can't read.
    const results = await s.call("GET", `/api/v1/sqllab/results/?q=(key:'${key}')`, { token: watcher });
    expect(results.status).toBe(403);
    const body = await json(results);
    expect(body.errors[0].error_type).toBe("DATABASE_SECURITY_ACCESS_ERROR");
    expect(body.errors[0].message).toContain("which you don't have access to");
    expect(body.data).toBeUndefined();
    const csv = await s.call("GET", "/api/v1/sqllab/export/victimrun1/", { token: watcher });
    expect(csv.status).toBe(403);
    // Its creator, and an admin, still read them.
    for (const token of [victim, admin]) {
      const ok = await s.call("GET", `/api/v1/sqllab/results/?q=(key:'${key}')`, { token });
      expect(ok.status).toBe(200);
      expect((await json(ok)).data).toHaveLength(3);
    }
  });
});

describe("another user's running query, seen through all_query_access", () => {
  it("is listed but can't be stopped; its creator and an admin can stop it", async () => {
    const running = s.call("POST", "/api/v1/sqllab/execute/", {
      token: victim,
      body: {
        database_id: db,
        client_id: "victimslow1",
        sql: "SELECT count(*) FROM range(100000) a(i), range(100000) b(j) WHERE (i * j) % 7 = 3",
      },
    });
    // A run still going after a moment is on record, and so in everyone's history for the watcher.
    let listed: Json | undefined;
    for (let i = 0; i < 200 && !listed; i++) {
      await new Promise((r) => setTimeout(r, 25));
      const history = await json(await s.call("GET", "/api/v1/query/", { token: watcher }));
      listed = history.result.find((q: Json) => q.client_id === "victimslow1");
    }
    expect(listed).toMatchObject({ state: "running" });
    const refused = await s.call("POST", "/api/v1/query/stop", {
      token: watcher,
      body: { client_id: "victimslow1" },
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toContain("Only the user who ran this query, or an admin");
    const stopped = await s.call("POST", "/api/v1/query/stop", {
      token: victim,
      body: { client_id: "victimslow1" },
    });
    expect(stopped.status).toBe(200);
    expect((await json(await running)).status).toBe("stopped");
  });
});

describe("the query list", () => {
  it("names each run's database and user, and offers users to filter by only to who sees them all", async () => {
    const run = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: victim,
      body: { database_id: db, client_id: "victimnamed1", sql: "SELECT 1 AS one" },
    });
    expect(run.status, await run.clone().text()).toBe(200);
    for (const token of [watcher, victim]) {
      const history = await json(await s.call("GET", "/api/v1/query/", { token }));
      const row = history.result.find((q: Json) => q.client_id === "victimnamed1");
      expect(row.database).toEqual({ id: db, database_name: "examples" });
      expect(row.user).toMatchObject({ first_name: expect.any(String), last_name: expect.any(String) });
      expect(row.user.id).toBe(row.user_id);
    }
    // Superset's nested columns can be asked for by name.
    const picked = await json(
      await s.call("GET", "/api/v1/query/?q=(columns:!(database.database_name,user.first_name,status))", {
        token: watcher,
      }),
    );
    expect(Object.keys(picked.result[0]).sort()).toEqual(["database", "status", "user"]);

    const users = async (token: string) =>
      (await json(await s.call("GET", "/api/v1/query/related/user", { token }))).result as Json[];
    const everyone = await users(watcher);
    expect(everyone.length).toBeGreaterThan(2);
    const own = await users(victim);
    expect(own).toHaveLength(1);
    expect(own[0].value).toBe(
      (await json(await s.call("GET", "/api/v1/query/", { token: victim }))).result[0].user_id,
    );
    const databases = await json(await s.call("GET", "/api/v1/query/related/database", { token: victim }));
    expect(databases.result).toEqual([{ value: db, text: "examples" }]);
    expect((await s.call("GET", "/api/v1/query/related/toString", { token: victim })).status).toBe(404);
  });
});
