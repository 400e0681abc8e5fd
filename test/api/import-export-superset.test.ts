import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBundle, importForm } from "../support/import-bundles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";
import { buildZip, type ZipEntry } from "../support/zip-builder.ts";

/*
 * Bundles written the way Superset 4.x–6.x exports them (its ImportV1 schemas): position v2,
 * native filters by datasetUuid, chart params without query_context, legacy viz types, a filter
 * box, a PostgreSQL database whose password is masked, datasets in schema `public`.
 */

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

const U = {
  examplesDb: "a2dc77af-e654-49bb-b321-40f6b559a1ee",
  warehouseDb: "4b7e4a9c-1f0e-4f55-9f2a-5a1e2f1d0b01",
  dataset: "6c8f1c3e-0a6d-4a3f-9b1e-8d3c2b1a0f01",
  warehouseDataset: "6c8f1c3e-0a6d-4a3f-9b1e-8d3c2b1a0f02",
  distBar: "0d1f7a51-6a44-4f0e-8d4b-7c1e2f3a4b01",
  line: "0d1f7a51-6a44-4f0e-8d4b-7c1e2f3a4b02",
  filterBox: "0d1f7a51-6a44-4f0e-8d4b-7c1e2f3a4b03",
  dashboard: "9e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a01",
};

const metadataYaml = (type: string) => `version: 1.0.0
type: ${type}
timestamp: '2024-05-02T09:15:27.391826+00:00'
`;

const examplesDbYaml = `database_name: examples
sqlalchemy_uri: postgresql+psycopg2://superset:XXXXXXXXXX@db:5432/superset
cache_timeout: null
expose_in_sqllab: true
allow_run_async: false
allow_ctas: false
allow_cvas: false
allow_dml: false
allow_csv_upload: false
extra:
  metadata_params: {}
  engine_params: {}
  metadata_cache_timeout: {}
  schemas_allowed_for_csv_upload: []
uuid: ${U.examplesDb}
version: 1.0.0
`;

const warehouseDbYaml = `database_name: Warehouse
sqlalchemy_uri: postgresql+psycopg2://analyst:XXXXXXXXXX@127.0.0.1:1/warehouse
cache_timeout: null
expose_in_sqllab: true
allow_run_async: false
allow_ctas: false
allow_cvas: false
allow_dml: false
allow_csv_upload: false
extra:
  metadata_params: {}
  engine_params: {}
  metadata_cache_timeout: {}
  schemas_allowed_for_csv_upload: []
uuid: ${U.warehouseDb}
version: 1.0.0
`;

const column = (name: string, type: string, dttm = false) => `- column_name: ${name}
  verbose_name: null
  is_dttm: ${dttm}
  is_active: true
  type: ${type}
  advanced_data_type: null
  groupby: true
  filterable: true
  expression: null
  description: null
  python_date_format: null
  extra: {}
`;

const datasetYaml = (
  table: string,
  uuid: string,
  dbUuid: string,
  sql: string | null,
  catalog = "null",
) => `table_name: ${table}
main_dttm_col: ds
description: null
default_endpoint: null
offset: 0
cache_timeout: null
catalog: ${catalog}
schema: public
sql: ${sql ? JSON.stringify(sql) : "null"}
params: null
template_params: null
filter_select_enabled: true
fetch_values_predicate: null
extra: null
normalize_columns: false
always_filter_main_dttm: false
uuid: ${uuid}
metrics:
- metric_name: count
  verbose_name: COUNT(*)
  metric_type: count
  expression: COUNT(*)
  description: null
  d3format: null
  currency: null
  extra: {}
  warning_text: null
- metric_name: sum__num
  verbose_name: null
  metric_type: null
  expression: SUM(num)
  description: null
  d3format: null
  currency: null
  extra: {}
  warning_text: null
columns:
${column("ds", "TIMESTAMP WITHOUT TIME ZONE", true)}${column("gender", "VARCHAR(16)")}${column("name", "VARCHAR(255)")}${column("num", "BIGINT")}${column("state", "VARCHAR(10)")}version: 1.0.0
database_uuid: ${dbUuid}
`;

