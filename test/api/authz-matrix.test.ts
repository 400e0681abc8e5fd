import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Issue 9: the authorisation matrix. Users (admin, the owning Alpha, another Alpha, Gamma,
 * anonymous) × objects × verbs, each cell tried through the real API and compared with what
 * Superset's model allows. Counts of unexpected allows (the security target: 0) and unexpected
 * denies are printed and asserted.
 *
 * The expectations follow Superset's rules: Alpha has all data access, so it sees every chart and
 * dataset but edits only what it owns; Gamma has no data access; drafts and saved queries are
 * private; tags are shared labels only their owner renames or deletes; annotation layers have no
 * owners (any can_write on AnnotationLayer may edit them); databases and RLS rules are Admin's.
 */
type Actor = "admin" | "owner" | "other" | "gamma" | "anon";
type Verb = "get" | "list" | "put" | "delete" | "attach" | "favourite" | "export";
const ACTORS: Actor[] = ["admin", "owner", "other", "gamma", "anon"];
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
const tokens: Record<Actor, string | undefined> = {
  admin: undefined,
  owner: undefined,
  other: undefined,
  gamma: undefined,
  anon: undefined,
};
let examplesDb: number;
let ownerDataset: number;
/** A dashboard each actor owns (anonymous has none: it borrows the owner's id). */
const ownDashboard: Partial<Record<Actor, number>> = {};
/** A chart each actor owns (Gamma and anonymous have none). */
const ownChart: Partial<Record<Actor, number>> = {};

const call = (actor: Actor, method: string, path: string, body?: unknown) =>
  s.call(method, path, { token: tokens[actor], body });
const ok = (r: Response) => r.status >= 200 && r.status < 300;
let seq = 0;
const unique = (p: string) => `${p}_${++seq}`;

