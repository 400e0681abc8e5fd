import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { DEFAULT_SQLLAB_LIMITS } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueryData } from "../../packages/core/src/sqllab/types.ts";
import { queryRecord } from "../support/query-record.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let analyst: string;
let analystId: number;
let db: number;

/** A query record as SQL Lab writes it, stored directly through the metadata store. */
function queryData(userId: number, n: number, changedMs: number): QueryData {
  const sql = `SELECT ${n}`;
  return queryRecord({
    client_id: `u${userId}q${n}`,
    database_id: db,
    user_id: userId,
    sql,
    executed_sql: sql,
    sql_editor_id: userId === analystId ? "tab-a" : null,
    start_time: changedMs,
  });
}

beforeAll(async () => {
  // A history window smaller than the 1,510 stored queries: a list reads only the newest 1,000.
  s = await startTestServer({
    examples: ["birth_names"],
    sqlLab: { ...DEFAULT_SQLLAB_LIMITS, historyWindow: 1000 },
  });
  admin = await s.login(ADMIN.username, ADMIN.password);
  db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
  analyst = await userWithRoles(s, admin, "historian", ["sql_lab", "Alpha"]);
  analystId = (await json(await s.call("GET", "/api/v1/me/", { token: analyst }))).result.id;
  const meta = s.runtime.core.deps.meta;
  const now = Date.now();
  // Other users' history: many more items than the analyst's own ten.
  const others = Array.from({ length: 1500 }, (_, i) => 1000 + (i % 50));
  for (let i = 0; i < others.length; i += 50)
    await Promise.all(
      others.slice(i, i + 50).map((u, j) => meta.create("query", queryData(u, i + j, now - 1000), u)),
    );
  for (let n = 0; n < 10; n++) await meta.create("query", queryData(analystId, n, now - 1000 + n), analystId);
});
afterAll(() => s.close());

describe("query history at scale", () => {
  it("updated_since reads only the caller's recent items, by key, whatever the table holds", async () => {
    const meta = s.runtime.core.deps.meta;
    const since = Date.now() - 60_000;
    const before = meta.reads.query ?? 0;
    const res = await s.call("GET", `/api/v1/query/updated_since?q=(last_updated_ms:${since})`, {
      token: analyst,
    });
    expect(res.status).toBe(200);
    const rows = (await json(res)).result as Json[];
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.user_id === analystId)).toBe(true);
    // 10 items read for 1,510 stored: the read followed the per-user index.
    expect((meta.reads.query ?? 0) - before).toBe(10);

    // A later poll reads only what changed after it.
    const mark = Date.now();
    const run = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: analyst,
      body: { database_id: db, schema: "main", sql: "SELECT 42 AS answer", client_id: "fresh1" },
    });
    expect(run.status).toBe(200);
    const again = meta.reads.query ?? 0;
    const fresh = (
      await json(
        await s.call("GET", `/api/v1/query/updated_since?q=(last_updated_ms:${mark})`, { token: analyst }),
      )
    ).result as Json[];
    expect(fresh.map((r) => r.client_id)).toEqual(["fresh1"]);
    expect((meta.reads.query ?? 0) - again).toBe(1);
  });

  it("lists history paged, newest first, with the generic list filters; only the caller's own", async () => {
    const meta = s.runtime.core.deps.meta;
    const before = meta.reads.query ?? 0;
    const page0 = await json(
      await s.call(
        "GET",
        "/api/v1/query/?q=(order_column:start_time,order_direction:desc,page:0,page_size:4)",
        {
          token: analyst,
        },
      ),
    );
    expect((meta.reads.query ?? 0) - before).toBeLessThanOrEqual(11);
    expect(page0.count).toBe(11);
    expect(page0.result).toHaveLength(4);
    expect(page0.result[0].client_id).toBe("fresh1");
    expect(page0.ids).toEqual(page0.result.map((r: Json) => r.query_id));
    const page2 = await json(
      await s.call(
        "GET",
        "/api/v1/query/?q=(order_column:start_time,order_direction:desc,page:2,page_size:4)",
        {
          token: analyst,
        },
      ),
    );
    expect(page2.result).toHaveLength(3);
    const editor = await json(
      await s.call(
        "GET",
        "/api/v1/query/?q=(filters:!((col:sql_editor_id,opr:eq,value:tab-a)),page_size:100)",
        {
          token: analyst,
        },
      ),
    );
    expect(editor.count).toBe(10);
    // Admins see every user's queries (Superset's all_query_access), paged all the same, from the
    // newest historyWindow of them: 1,000 read of 1,511 stored.
    const reads = meta.reads.query ?? 0;
    const all = await json(await s.call("GET", "/api/v1/query/?q=(page_size:10)", { token: admin }));
    expect(all.count).toBe(1000);
    expect(all.result).toHaveLength(10);
    expect((meta.reads.query ?? 0) - reads).toBe(1000);
    // A filter on one user reads that user's own newest, older ones included: user 1000's first
    // queries were among the first stored, outside the window above.
    const oldest = await json(
      await s.call("GET", "/api/v1/query/?q=(filters:!((col:user_id,opr:eq,value:1000)),page_size:100)", {
        token: admin,
      }),
    );
    expect(oldest.count).toBe(30);
    expect(oldest.result.every((r: Json) => r.user_id === 1000)).toBe(true);
    expect(oldest.result.map((r: Json) => r.client_id)).toContain("u1000q0");
    // Without all-query access, a filter on someone else finds nothing, not their queries.
    const theirs = await json(
      await s.call("GET", "/api/v1/query/?q=(filters:!((col:user_id,opr:eq,value:1000)))", {
        token: analyst,
      }),
    );
    expect(theirs.count).toBe(0);
    const bad = await s.call("GET", "/api/v1/query/?q=(order_column:password)", { token: analyst });
    expect(bad.status).toBe(400);
  });

  it("backfills the index for queries written before it existed, once", async () => {
    const meta = s.runtime.core.deps.meta;
    const doc = (meta as unknown as { doc: import("@aws-sdk/lib-dynamodb").DynamoDBDocumentClient }).doc;
    const old = queryData(analystId, 99, Date.now() - 2000);
    const entity = {
      ...old,
      id: 999_999,
      version: 1,
      created_on: new Date().toISOString(),
      changed_on: new Date().toISOString(),
      created_by_fk: analystId,
      changed_by_fk: analystId,
    };
    // The item an older version wrote: no gsi2 keys.
    await doc.send(
      new PutCommand({
        TableName: meta.table,
        Item: {
          pk: `query#${entity.id}`,
          sk: "A",
          type: "query",
          version: 1,
          gsi1pk: "query",
          gsi1sk: `${entity.changed_on}#${String(entity.id).padStart(10, "0")}`,
          data: entity,
        },
      }),
    );
    const ids = async () =>
      (await json(await s.call("GET", "/api/v1/query/?q=(page_size:100)", { token: analyst })))
        .ids as number[];
    expect(await ids()).not.toContain(999_999);
    // A DATA_DIR from before the index has no marker; the start-up recovery then backfills once.
    await meta.deleteValue("owner-index-backfilled#query");
    expect(await meta.backfillOwnerIndex("query")).toBeGreaterThanOrEqual(1);
    expect(await ids()).toContain(999_999);
    expect(await meta.backfillOwnerIndex("query")).toBe(0);
  });
});