const distBarYaml = `slice_name: Boys vs Girls
description: null
certified_by: null
certification_details: null
viz_type: dist_bar
params:
  datasource: 3__table
  viz_type: dist_bar
  slice_id: 41
  granularity_sqla: ds
  time_range: No filter
  metrics:
  - sum__num
  adhoc_filters: []
  groupby:
  - gender
  columns: []
  row_limit: 50
  show_legend: true
  bar_stacked: false
query_context: null
cache_timeout: null
uuid: ${U.distBar}
version: 1.0.0
dataset_uuid: ${U.dataset}
`;

const lineYaml = `slice_name: Births over time
description: null
certified_by: null
certification_details: null
viz_type: line
params:
  datasource: 3__table
  viz_type: line
  slice_id: 42
  granularity_sqla: ds
  time_grain_sqla: P1Y
  time_range: No filter
  metrics:
  - sum__num
  adhoc_filters: []
  groupby: []
  row_limit: 1000
cache_timeout: null
uuid: ${U.line}
version: 1.0.0
dataset_uuid: ${U.dataset}
`;

const filterBoxYaml = `slice_name: Filters
viz_type: filter_box
params:
  datasource: 3__table
  viz_type: filter_box
  date_filter: false
  filter_configs:
  - asc: true
    clearable: true
    column: state
    key: f1
    label: State
    multiple: true
    searchAllOptions: false
    defaultValue: [CA]
cache_timeout: null
uuid: ${U.filterBox}
version: 1.0.0
dataset_uuid: ${U.dataset}
`;

const chartNode = (key: string, id: number, uuid: string, name: string, row: string) => `  ${key}:
    children: []
    id: ${key}
    meta:
      chartId: ${id}
      height: 50
      sliceName: ${name}
      uuid: ${uuid}
      width: 4
    parents:
    - ROOT_ID
    - GRID_ID
    - ${row}
    type: CHART
`;

const dashboardYaml = (extra = "") => `dashboard_title: Births (from Superset)
description: null
css: ''
slug: births
certified_by: ''
certification_details: ''
published: true
uuid: ${U.dashboard}
position:
  DASHBOARD_VERSION_KEY: v2
  ROOT_ID:
    children:
    - GRID_ID
    id: ROOT_ID
    type: ROOT
  GRID_ID:
    children:
    - ROW-1
    id: GRID_ID
    parents:
    - ROOT_ID
    type: GRID
  HEADER_ID:
    id: HEADER_ID
    meta:
      text: Births (from Superset)
    type: HEADER
  ROW-1:
    children:
    - CHART-a
    - CHART-b
    - CHART-c
    id: ROW-1
    meta:
      background: BACKGROUND_TRANSPARENT
    parents:
    - ROOT_ID
    - GRID_ID
    type: ROW
${chartNode("CHART-a", 41, U.distBar, "Boys vs Girls", "ROW-1")}${chartNode("CHART-b", 42, U.line, "Births over time", "ROW-1")}${chartNode("CHART-c", 43, U.filterBox, "Filters", "ROW-1")}metadata:
  color_scheme: supersetColors
  refresh_frequency: 0
  timed_refresh_immune_slices: [42]
  expanded_slices: {}
  shared_label_colors: {}
  label_colors: {}
  cross_filters_enabled: true
  chart_configuration:
    '41':
      id: 41
      crossFilters:
        scope: global
        chartsInScope: [42]
  global_chart_configuration:
    scope:
      rootPath: [ROOT_ID]
      excluded: []
    chartsInScope: [41, 42]
  native_filter_configuration:
  - id: NATIVE_FILTER-gender
    controlValues:
      enableEmptyFilter: false
      multiSelect: true
    name: Gender
    filterType: filter_select
    targets:
    - column:
        name: gender
      datasetUuid: ${U.dataset}
    defaultDataMask:
      extraFormData: {}
      filterState: {}
      ownState: {}
    cascadeParentIds: []
    scope:
      rootPath:
      - ROOT_ID
      excluded: [42]
    type: NATIVE_FILTER
    description: ''
    chartsInScope: [41]
${extra}version: 1.0.0
`;

const ROOT = "dashboard_export_20240502T091527";
const births = `SELECT ds, gender, name, num, state FROM birth_names`;

