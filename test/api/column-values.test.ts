import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboard, selectFilter } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Issue 10 item 4: `GET /api/v1/datasource/{type}/{id}/column/{column}/values/` lists a column's
 * distinct values with the caller's data access and row-level security, bounded and cached.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let birth: number;
const values = (column: string, query = "", id = birth) =>
  `/api/v1/datasource/table/${id}/column/${encodeURIComponent(column)}/values/${query}`;

/** The same answer straight from DuckDB. */
async function raw(sql: string) {
  const core = s.runtime.core;
  const ds = (await core.datasets.all()).find((d) => d.table_name === "birth_names")!;
  const engine = await core.databases.engineOf((await core.databases.find(ds.database_id))!);
  return (await engine.execute(sql)).data[0];
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

describe("column values", () => {
  it("lists the column's distinct values, sorted, and answers the second time from the cache", async () => {
    const res = await s.call("GET", values("state"), { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache-status")).toBe("MISS");
    const body = await json(res);
    expect(body.result).toEqual(await raw("SELECT DISTINCT state FROM birth_names ORDER BY 1"));
    expect(body.result.length).toBeGreaterThan(5);
    expect(body.limit).toBe(10_000);

    const again = await s.call("GET", values("state"), { token: admin });
    expect(again.headers.get("x-cache-status")).toBe("HIT");
    expect((await json(again)).result).toEqual(body.result);
    const forced = await s.call("GET", values("state", "?force=true"), { token: admin });
    expect(forced.headers.get("x-cache-status")).toBe("MISS");
  });

  it("narrows to values containing the search term, case-insensitively, bound as a parameter", async () => {
    const body = await json(await s.call("GET", values("name", "?q=AMAN"), { token: admin }));
    expect(body.result.length).toBeGreaterThan(0);
    expect(body.result.every((v: string) => v.toLowerCase().includes("aman"))).toBe(true);
    expect(body.result).toEqual(
      await raw("SELECT DISTINCT name FROM birth_names WHERE lower(name) LIKE '%aman%' ORDER BY 1"),
    );
    // A quote and LIKE wildcards are text to match, not SQL.
    const injected = await s.call("GET", values("name", `?q=${encodeURIComponent("x' OR '1'='1")}`), {
      token: admin,
    });
    expect(injected.status).toBe(200);
    expect((await json(injected)).result).toEqual([]);
    const percent = await json(await s.call("GET", values("name", "?q=%25"), { token: admin }));
    expect(percent.result).toEqual([]);
    // Numbers are searched as text too.
    const nums = await json(await s.call("GET", values("num", "?q=99"), { token: admin }));
    expect(nums.result.length).toBeGreaterThan(0);
    expect(nums.result.every((n: number) => String(n).includes("99"))).toBe(true);
  });

  it("is bounded by FILTER_SELECT_ROW_LIMIT", async () => {
    const detail = await json(await s.call("GET", `/api/v1/dataset/${birth}`, { token: admin }));
    const created = await s.call("POST", "/api/v1/dataset/", {
      token: admin,
      body: {
        database: detail.result.database.id,
        table_name: "twenty_thousand",
        sql: "SELECT range AS n FROM range(20000)",
      },
    });
    expect(created.status).toBe(201);
    const id = (await json(created)).id;
    const body = await json(await s.call("GET", values("n", "", id), { token: admin }));
    expect(body.result).toHaveLength(10_000);
    expect(body.result.slice(0, 3)).toEqual([0, 1, 2]);
    expect(body.limit).toBe(10_000);
  });

  it("applies the caller's row-level security and keeps separate cache entries per RLS", async () => {
    const role = await json(
      await s.call("POST", "/api/v1/security/roles/", { token: admin, body: { name: "BoysOnly" } }),
    );
    const rule = await s.call("POST", "/api/v1/rowlevelsecurity/", {
      token: admin,
      body: {
        name: "boys",
        filter_type: "Regular",
        tables: [birth],
        roles: [role.id],
        clause: "gender = 'boy'",
      },
    });
    expect(rule.status).toBe(201);
    const everyone = await json(await s.call("GET", values("gender"), { token: admin }));
    expect(everyone.result).toEqual(["boy", "girl"]);
    const restricted = await userWithRoles(s, admin, "boysonly", ["Alpha", "BoysOnly"]);
    const res = await s.call("GET", values("gender"), { token: restricted });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache-status")).toBe("MISS");
    expect((await json(res)).result).toEqual(["boy"]);
    // The admin's cached list is still the admin's.
    const adminAgain = await s.call("GET", values("gender"), { token: admin });
    expect(adminAgain.headers.get("x-cache-status")).toBe("HIT");
    expect((await json(adminAgain)).result).toEqual(["boy", "girl"]);
  });

  it("answers 404 for a dataset the caller can't see, 400 for unknown columns and types", async () => {
    const gamma = await userWithRoles(s, admin, "nodata", ["Gamma"]);
    const denied = await s.call("GET", values("state"), { token: gamma });
    expect(denied.status).toBe(404);
    expect(typeof (await json(denied)).message).toBe("string");
    expect((await s.call("GET", values("state"))).status).toBe(401);

    const unknown = await s.call("GET", values("no_such_column"), { token: admin });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).message).toBe("Column name no_such_column does not exist");
    const missing = await s.call("GET", values("state", "", 999_999), { token: admin });
    expect(missing.status).toBe(404);
    const badType = await s.call("GET", `/api/v1/datasource/nope/${birth}/column/state/values/`, {
      token: admin,
    });
    expect(badType.status).toBe(400);
    expect((await json(badType)).message).toBe("Invalid datasource type: nope");
    const badId = await s.call("GET", "/api/v1/datasource/table/abc/column/state/values/", { token: admin });
    expect(badId.status).toBe(400);
    const badFlag = await s.call("GET", values("state", "?force=maybe"), { token: admin });
    expect(badFlag.status).toBe(400);
  });

  it("lets an embedded guest read only its native filters' columns, with the guest's RLS", async () => {
    const dash = await createDashboard(s, admin, "Embedded values", {
      published: true,
      json_metadata: JSON.stringify({ native_filter_configuration: [selectFilter(birth, "state", "State")] }),
    });
    const token = await guestTokenFor(s, admin, dash, {
      username: "visitor",
      rls: [{ clause: "state IN ('CA', 'NY')" }],
    });
    const asGuest = (path: string) => callAsGuest(s, token, "GET", path);
    const states = await asGuest(values("state"));
    expect(states.status).toBe(200);
    expect((await json(states)).result).toEqual(["CA", "NY"]);
    const names = await asGuest(values("name"));
    expect(names.status).toBe(403);
    expect((await json(names)).message).toMatch(/filter columns/);
  });
});
