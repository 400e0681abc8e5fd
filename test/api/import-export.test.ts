import { parse, stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBundle, importForm } from "../support/import-bundles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";
import { buildZip, readZipEntries } from "../support/zip-builder.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

const exportOf = (token: string, resource: string, ids: number[]) =>
  s.call("GET", `/api/v1/${resource}/export/?q=!(${ids.join(",")})`, { token });

const importInto = (token: string, resource: string, f: FormData) => importBundle(s, token, resource, f);

/** The bundle's files without its top folder, and the folder. */
function unpack(zip: Uint8Array): { root: string; files: Map<string, string> } {
  const entries = readZipEntries(zip);
  const roots = new Set([...entries.keys()].map((n) => n.split("/")[0]));
  expect(roots.size).toBe(1);
  const root = [...roots][0];
  return { root, files: new Map([...entries].map(([n, t]) => [n.slice(root.length + 1), t])) };
}

async function births() {
  return (await json(await s.call("GET", "/api/v1/dashboard/births", { token: admin }))).result as Json;
}
const chartIdsOf = (positionJson: string) =>
  Object.values(JSON.parse(positionJson) as Record<string, Json>)
    .filter((n) => n?.type === "CHART")
    .map((n) => n.meta.chartId as number);

describe("export and import round trip", () => {
  it("exports the Births dashboard as Superset writes it, deletes it, imports it back whole", async () => {
    const before = await births();
    const dataset = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).result.find(
      (d: Json) => d.table_name === "birth_names",
    );
    // A native filter, so the round trip covers filters and their dataset reference.
    const metadata = JSON.parse(before.json_metadata);
    metadata.native_filter_configuration = [
      {
        id: "NATIVE_FILTER-gender1",
        name: "Gender",
        filterType: "filter_select",
        type: "NATIVE_FILTER",
        targets: [{ datasetId: dataset.id, column: { name: "gender" } }],
        controlValues: { multiSelect: true },
        defaultDataMask: { filterState: {}, extraFormData: {}, ownState: {} },
        cascadeParentIds: [],
        scope: { rootPath: ["ROOT_ID"], excluded: [] },
      },
    ];
    const put = await s.call("PUT", `/api/v1/dashboard/${before.id}`, {
      token: admin,
      body: { json_metadata: JSON.stringify(metadata) },
    });
    expect(put.status).toBe(200);

    const res = await exportOf(admin, "dashboard", [before.id]);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename=dashboard_export_\d{8}T\d{6}\.zip$/,
    );
    const { root, files } = unpack(new Uint8Array(await res.arrayBuffer()));
    expect(root).toMatch(/^dashboard_export_\d{8}T\d{6}$/);
    const meta = parse(files.get("metadata.yaml")!);
    expect(meta).toMatchObject({ version: "1.0.0", type: "Dashboard" });
    expect(Object.keys(meta)).toEqual(["version", "type", "timestamp"]);
    // Quoted, so Superset's YAML 1.1 reader keeps it a string (its schema wants one).
    expect(files.get("metadata.yaml")).toMatch(/^timestamp: '\d{4}-/m);
    const names = [...files.keys()];
    expect(names).toContain(`dashboards/Births_${before.id}.yaml`);
    expect(names).toContain(`datasets/examples/birth_names_${dataset.id}.yaml`);
    expect(names).toContain("databases/examples.yaml");
    const chartIds = chartIdsOf(before.position_json);
    expect(names.filter((n) => n.startsWith("charts/"))).toHaveLength(new Set(chartIds).size);

    const dash = parse(files.get(`dashboards/Births_${before.id}.yaml`)!);
    expect(Object.keys(dash)).toEqual([
      "dashboard_title",
      "description",
      "css",
      "slug",
      "certified_by",
      "certification_details",
      "published",
      "uuid",
      "position",
      "metadata",
      "version",
    ]);
    const target = dash.metadata.native_filter_configuration[0].targets[0];
    expect(target.datasetId).toBeUndefined();
    const ds = parse(files.get(`datasets/examples/birth_names_${dataset.id}.yaml`)!);
    expect(target.datasetUuid).toBe(ds.uuid);
    const db = parse(files.get("databases/examples.yaml")!);
    expect(ds.database_uuid).toBe(db.uuid);
    expect(db).not.toHaveProperty("encrypted_extra");
    expect(db).not.toHaveProperty("password");
    for (const node of Object.values(dash.position) as Json[]) {
      if (node?.type === "CHART") expect(node.meta.uuid).toMatch(/^[0-9a-f-]{36}$/);
    }
    const chartFile = parse(files.get(names.find((n) => n.startsWith("charts/"))!)!);
    expect(chartFile).toMatchObject({ version: "1.0.0", dataset_uuid: ds.uuid });
    expect(typeof chartFile.params).toBe("object");

    // Delete the dashboard and its charts.
    expect((await s.call("DELETE", `/api/v1/dashboard/${before.id}`, { token: admin })).status).toBe(200);
    for (const id of new Set(chartIds))
      expect((await s.call("DELETE", `/api/v1/chart/${id}`, { token: admin })).status).toBe(200);
    expect((await s.call("GET", "/api/v1/dashboard/births", { token: admin })).status).toBe(404);

    // The test's own copy of the export, zipped again under its folder.
    const zip = buildZip([...files].map(([name, data]) => ({ name: `${root}/${name}`, data })));
    const imported = await importInto(admin, "dashboard", importForm(zip, `${root}.zip`));
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect((await json(imported)).message).toBe("OK");

    const after = await births();
    expect(after.dashboard_title).toBe("Births");
    expect(after.uuid ?? dash.uuid).toBe(dash.uuid);
    const newIds = chartIdsOf(after.position_json);
    expect(newIds).toHaveLength(chartIds.length);
    for (const id of newIds) expect(chartIds).not.toContain(id);
    // Same layout tree apart from chart ids.
    const strip = (p: string) =>
      JSON.stringify(JSON.parse(p), (k, v) => (k === "chartId" || k === "uuid" ? undefined : v));
    expect(strip(after.position_json)).toBe(strip(JSON.stringify(dash.position)));
    const filters = JSON.parse(after.json_metadata).native_filter_configuration;
    expect(filters).toHaveLength(1);
    expect(filters[0].targets[0]).toEqual({ datasetId: dataset.id, column: { name: "gender" } });
    // The existing database and dataset were reused, not duplicated.
    expect((await json(await s.call("GET", "/api/v1/database/", { token: admin }))).count).toBe(1);
    expect(
      (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).result.filter(
        (d: Json) => d.table_name === "birth_names",
      ),
    ).toHaveLength(1);
    for (const id of newIds) {
      const data = await s.call("GET", `/api/v1/chart/${id}/data/`, { token: admin });
      expect(data.status, `chart ${id}`).toBe(200);
      expect((await json(data)).result[0].rowcount).toBeGreaterThan(0);
    }

    // Again: it exists now, so Superset's confirmation, then overwrite.
    const again = await importInto(admin, "dashboard", importForm(zip, "again.zip"));
    expect(again.status).toBe(422);
    const body = await json(again);
    expect(body.errors[0].error_type).toBe("GENERIC_COMMAND_ERROR");
    expect(body.errors[0].extra[`dashboards/Births_${before.id}.yaml`]).toBe(
      "Dashboard already exists and `overwrite=true` was not passed",
    );
    expect(body.errors[0].extra.issue_codes[0].code).toBe(1010);
    const overwritten = await importInto(
      admin,
      "dashboard",
      importForm(zip, "again.zip", { overwrite: "true" }),
    );
    expect(overwritten.status, await overwritten.clone().text()).toBe(200);
    expect(chartIdsOf((await births()).position_json).sort()).toEqual([...newIds].sort());

    // CSS in a bundle is cleaned on the way in, as a dashboard save cleans it.
    const dashFile = `dashboards/Births_${before.id}.yaml`;
    const unsafe = new Map(files).set(
      dashFile,
      stringify({
        ...dash,
        css: "@import url(https://evil.example/x.css);\n.a { color: red; background: url(javascript:alert(1)) }",
      }),
    );
    const unsafeZip = buildZip([...unsafe].map(([name, data]) => ({ name: `${root}/${name}`, data })));
    const cleaned = await importInto(
      admin,
      "dashboard",
      importForm(unsafeZip, "css.zip", { overwrite: "true" }),
    );
    expect(cleaned.status, await cleaned.clone().text()).toBe(200);
    const css = (await births()).css;
    expect(css).toContain(".a { color: red;");
    expect(css).not.toMatch(/@import|javascript/);
  });

  it("exports every kind with its dependencies and masks passwords", async () => {
    const dbId = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).ids[0];
    const saved = await json(
      await s.call("POST", "/api/v1/saved_query/", {
        token: admin,
        body: {
          label: "Top names",
          sql: "SELECT name FROM birth_names LIMIT 5",
          db_id: dbId,
          schema: "main",
        },
      }),
    );
    const q = unpack(new Uint8Array(await (await exportOf(admin, "saved_query", [saved.id])).arrayBuffer()));
    expect(parse(q.files.get("metadata.yaml")!).type).toBe("SavedQuery");
    expect([...q.files.keys()].sort()).toEqual([
      "databases/examples.yaml",
      "metadata.yaml",
      "queries/examples/main/Top_names.yaml",
    ]);
    const d = unpack(new Uint8Array(await (await exportOf(admin, "database", [dbId])).arrayBuffer()));
    expect(parse(d.files.get("metadata.yaml")!).type).toBe("Database");
    expect([...d.files.keys()].some((n) => n.startsWith("datasets/examples/birth_names"))).toBe(true);
    const db = parse(d.files.get("databases/examples.yaml")!);
    expect(Object.keys(db).slice(0, 2)).toEqual(["database_name", "sqlalchemy_uri"]);
    expect(db).toHaveProperty("allow_csv_upload");
    // Imported back: the embedded examples database and its datasets are used as they are.
    const zip = buildZip([...d.files].map(([name, data]) => ({ name: `${d.root}/${name}`, data })));
    const back = await importInto(admin, "database", importForm(zip, "db.zip"));
    expect(back.status, await back.clone().text()).toBe(200);
    expect((await json(await s.call("GET", "/api/v1/database/", { token: admin }))).count).toBe(1);
  });

  it("answers 404 for an id the caller can't read and 400 without ids", async () => {
    expect((await exportOf(admin, "chart", [999_999])).status).toBe(404);
    expect((await s.call("GET", "/api/v1/chart/export/", { token: admin })).status).toBe(400);
    const gamma = await userWithRoles(s, admin, "export_gamma", ["Gamma"]);
    const dash = await births();
    // No can_export on Dataset: refused; a chart it can't read: 404, as if it did not exist.
    expect((await exportOf(gamma, "dataset", [1])).status).toBe(403);
    expect((await exportOf(gamma, "chart", [chartIdsOf(dash.position_json)[0]])).status).toBe(404);
    // Gamma reads the published dashboard but none of its charts' data: the export is refused by name.
    const refused = await exportOf(gamma, "dashboard", [dash.id]);
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toMatch(/holds the chart ".+", which you can't read/);
  });
});