function dashboardBundle(
  opts: {
    type?: string;
    dashboard?: string;
    distBar?: string;
    without?: string[];
    extra?: ZipEntry[];
    catalog?: string;
  } = {},
) {
  const files: [string, string][] = [
    ["metadata.yaml", metadataYaml(opts.type ?? "Dashboard")],
    ["databases/examples.yaml", examplesDbYaml],
    [
      `datasets/examples/births_from_superset_3.yaml`,
      datasetYaml("births_from_superset", U.dataset, U.examplesDb, births, opts.catalog),
    ],
    ["charts/Boys_vs_Girls_41.yaml", opts.distBar ?? distBarYaml],
    ["charts/Births_over_time_42.yaml", lineYaml],
    ["charts/Filters_43.yaml", filterBoxYaml],
    ["dashboards/Births_from_Superset_7.yaml", opts.dashboard ?? dashboardYaml()],
  ];
  return buildZip([
    ...files
      .filter(([n]) => !opts.without?.includes(n))
      .map(([name, data]) => ({ name: `${ROOT}/${name}`, data })),
    ...(opts.extra ?? []),
  ]);
}

const importInto = (token: string, resource: string, f: FormData) => importBundle(s, token, resource, f);

/** How many of each asset exist, to show a refused import wrote nothing. */
async function counts() {
  const n = async (path: string) =>
    (await json(await s.call("GET", `/api/v1/${path}/?q=(page_size:100)`, { token: admin }))).count;
  return {
    databases: await n("database"),
    datasets: await n("dataset"),
    charts: await n("chart"),
    dashboards: await n("dashboard"),
    queries: await n("saved_query"),
  };
}

