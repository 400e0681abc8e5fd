import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChart, createDashboard, datasetId } from "../support/dashboard-fixtures.ts";
import { addPostgresDatabase, startPostgres, type TestPostgres } from "../support/postgres.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Superset's database and dataset helpers that its own client calls: what depends on a database
 * or dataset (the delete dialogs), the SQL functions a database knows (the editor's completion)
 * and a table's SELECT * (SQL Lab's preview) — each through the real server, each only for
 * what the caller may see.
 */
type Json = Record<string, any>;

let pg: TestPostgres;
let s: TestServer;
let admin: string;
let birthReader: string;
let alpha: string;
let gamma: string;
let duck: number;
let postgres: number;
let birth: number;
let energy: number;
let birthChart: number;
let energyChart: number;
let hiddenChart: number;
let published: number;
let draft: number;

const get = async (token: string | undefined, path: string) => {
  const res = await s.call("GET", path, { token });
  return { status: res.status, body: (await res.json()) as Json };
};

beforeAll(async () => {
  // PostgreSQL first: the server's umask 077 would keep initdb (another user) out of its files.
  pg = await startPostgres();
  await pg.query("CREATE TABLE open_rows (n int)");
  await pg.query(
    "CREATE FUNCTION strata_double(x int) RETURNS int LANGUAGE sql AS 'SELECT x * 2';" +
      " CREATE SCHEMA tucked; CREATE FUNCTION tucked.strata_tucked() RETURNS int LANGUAGE sql AS 'SELECT 1'",
  );
  s = await startTestServer({ examples: ["birth_names", "energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  duck = (await get(admin, "/api/v1/database/")).body.ids[0];
  postgres = await addPostgresDatabase(s, admin, pg);
  birth = await datasetId(s, admin, "birth_names");
  energy = await datasetId(s, admin, "energy_usage");
  await createRoleWith(s, admin, "births_only", [
    ["datasource_access", `[examples].[birth_names](id:${birth})`],
  ]);
  birthReader = await userWithRoles(s, admin, "births_reader", ["Gamma", "sql_lab", "births_only"]);
  alpha = await userWithRoles(s, admin, "related_alpha", ["Alpha", "sql_lab"]);
  gamma = await userWithRoles(s, admin, "related_gamma", ["Gamma"]);

  published = await createDashboard(s, admin, "Births overview", {
    published: true,
    slug: "births-overview",
  });
  draft = await createDashboard(s, admin, "Admin's draft", { published: false });
  birthChart = await createChart(s, admin, {
    name: "Births by state",
    datasetId: birth,
    vizType: "table",
    dashboards: [published, draft],
  });
  energyChart = await createChart(s, admin, { name: "Energy flows", datasetId: energy, vizType: "sankey" });
  // A chart on the births dataset only a dashboard's layout places (not its own `dashboards`).
  hiddenChart = await createChart(s, admin, { name: "Births by year", datasetId: birth, vizType: "line" });
  const layoutOnly = await createDashboard(s, admin, "Years", {
    published: true,
    position_json: JSON.stringify({
      DASHBOARD_VERSION_KEY: "v2",
      ROOT_ID: { id: "ROOT_ID", type: "ROOT", children: ["GRID_ID"] },
      GRID_ID: { id: "GRID_ID", type: "GRID", children: ["ROW-1"], parents: ["ROOT_ID"] },
      "ROW-1": { id: "ROW-1", type: "ROW", children: ["CHART-1"], parents: ["ROOT_ID", "GRID_ID"], meta: {} },
      "CHART-1": {
        id: "CHART-1",
        type: "CHART",
        children: [],
        parents: ["ROOT_ID", "GRID_ID", "ROW-1"],
        meta: { chartId: hiddenChart, width: 4, height: 50 },
      },
    }),
  });
  expect(layoutOnly).toBeGreaterThan(0);

  for (const [token, label, dbId] of [
    [admin, "Admin on examples", duck],
    [admin, "Admin on pg", postgres],
    [alpha, "Alpha on examples", duck],
  ] as const) {
    const tab = await s.call("POST", "/tabstateview/", {
      token,
      body: { name: label, dbId, sql: "SELECT 1" },
    });
    expect(tab.status, await tab.clone().text()).toBeLessThan(300);
  }
}, 240_000);
afterAll(async () => {
  await s?.close();
  await pg?.stop();
});

describe("related objects", () => {
  it("names a database's charts, their dashboards and the caller's own SQL Lab tabs on it", async () => {
    const { status, body } = await get(admin, `/api/v1/database/${duck}/related_objects/`);
    expect(status).toBe(200);
    const charts = body.charts.result.map((c: Json) => c.id);
    expect(charts).toEqual(expect.arrayContaining([birthChart, energyChart, hiddenChart]));
    expect(body.charts.count).toBe(body.charts.result.length);
    expect(body.charts.result.find((c: Json) => c.id === birthChart)).toEqual({
      id: birthChart,
      slice_name: "Births by state",
      viz_type: "table",
    });
    const boards = body.dashboards.result as Json[];
    expect(boards.find((d) => d.id === published)).toMatchObject({
      title: "Births overview",
      slug: "births-overview",
    });
    expect(typeof boards.find((d) => d.id === published)?.json_metadata).toBe("string");
    // Placed by a layout only, the chart still counts its dashboard.
    expect(boards.map((d) => d.title)).toEqual(expect.arrayContaining(["Years", "Admin's draft"]));
    // The admin's own tab on this database, not the one on PostgreSQL nor Alpha's.
    expect(body.sqllab_tab_states.result.map((t: Json) => t.label)).toEqual(["Admin on examples"]);
    expect(body.sqllab_tab_states.count).toBe(1);

    const onPg = (await get(admin, `/api/v1/database/${postgres}/related_objects/`)).body;
    expect(onPg.charts).toEqual({ count: 0, result: [] });
    expect(onPg.sqllab_tab_states.result.map((t: Json) => t.label)).toEqual(["Admin on pg"]);
  });

  it("names a dataset's charts and dashboards, hiding others' drafts and tabs", async () => {
    const { status, body } = await get(alpha, `/api/v1/dataset/${birth}/related_objects`);
    expect(status).toBe(200);
    const charts = body.charts.result.map((c: Json) => c.id);
    expect(charts).toEqual(expect.arrayContaining([birthChart, hiddenChart]));
    expect(charts).not.toContain(energyChart);
    // Alpha sees the published dashboards, not the admin's draft.
    const titles = body.dashboards.result.map((d: Json) => d.title);
    expect(titles).toEqual(expect.arrayContaining(["Births overview", "Years"]));
    expect(titles).not.toContain("Admin's draft");
    expect(body.sqllab_tab_states).toBeUndefined();
    const own = (await get(alpha, `/api/v1/database/${duck}/related_objects/`)).body;
    expect(own.sqllab_tab_states.result.map((t: Json) => t.label)).toEqual(["Alpha on examples"]);
    expect(own.dashboards.result.map((d: Json) => d.id)).not.toContain(draft);
  });

  it("lists only the charts on datasets the caller may read", async () => {
    const { status, body } = await get(birthReader, `/api/v1/database/${duck}/related_objects/`);
    expect(status).toBe(200);
    const ids = body.charts.result.map((c: Json) => c.id);
    expect(ids).toContain(birthChart);
    expect(ids).not.toContain(energyChart);
    expect((await get(birthReader, `/api/v1/dataset/${energy}/related_objects`)).status).toBe(404);
  });

  it("answers 404 for what the caller can't see or what does not exist, 401 without a login", async () => {
    expect((await get(gamma, `/api/v1/database/${duck}/related_objects/`)).status).toBe(404);
    expect((await get(gamma, `/api/v1/dataset/${birth}/related_objects`)).status).toBe(404);
    expect((await get(birthReader, `/api/v1/database/${postgres}/related_objects/`)).status).toBe(404);
    const missing = await get(admin, "/api/v1/database/987654/related_objects/");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/not found/i);
    expect((await get(admin, "/api/v1/dataset/987654/related_objects")).status).toBe(404);
    expect((await get(undefined, `/api/v1/database/${duck}/related_objects/`)).status).toBe(401);
    expect((await get(admin, "/api/v1/database/abc/related_objects/")).status).toBe(404);
  });
});

describe("function names", () => {
  it("lists DuckDB's callable functions, not its operators or internals", async () => {
    const { status, body } = await get(admin, `/api/v1/database/${duck}/function_names/`);
    expect(status).toBe(200);
    const names = body.function_names as string[];
    expect(names).toEqual(expect.arrayContaining(["approx_count_distinct", "sum", "date_trunc", "read_csv"]));
    expect(names.every((n) => /^[A-Za-z][A-Za-z0-9_]*$/.test(n))).toBe(true);
    expect(names).toEqual([...names].sort());
    // Anyone who may query some of its tables gets them too (SQL Lab completes for them).
    expect((await get(birthReader, `/api/v1/database/${duck}/function_names/`)).body.function_names).toEqual(
      names,
    );
  });

  it("lists PostgreSQL's functions on the search path, a user's own among them", async () => {
    const { status, body } = await get(admin, `/api/v1/database/${postgres}/function_names/`);
    expect(status).toBe(200);
    const names = body.function_names as string[];
    expect(names).toEqual(
      expect.arrayContaining(["generate_series", "string_agg", "row_number", "strata_double"]),
    );
    expect(names).not.toContain("strata_tucked");
  });

  it("refuses whoever can't see the database", async () => {
    expect((await get(gamma, `/api/v1/database/${duck}/function_names/`)).status).toBe(404);
    expect((await get(birthReader, `/api/v1/database/${postgres}/function_names/`)).status).toBe(404);
    expect((await get(undefined, `/api/v1/database/${duck}/function_names/`)).status).toBe(401);
  });
});

describe("select star", () => {
  it("gives the table's columns one per line, with or without a schema", async () => {
    const unqualified = await get(admin, `/api/v1/database/${duck}/select_star/birth_names/`);
    expect(unqualified.status).toBe(200);
    expect(unqualified.body.result).toMatch(/^SELECT\n {2}"ds",\n/);
    expect(unqualified.body.result).toMatch(/\nFROM "birth_names"\nLIMIT 100$/);
    const qualified = await get(admin, `/api/v1/database/${duck}/select_star/birth_names/main/`);
    expect(qualified.body.result).toMatch(/\nFROM "main"\."birth_names"\nLIMIT 100$/);
    // Superset's client sends "undefined" when no schema is chosen.
    expect((await get(admin, `/api/v1/database/${duck}/select_star/birth_names/undefined/`)).body).toEqual(
      unqualified.body,
    );
    const onPg = await get(admin, `/api/v1/database/${postgres}/select_star/open_rows/public/`);
    expect(onPg.body.result).toBe('SELECT\n  "n"\nFROM "public"."open_rows"\nLIMIT 100');
  });

  it("is the SQL that SQL Lab then runs", async () => {
    const sql = (await get(admin, `/api/v1/database/${duck}/select_star/birth_names/main/`)).body.result;
    const run = await s.call("POST", "/api/v1/sqllab/execute/", {
      token: admin,
      body: { database_id: duck, sql, client_id: "selstar1" },
    });
    expect(run.status).toBe(200);
    expect(((await run.json()) as Json).data).toHaveLength(100);
  });

  it("serves table-level users their tables only, in the same words for hidden and missing", async () => {
    expect((await get(birthReader, `/api/v1/database/${duck}/select_star/birth_names/main/`)).status).toBe(
      200,
    );
    const hidden = await get(birthReader, `/api/v1/database/${duck}/select_star/energy_usage/main/`);
    const missing = await get(birthReader, `/api/v1/database/${duck}/select_star/no_such_table/main/`);
    expect(hidden.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(hidden.body.errors[0].error_type).toBe("TABLE_SECURITY_ACCESS_ERROR");
    expect(hidden.body.message.replace("energy_usage", "X")).toBe(
      missing.body.message.replace("no_such_table", "X"),
    );
  });

  it("answers 404 for a missing table and 400 for an absurd name, never a 500", async () => {
    const missing = await get(admin, `/api/v1/database/${duck}/select_star/no_such_table/`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].error_type).toBe("TABLE_DOES_NOT_EXIST_ERROR");
    const long = await get(admin, `/api/v1/database/${duck}/select_star/${"t".repeat(600)}/`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toMatch(/table_name/);
    const quoted = await get(
      admin,
      `/api/v1/database/${duck}/select_star/${encodeURIComponent('a"; DROP TABLE x; --')}/`,
    );
    expect(quoted.status).toBe(404);
    expect((await get(gamma, `/api/v1/database/${duck}/select_star/birth_names/`)).status).toBe(404);
  });
});