async function created(res: Response): Promise<number> {
  if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${await res.text()}`);
  return (await json(res)).id;
}

interface Kind {
  name: string;
  base: string;
  create(): Promise<number>;
  put: Json;
  allow: Partial<Record<Verb, Actor[]>>;
  attach?(actor: Actor, id: number): Promise<boolean>;
  favourite?: boolean;
  exportData?(actor: Actor, id: number): Promise<Response>;
}

const chartDataBody = (datasetId: number, sliceId?: number) => ({
  datasource: { id: datasetId, type: "table" },
  queries: [{ columns: [], metrics: ["count"], row_limit: 10 }],
  result_format: "csv",
  result_type: "full",
  form_data: sliceId ? { slice_id: sliceId } : {},
});

const tagWith = async (actor: Actor, type: string, id: number, tag = "authz_label") => {
  const res = await call(actor, "POST", "/api/v1/tag/bulk_create", {
    tags: [tag],
    objects_to_tag: [[type, id]],
  });
  if (!ok(res)) return false;
  return ((await json(res)).result.objects_tagged as [string, number][]).some(
    ([t, i]) => t === type && i === id,
  );
};

const SEES_DATA: Actor[] = ["admin", "owner", "other"];
const OWNS: Actor[] = ["admin", "owner"];
const EVERY_USER: Actor[] = ["admin", "owner", "other", "gamma"];

const kinds: Kind[] = [
  {
    name: "chart",
    base: "/api/v1/chart/",
    create: async () =>
      created(
        await call("owner", "POST", "/api/v1/chart/", {
          slice_name: unique("authz chart"),
          viz_type: "table",
          datasource_id: ownerDataset,
          datasource_type: "table",
        }),
      ),
    put: { description: "changed" },
    allow: {
      get: SEES_DATA,
      list: SEES_DATA,
      put: OWNS,
      delete: OWNS,
      attach: OWNS,
      favourite: SEES_DATA,
      export: SEES_DATA,
    },
    // Attach someone's chart to the actor's own dashboard (chart side).
    attach: async (actor, id) =>
      ok(
        await call(actor, "PUT", `/api/v1/chart/${id}`, {
          dashboards: [ownDashboard[actor] ?? ownDashboard.owner],
        }),
      ),
    favourite: true,
    exportData: (actor, id) => call(actor, "POST", "/api/v1/chart/data", chartDataBody(ownerDataset, id)),
  },
  {
    name: "dashboard (published)",
    base: "/api/v1/dashboard/",
    create: async () =>
      created(
        await call("owner", "POST", "/api/v1/dashboard/", {
          dashboard_title: unique("authz board"),
          published: true,
        }),
      ),
    put: { css: ".changed{}" },
    allow: {
      get: EVERY_USER,
      list: EVERY_USER,
      put: OWNS,
      delete: OWNS,
      attach: OWNS,
      favourite: EVERY_USER,
    },
    // Attach a chart the actor owns (or, lacking one, the owner's chart) to this dashboard.
    attach: async (actor, id) => {
      const chart = ownChart[actor] ?? ownChart.owner;
      return ok(await call(actor, "PUT", `/api/v1/chart/${chart}`, { dashboards: [id] }));
    },
    favourite: true,
  },
  {
    name: "dashboard (draft)",
    base: "/api/v1/dashboard/",
    create: async () =>
      created(await call("owner", "POST", "/api/v1/dashboard/", { dashboard_title: unique("authz draft") })),
    put: { css: ".changed{}" },
    allow: { get: OWNS, list: OWNS, put: OWNS, delete: OWNS, attach: OWNS, favourite: OWNS },
    // Place a chart the actor can see on this dashboard through its layout.
    attach: async (actor, id) => {
      const chart = ownChart[actor] ?? ownChart.owner!;
      const position_json = JSON.stringify({
        ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["CHART-x"] },
        "CHART-x": { type: "CHART", id: "CHART-x", children: [], meta: { chartId: chart } },
      });
      return ok(await call(actor, "PUT", `/api/v1/dashboard/${id}`, { position_json }));
    },
    favourite: true,
  },
  {
    name: "dataset",
    base: "/api/v1/dataset/",
    create: async () =>
      created(
        await call("owner", "POST", "/api/v1/dataset/", {
          database: examplesDb,
          schema: "main",
          table_name: unique("authz_ds"),
          sql: "SELECT 1 AS x",
        }),
      ),
    put: { description: "changed" },
    allow: { get: SEES_DATA, list: SEES_DATA, put: OWNS, delete: OWNS, attach: OWNS, export: SEES_DATA },
    attach: (actor, id) => tagWith(actor, "dataset", id),
    exportData: (actor, id) => call(actor, "POST", "/api/v1/chart/data", chartDataBody(id)),
  },
  {
    name: "database",
    base: "/api/v1/database/",
    create: async () => {
      const name = unique("authz_db");
      return created(
        await call("admin", "POST", "/api/v1/database/", {
          database_name: name,
          engine: "duckdb",
          parameters: { path: `${name}.duckdb` },
        }),
      );
    },
    put: { expose_in_sqllab: true },
    allow: { get: SEES_DATA, list: SEES_DATA, put: ["admin"], delete: ["admin"], attach: SEES_DATA },
    // Build a dataset on the database.
    attach: async (actor, id) =>
      ok(
        await call(actor, "POST", "/api/v1/dataset/", {
          database: id,
          schema: "main",
          table_name: unique("authz_attach"),
          sql: "SELECT 1 AS x",
        }),
      ),
  },
  {
    name: "saved query",
    base: "/api/v1/saved_query/",
    create: async () =>
      created(
        await call("owner", "POST", "/api/v1/saved_query/", {
          label: unique("authz query"),
          db_id: examplesDb,
          schema: "main",
          sql: "SELECT 1",
        }),
      ),
    put: { description: "changed" },
    // No relation verb: saved queries can't be tagged here yet (not a registered taggable).
    allow: { get: OWNS, list: OWNS, put: OWNS, delete: OWNS },
  },
  {
    name: "tag",
    base: "/api/v1/tag/",
    create: async () => created(await call("owner", "POST", "/api/v1/tag/", { name: unique("authz tag") })),
    put: { description: "changed" },
    // A tag is a shared label: everyone who may tag uses it on their own objects.
    allow: {
      get: EVERY_USER,
      list: EVERY_USER,
      put: OWNS,
      delete: OWNS,
      attach: EVERY_USER,
      favourite: EVERY_USER,
    },
    attach: async (actor, id) => {
      const tag = await json(await call("admin", "GET", `/api/v1/tag/${id}`));
      const dashboard = ownDashboard[actor] ?? ownDashboard.owner!;
      return tagWith(actor, "dashboard", dashboard, tag.result.name);
    },
    favourite: true,
  },
  {
    name: "annotation layer",
    base: "/api/v1/annotation_layer/",
    create: async () =>
      created(await call("admin", "POST", "/api/v1/annotation_layer/", { name: unique("authz layer") })),
    put: { descr: "changed" },
    allow: { get: EVERY_USER, list: EVERY_USER, put: SEES_DATA, delete: SEES_DATA, attach: SEES_DATA },
    attach: async (actor, id) =>
      ok(
        await call(actor, "POST", `/api/v1/annotation_layer/${id}/annotation/`, {
          short_descr: unique("note"),
          start_dttm: "2024-01-01T00:00:00",
          end_dttm: "2024-01-02T00:00:00",
        }),
      ),
  },
  {
    name: "rls rule",
    base: "/api/v1/rowlevelsecurity/",
    create: async () =>
      created(
        await call("admin", "POST", "/api/v1/rowlevelsecurity/", {
          name: unique("authz rule"),
          filter_type: "Base",
          tables: [ownerDataset],
          clause: "1 = 1",
        }),
      ),
    put: { description: "changed" },
    allow: { get: ["admin"], list: ["admin"], put: ["admin"], delete: ["admin"] },
  },
];

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  tokens.admin = await s.login(ADMIN.username, ADMIN.password);
  tokens.owner = await userWithRoles(s, tokens.admin, "matrix_owner", ["Alpha", "sql_lab"]);
  tokens.other = await userWithRoles(s, tokens.admin, "matrix_other", ["Alpha", "sql_lab"]);
  tokens.gamma = await userWithRoles(s, tokens.admin, "matrix_gamma", ["Gamma"]);
  examplesDb = (await json(await call("admin", "GET", "/api/v1/database/"))).ids[0];
  ownerDataset = await kinds.find((k) => k.name === "dataset")!.create();
  for (const actor of ["admin", "owner", "other", "gamma"] as const) {
    ownDashboard[actor] = await created(
      await call(actor, "POST", "/api/v1/dashboard/", { dashboard_title: `${actor}'s own` }),
    );
  }
  for (const actor of ["admin", "owner", "other"] as const) {
    ownChart[actor] = await created(
      await call(actor, "POST", "/api/v1/chart/", {
        slice_name: `${actor}'s chart`,
        viz_type: "table",
        datasource_id: ownerDataset,
        datasource_type: "table",
      }),
    );
  }
});
afterAll(() => s.close());