describe("importing Superset's export bundles", () => {
  it("imports a Superset dashboard: legacy charts mapped, a query context built, a filter box as native filters", async () => {
    // The dataset names a catalog the examples database doesn't allow (another database of the
    // same server, were it PostgreSQL): it gets the database's own.
    const bundle = dashboardBundle({ catalog: "elsewhere" });
    const res = await importInto(admin, "dashboard", importForm(bundle, `${ROOT}.zip`));
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe("OK");
    const warnings = body.warnings.join("\n");
    expect(warnings).toMatch(
      /does not allow changing catalogs, so its default catalog is used instead of "elsewhere"/,
    );
    expect(warnings).toMatch(
      /schema "public" does not exist on the database "examples", so its default schema "main" is used/,
    );
    expect(warnings).toMatch(/slug "births" is taken here, so it is "births-2"/);
    expect(warnings).toMatch(/dist_bar → echarts_timeseries_bar/);
    expect(warnings).toMatch(/filter box "Filters" is imported as native filters/);

    // The examples database was reused by name, not duplicated or given a password.
    const dbs = await json(await s.call("GET", "/api/v1/database/", { token: admin }));
    expect(dbs.count).toBe(1);

    const dash = (await json(await s.call("GET", "/api/v1/dashboard/births-2", { token: admin }))).result;
    expect(dash.dashboard_title).toBe("Births (from Superset)");
    const position = JSON.parse(dash.position_json);
    const charts = Object.values(position).filter((n: any) => n?.type === "CHART") as Json[];
    expect(charts).toHaveLength(2); // the filter box is not a chart any more
    expect(position["ROW-1"].children).toEqual(["CHART-a", "CHART-b"]);
    const [barId, lineId] = [position["CHART-a"].meta.chartId, position["CHART-b"].meta.chartId];
    const md = JSON.parse(dash.json_metadata);
    expect(md.timed_refresh_immune_slices).toEqual([lineId]);
    expect(Object.keys(md.chart_configuration)).toEqual([String(barId)]);
    expect(md.chart_configuration[barId].crossFilters.chartsInScope).toEqual([lineId]);
    expect(md.global_chart_configuration.chartsInScope).toEqual([barId, lineId]);
    const ds = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).result.find(
      (d: Json) => d.table_name === "births_from_superset",
    );
    expect(ds.schema).toBe("main");
    const detail = (await json(await s.call("GET", `/api/v1/dataset/${ds.id}`, { token: admin }))).result;
    expect(detail).toHaveProperty("catalog", null);
    const [gender, state] = md.native_filter_configuration;
    expect(gender.targets).toEqual([{ column: { name: "gender" }, datasetId: ds.id }]);
    expect(gender.scope.excluded).toEqual([lineId]);
    expect(gender.chartsInScope).toEqual([barId]);
    expect(state).toMatchObject({
      name: "State",
      filterType: "filter_select",
      targets: [{ datasetId: ds.id, column: { name: "state" } }],
    });
    expect(state.defaultDataMask.filterState.value).toEqual(["CA"]);

    const bar = (await json(await s.call("GET", `/api/v1/chart/${barId}`, { token: admin }))).result;
    expect(bar.viz_type).toBe("echarts_timeseries_bar");
    const params = JSON.parse(bar.params);
    expect(params).toMatchObject({ x_axis: "gender", datasource: `${ds.id}__table` });
    // No query_context in the file: built here, so the saved chart's data (and reports) work.
    expect(JSON.parse(bar.query_context).datasource).toEqual({ id: ds.id, type: "table" });
    for (const id of [barId, lineId]) {
      const data = await s.call("GET", `/api/v1/chart/${id}/data/`, { token: admin });
      expect(data.status, `chart ${id}: ${await data.clone().text()}`).toBe(200);
      expect((await json(data)).result[0].rowcount).toBeGreaterThan(0);
    }
    const line = (await json(await s.call("GET", `/api/v1/chart/${lineId}`, { token: admin }))).result;
    expect(line.viz_type).toBe("echarts_timeseries_line");
    expect(JSON.parse(line.params).x_axis).toBe("ds");
  });

  it("asks for a database password, then imports with it; never overwrites it with the mask", async () => {
    const bundle = buildZip([
      { name: `database_export_1/metadata.yaml`, data: metadataYaml("Database") },
      { name: `database_export_1/databases/Warehouse.yaml`, data: warehouseDbYaml },
      {
        name: `database_export_1/datasets/Warehouse/orders_1.yaml`,
        data: datasetYaml("orders", U.warehouseDataset, U.warehouseDb, null),
      },
    ]);
    const before = await counts();
    const first = await importInto(admin, "database", importForm(bundle, "db.zip"));
    expect(first.status).toBe(422);
    const error = (await json(first)).errors[0];
    expect(error).toMatchObject({ error_type: "GENERIC_COMMAND_ERROR", message: "Error importing database" });
    expect(error.extra["databases/Warehouse.yaml"]).toEqual({
      _schema: ["Must provide a password for the database"],
    });
    expect(await counts()).toEqual(before);

    const passwords = JSON.stringify({ "databases/Warehouse.yaml": "s3cret" });
    const ok = await importInto(admin, "database", importForm(bundle, "db.zip", { passwords }));
    expect(ok.status, await ok.clone().text()).toBe(200);
    const db = (await json(await s.call("GET", "/api/v1/database/", { token: admin }))).result.find(
      (d: Json) => d.database_name === "Warehouse",
    );
    const detail = (await json(await s.call("GET", `/api/v1/database/${db.id}/connection`, { token: admin })))
      .result;
    expect(detail.uuid).toBe(U.warehouseDb);
    expect(detail.parameters.password).toBe("XXXXXXXXXX"); // stored (sealed), shown masked
    const ds = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).result.find(
      (d: Json) => d.table_name === "orders",
    );
    expect(ds.schema).toBe("public"); // the database can't be reached now: the schema is kept

    const again = await importInto(admin, "database", importForm(bundle, "db.zip"));
    expect(again.status).toBe(422);
    expect((await json(again)).errors[0].extra["databases/Warehouse.yaml"]).toBe(
      "Database already exists and `overwrite=true` was not passed",
    );
    const overwritten = await importInto(
      admin,
      "database",
      importForm(bundle, "db.zip", { overwrite: "true" }),
    );
    expect(overwritten.status, await overwritten.clone().text()).toBe(200);
    const after = (await json(await s.call("GET", `/api/v1/database/${db.id}/connection`, { token: admin })))
      .result;
    expect(after.parameters.password).toBe("XXXXXXXXXX"); // still the stored one, not the mask
    const { core } = s.runtime;
    const stored = await core.databases.find(db.id);
    expect(stored?.sealed_password).toBeTruthy();
  });

  it("imports one chart file on its own, its dataset found on this server by uuid", async () => {
    const single = lineYaml
      .replace(U.line, "0d1f7a51-6a44-4f0e-8d4b-7c1e2f3a4b55")
      .replace("Births over time", "Single file");
    const res = await importInto(admin, "chart", importForm(single, "Single_file.yaml"));
    expect(res.status, await res.clone().text()).toBe(200);
    const list = await json(await s.call("GET", "/api/v1/chart/?q=(page_size:100)", { token: admin }));
    const chart = list.result.find((c: Json) => c.slice_name === "Single file");
    const data = await s.call("GET", `/api/v1/chart/${chart.id}/data/`, { token: admin });
    expect(data.status).toBe(200);
    const json5 = await importInto(admin, "chart", importForm(JSON.stringify({ slice_name: "x" }), "x.json"));
    expect(json5.status).toBe(422);
    expect((await json(json5)).errors[0].extra["charts/x.json"]).toMatchObject({
      uuid: ["Missing data for required field."],
    });
  });

  it("refuses a database behind an SSH tunnel at once, saying why, without asking for its secrets", async () => {
    const withTunnel = warehouseDbYaml
      .replace("Warehouse", "Tunnelled")
      .replace(U.warehouseDb, "4b7e4a9c-1f0e-4f55-9f2a-5a1e2f1d0b09")
      .replace(
        "version: 1.0.0",
        "ssh_tunnel:\n  server_address: bastion\n  server_port: 22\n  username: me\n  password: XXXXXXXXXX\nversion: 1.0.0",
      );
    const bundle = buildZip([
      { name: "x/metadata.yaml", data: metadataYaml("Database") },
      { name: "x/databases/Tunnelled.yaml", data: withTunnel },
    ]);
    const before = await counts();
    // Neither without the secrets (no prompts for them) nor with them.
    const attempts: Record<string, string>[] = [
      {},
      {
        passwords: JSON.stringify({ "databases/Tunnelled.yaml": "p" }),
        ssh_tunnel_passwords: JSON.stringify({ "databases/Tunnelled.yaml": "tunnel" }),
      },
    ];
    for (const fields of attempts) {
      const res = await importInto(admin, "database", importForm(bundle, "t.zip", fields));
      expect(res.status).toBe(422);
      const problem = (await json(res)).errors[0].extra["databases/Tunnelled.yaml"];
      expect(problem).toEqual({
        _schema: [
          'This database connects through an SSH tunnel, which Strata does not support. Remove "ssh_tunnel" from this file and make the database reachable directly from Strata, then import again.',
        ],
      });
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses bad input with a clear 4xx and writes nothing", async () => {
    const before = await counts();
    const cases: [string, FormData, number, RegExp][] = [
      ["not a zip", importForm("hello", "notes.txt"), 400, /not a ZIP archive, YAML or JSON/],
      [
        "a damaged zip",
        importForm(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), "x.zip"),
        400,
        /not a valid ZIP/,
      ],
      [
        "wrong metadata type",
        importForm(dashboardBundle({ type: "Slice" }), "x.zip"),
        422,
        /Must be equal to Dashboard/,
      ],
      [
        "a missing dependency",
        importForm(
          dashboardBundle({
            distBar: distBarYaml.replace(
              `dataset_uuid: ${U.dataset}`,
              "dataset_uuid: 11111111-2222-4333-8444-555555555555",
            ),
          }),
          "x.zip",
        ),
        422,
        /dataset 11111111-2222-4333-8444-555555555555 is neither in the upload nor on this server/,
      ],
      [
        "a YAML alias bomb",
        importForm(
          dashboardBundle({
            extra: [
              {
                name: `${ROOT}/charts/bomb.yaml`,
                data: `a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n`,
              },
            ],
          }),
          "x.zip",
        ),
        422,
        /Not a valid YAML file/,
      ],
      [
        "a ../ member name",
        importForm(
          dashboardBundle({ extra: [{ name: `${ROOT}/../../etc/evil.yaml`, data: "a: 1" }] }),
          "x.zip",
        ),
        400,
        /unsafe file name/,
      ],
      [
        "a symbolic link",
        importForm(
          dashboardBundle({ extra: [{ name: `${ROOT}/link.yaml`, data: "/etc/passwd", mode: 0o120777 }] }),
          "x.zip",
        ),
        400,
        /symbolic link/,
      ],
      [
        "an entry declared past 200 MB",
        importForm(
          dashboardBundle({
            extra: [{ name: `${ROOT}/big.yaml`, data: "a: 1", declaredSize: 210 * 1024 * 1024 }],
          }),
          "x.zip",
        ),
        413,
        /at most 20 MB/,
      ],
      [
        "an entry larger than it says",
        importForm(
          dashboardBundle({
            extra: [{ name: `${ROOT}/liar.yaml`, data: "a: 1\n".repeat(50_000), declaredSize: 10 }],
          }),
          "x.zip",
        ),
        400,
        /larger than its archive says/,
      ],
      [
        "bad passwords field",
        importForm(dashboardBundle(), "x.zip", { passwords: "[1]" }),
        400,
        /passwords must be a JSON object/,
      ],
    ];
    for (const [label, f, status, message] of cases) {
      const res = await importInto(admin, "dashboard", f);
      const text = await res.text();
      expect(res.status, `${label}: ${text}`).toBe(status);
      expect(text, label).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("answers 413 for an upload over 100 MB", async () => {
    const big = new Uint8Array(101 * 1024 * 1024);
    big.set([0x50, 0x4b, 3, 4]);
    const res = await importInto(admin, "dashboard", importForm(big, "big.zip"));
    expect(res.status).toBe(413);
  });

  it("undoes what it wrote when a later write fails", async () => {
    const before = await counts();
    // New uuids throughout, so the import creates every asset; the dashboard (written last) is
    // over the store's 400 KB item limit, so its write fails after the dataset and chart exist.
    const ds = "6c8f1c3e-0a6d-4a3f-9b1e-8d3c2b1a0f77";
    const chart = "0d1f7a51-6a44-4f0e-8d4b-7c1e2f3a4b77";
    const dashboard = dashboardYaml()
      .replace("css: ''", `css: '${"x".repeat(450_000)}'`)
      .replace("slug: births", "slug: rollback")
      .replace(U.dashboard, "9e0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a99")
      .replace(U.distBar, chart)
      .replace(`datasetUuid: ${U.dataset}`, `datasetUuid: ${ds}`);
    const fresh = buildZip(
      [
        ["metadata.yaml", metadataYaml("Dashboard")],
        ["databases/examples.yaml", examplesDbYaml],
        ["datasets/examples/b.yaml", datasetYaml("births_rollback", ds, U.examplesDb, births)],
        ["charts/a.yaml", distBarYaml.replace(U.distBar, chart).replace(U.dataset, ds)],
        ["charts/b.yaml", lineYaml],
        ["charts/c.yaml", filterBoxYaml],
        ["dashboards/d.yaml", dashboard],
      ].map(([n, d]) => ({ name: `r/${n}`, data: d })),
    );
    const res = await importInto(admin, "dashboard", importForm(fresh, "r.zip"));
    expect(res.status, await res.clone().text()).toBe(413);
    expect(await counts()).toEqual(before);
    expect(
      (await s.call("GET", "/api/v1/dataset/", { token: admin }).then(json)).result.some(
        (d: Json) => d.table_name === "births_rollback",
      ),
    ).toBe(false);
  });

  it("refuses users without the rights, writing nothing", async () => {
    const gamma = await userWithRoles(s, admin, "import_gamma", ["Gamma"]);
    const before = await counts();
    // Gamma may write dashboards and charts but not datasets: a bundle bringing a new dataset is refused.
    const newDataset = buildZip(
      [
        ["metadata.yaml", metadataYaml("Dataset")],
        ["databases/examples.yaml", examplesDbYaml],
        [
          "datasets/examples/g.yaml",
          datasetYaml("gamma_births", "6c8f1c3e-0a6d-4a3f-9b1e-8d3c2b1a0f66", U.examplesDb, births),
        ],
      ].map(([n, d]) => ({ name: `g/${n}`, data: d })),
    );
    expect((await importInto(gamma, "dataset", importForm(newDataset, "g.zip"))).status).toBe(403);
    // Overwriting a dashboard it does not own is refused too.
    const res = await importInto(
      gamma,
      "dashboard",
      importForm(dashboardBundle(), "x.zip", { overwrite: "true" }),
    );
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