async function attempt(kind: Kind, verb: Verb, actor: Actor, id: number): Promise<boolean | undefined> {
  switch (verb) {
    case "get":
      return ok(await call(actor, "GET", `${kind.base}${id}`));
    case "list": {
      const res = await call(actor, "GET", `${kind.base}?q=(page_size:100)`);
      return ok(res) && ((await json(res)).ids as number[]).includes(id);
    }
    case "put":
      return ok(await call(actor, "PUT", `${kind.base}${id}`, kind.put));
    case "delete":
      return ok(await call(actor, "DELETE", `${kind.base}${id}`));
    case "attach":
      return kind.attach ? kind.attach(actor, id) : undefined;
    case "favourite":
      return kind.favourite ? ok(await call(actor, "POST", `${kind.base}${id}/favorites/`)) : undefined;
    case "export": {
      if (!kind.exportData) return undefined;
      const res = await kind.exportData(actor, id);
      return ok(res);
    }
  }
}

describe("authorisation matrix", () => {
  it("allows exactly what Superset's model allows", async () => {
    const verbs: Verb[] = ["get", "list", "put", "attach", "favourite", "export", "delete"];
    const unexpectedAllows: string[] = [];
    const unexpectedDenies: string[] = [];
    let tried = 0;
    for (const kind of kinds) {
      const shared = await kind.create();
      for (const verb of verbs) {
        for (const actor of ACTORS) {
          // Deleting (and attaching, which may change membership) gets a fresh object each time.
          const id = verb === "delete" || verb === "attach" ? await kind.create() : shared;
          const allowed = await attempt(kind, verb, actor, id);
          if (allowed === undefined) continue;
          tried++;
          const expected = (kind.allow[verb] ?? []).includes(actor);
          const cell = `${kind.name} × ${verb} × ${actor}`;
          if (allowed && !expected) unexpectedAllows.push(cell);
          if (!allowed && expected) unexpectedDenies.push(cell);
        }
      }
    }
    console.log(
      `authorisation matrix: ${tried} cells tried (${ACTORS.length} users × ${kinds.length} objects × ` +
        `${verbs.length} verbs where the verb applies); unexpected allows: ${unexpectedAllows.length}; ` +
        `unexpected denies: ${unexpectedDenies.length}`,
    );
    if (unexpectedAllows.length) console.log(`unexpected allows:\n  ${unexpectedAllows.join("\n  ")}`);
    if (unexpectedDenies.length) console.log(`unexpected denies:\n  ${unexpectedDenies.join("\n  ")}`);
    expect(unexpectedAllows).toEqual([]);
    expect(unexpectedDenies).toEqual([]);
  });
});
