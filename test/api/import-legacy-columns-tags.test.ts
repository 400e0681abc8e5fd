import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBundle, importForm } from "../support/import-bundles.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";
import { buildZip, readZipEntries } from "../support/zip-builder.ts";

/*
 * Superset bundles with what older and newer Superset versions write: the legacy dual_line and
 * line_multi charts, datasets exported without columns, and custom tags on charts and dashboards.
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
  unreachableDb: "7a3c1f0e-2b4d-4c6e-8f10-1a2b3c4d5e70",
  dataset: "7a3c1f0e-2b4d-4c6e-8f10-1a2b3c4d5e01",
  noColumns: "7a3c1f0e-2b4d-4c6e-8f10-1a2b3c4d5e02",
  unreachableDataset: "7a3c1f0e-2b4d-4c6e-8f10-1a2b3c4d5e03",
  lineA: "7a3c1f0e-2b4d-4c6e-8f10-1a2b3c4d5e11",
  lineB: "7a3c1f0e-2b4d-4c6e-8f10-1a2b3c4d5e12",
  dual: "7a3c1f0e-2b4d-4c6e-8f10-1a2b3c4d5e13",
  multiBoth: "7a3c1f0e-2b4d-4c6e-8f10-1a2b3c4d5e14",
  multiPartial: "7a3c1f0e-2b4d-4c6e-8f10-1a2b3c4d5e15",
};

const metadataYaml = (type: string) =>
  `version: 1.0.0\ntype: ${type}\ntimestamp: '2021-03-02T10:00:00+00:00'\n`;
const examplesDb = `database_name: examples
sqlalchemy_uri: postgresql+psycopg2://superset:XXXXXXXXXX@db:5432/superset
uuid: ${U.examplesDb}
version: 1.0.0
`;
const unreachableDb = `database_name: Faraway
sqlalchemy_uri: postgresql+psycopg2://analyst:XXXXXXXXXX@127.0.0.1:1/warehouse
uuid: ${U.unreachableDb}
version: 1.0.0
`;
const births = "SELECT ds, gender, name, num, state FROM birth_names";
const datasetYaml = (
  table: string,
  uuid: string,
  db: string,
  sql: string | null,
  columns: string,
) => `table_name: ${table}
main_dttm_col: ds
schema: public
sql: ${sql ? JSON.stringify(sql) : "null"}
uuid: ${uuid}
metrics:
- metric_name: count
  expression: COUNT(*)
- metric_name: sum__num
  expression: SUM(num)
columns: ${columns}
version: 1.0.0
database_uuid: ${db}
`;
const someColumns = `
- column_name: ds
  is_dttm: true
  type: TIMESTAMP
- column_name: gender
  type: VARCHAR
- column_name: num
  type: BIGINT`;

/** A Superset 1.x line chart, referenced by id from the line_multi charts. */
const lineYaml = (uuid: string, sliceId: number, metric: string) => `slice_name: Line ${sliceId}
viz_type: line
params:
  viz_type: line
  slice_id: ${sliceId}
  granularity_sqla: ds
  time_grain_sqla: P1Y
  time_range: No filter
  metrics: [${metric}]
  adhoc_filters: []
  groupby: []
uuid: ${uuid}
version: 1.0.0
dataset_uuid: ${U.dataset}
`;
const dualLineYaml = `slice_name: Births and rows
viz_type: dual_line
params:
  viz_type: dual_line
  slice_id: 50
  granularity_sqla: ds
  time_grain_sqla: P1Y
  time_range: No filter
  metric: sum__num
  metric_2: count
  x_axis_format: smart_date
  y_axis_format: SMART_NUMBER
  y_axis_2_format: .3s
  adhoc_filters:
  - clause: WHERE
    expressionType: SIMPLE
    subject: gender
    operator: ==
    comparator: girl
uuid: ${U.dual}
version: 1.0.0
dataset_uuid: ${U.dataset}
`;
const multiLineYaml = (uuid: string, name: string, left: number[], right: number[]) => `slice_name: ${name}
viz_type: line_multi
params:
  viz_type: line_multi
  granularity_sqla: ds
  time_range: No filter
  line_charts: [${left.join(", ")}]
  line_charts_2: [${right.join(", ")}]
  prefix_metric_with_slice_name: false
uuid: ${uuid}
version: 1.0.0
dataset_uuid: ${U.dataset}
`;

function zip(root: string, files: [string, string][]) {
  return buildZip(files.map(([n, d]) => ({ name: `${root}/${n}`, data: d })));
}
const form = (file: Uint8Array<ArrayBuffer>, fields: Record<string, string> = {}) =>
  importForm(file, "bundle.zip", fields);
const importInto = (resource: string, f: FormData) => importBundle(s, admin, resource, f);
const get = async (path: string) => json(await s.call("GET", path, { token: admin }));
const chartNamed = async (name: string) =>
  (await get("/api/v1/chart/?q=(page_size:100)")).result.find((c: Json) => c.slice_name === name);
const datasetNamed = async (name: string) =>
  (await get("/api/v1/dataset/?q=(page_size:100)")).result.find((d: Json) => d.table_name === name);

describe("legacy chart types from Superset", () => {
  it("maps dual_line to a mixed chart and line_multi to a line or mixed chart, and their data runs", async () => {
    const bundle = zip("chart_export_1", [
      ["metadata.yaml", metadataYaml("Slice")],
      ["databases/examples.yaml", examplesDb],
      [
        "datasets/examples/births_legacy.yaml",
        datasetYaml("births_legacy", U.dataset, U.examplesDb, births, someColumns),
      ],
      ["charts/Line_41.yaml", lineYaml(U.lineA, 41, "sum__num")],
      ["charts/Line_42.yaml", lineYaml(U.lineB, 42, "count")],
      ["charts/dual.yaml", dualLineYaml],
      ["charts/multi_both.yaml", multiLineYaml(U.multiBoth, "Two axes", [41], [42])],
      ["charts/multi_partial.yaml", multiLineYaml(U.multiPartial, "One axis", [41, 999], [])],
    ]);
    const res = await importInto("chart", form(bundle));
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    const warnings = body.warnings.join("\n");
    expect(warnings).toMatch(/"Births and rows": dual_line → mixed_timeseries/);
    expect(warnings).toMatch(/"Two axes": line_multi → mixed_timeseries/);
    expect(warnings).toMatch(
      /"One axis": line_multi → echarts_timeseries_line; 1 of its lines came from charts not in this upload/,
    );

    const ds = await datasetNamed("births_legacy");
    const dual = (await get(`/api/v1/chart/${(await chartNamed("Births and rows")).id}`)).result;
    expect(dual.viz_type).toBe("mixed_timeseries");
    const fd = JSON.parse(dual.params);
    expect(fd).toMatchObject({
      viz_type: "mixed_timeseries",
      x_axis: "ds",
      metrics: ["sum__num"],
      metrics_b: ["count"],
      yAxisIndex: 0,
      yAxisIndexB: 1,
      x_axis_time_format: "smart_date",
      y_axis_format_secondary: ".3s",
    });
    expect(fd).not.toHaveProperty("metric");
    expect(fd).not.toHaveProperty("metric_2");
    // Both queries keep the chart's filter (Superset copies adhoc_filters to adhoc_filters_b).
    expect(fd.adhoc_filters_b).toEqual(fd.adhoc_filters);
    expect(fd.adhoc_filters.some((f: Json) => f.subject === "gender")).toBe(true);
    const qc = JSON.parse(dual.query_context);
    expect(qc.queries).toHaveLength(2);
    const data = await s.call("GET", `/api/v1/chart/${dual.id}/data/`, { token: admin });
    expect(data.status, await data.clone().text()).toBe(200);
    const results = (await json(data)).result;
    expect(results).toHaveLength(2);
    for (const r of results) expect(r.rowcount).toBeGreaterThan(0);

    const both = (await get(`/api/v1/chart/${(await chartNamed("Two axes")).id}`)).result;
    expect(both.viz_type).toBe("mixed_timeseries");
    expect(JSON.parse(both.params)).toMatchObject({
      metrics: ["sum__num"],
      metrics_b: ["count"],
      x_axis: "ds",
    });
    const bothData = await s.call("GET", `/api/v1/chart/${both.id}/data/`, { token: admin });
    expect(bothData.status).toBe(200);
    expect((await json(bothData)).result).toHaveLength(2);

    const partial = (await get(`/api/v1/chart/${(await chartNamed("One axis")).id}`)).result;
    expect(partial.viz_type).toBe("echarts_timeseries_line");
    const partialFd = JSON.parse(partial.params);
    expect(partialFd.metrics).toEqual(["sum__num"]);
    expect(partialFd).not.toHaveProperty("line_charts");
    const partialData = await s.call("GET", `/api/v1/chart/${partial.id}/data/`, { token: admin });
    expect(partialData.status).toBe(200);
    expect((await json(partialData)).result[0].rowcount).toBeGreaterThan(0);
    expect(JSON.parse(partial.query_context).datasource).toEqual({ id: ds.id, type: "table" });
  });
});

describe("datasets exported without columns", () => {
  it("gets its columns from the database, or a warning when the database can't be reached", async () => {
    const bundle = zip("dataset_export_1", [
      ["metadata.yaml", metadataYaml("SqlaTable")],
      ["databases/examples.yaml", examplesDb],
      ["databases/Faraway.yaml", unreachableDb],
      [
        "datasets/examples/births_bare.yaml",
        datasetYaml("births_bare", U.noColumns, U.examplesDb, births, "[]"),
      ],
      [
        "datasets/Faraway/orders.yaml",
        datasetYaml("orders_bare", U.unreachableDataset, U.unreachableDb, null, "[]"),
      ],
    ]);
    const res = await importInto(
      "dataset",
      form(bundle, { passwords: JSON.stringify({ "databases/Faraway.yaml": "secret" }) }),
    );
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.warnings.join("\n")).toMatch(
      /Dataset "orders_bare": it came without columns and they could not be read from the database "Faraway" \(.+\); sync its columns in the dataset editor/,
    );
    expect(body.warnings.join("\n")).not.toMatch(/"births_bare": it came without columns/);

    const bare = (await get(`/api/v1/dataset/${(await datasetNamed("births_bare")).id}`)).result;
    expect(bare.columns.map((c: Json) => c.column_name).sort()).toEqual([
      "ds",
      "gender",
      "name",
      "num",
      "state",
    ]);
    expect(bare.columns.find((c: Json) => c.column_name === "ds").is_dttm).toBe(true);
    expect(bare.metrics.map((m: Json) => m.metric_name).sort()).toEqual(["count", "sum__num"]);
    const orders = (await get(`/api/v1/dataset/${(await datasetNamed("orders_bare")).id}`)).result;
    expect(orders.columns).toEqual([]);
  });
});

describe("tags on charts and dashboards", () => {
  it("exports custom tags as Superset 4+ does and re-creates and attaches them on import", async () => {
    const dash = (await get("/api/v1/dashboard/births")).result;
    const position = JSON.parse(dash.position_json) as Record<string, Json>;
    const chartId = Object.values(position).find((n) => n?.type === "CHART")!.meta.chartId as number;
    const chartName = (await get(`/api/v1/chart/${chartId}`)).result.slice_name as string;
    const tag = async (name: string, description: string, objects: [string, number][]) => {
      const res = await s.call("POST", "/api/v1/tag/", {
        token: admin,
        body: { name, description, objects_to_tag: objects },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await json(res)).id as number;
    };
    const finance = await tag("finance", "Money matters", [["dashboard", dash.id]]);
    const kpi = await tag("kpi", "Watched weekly", [
      ["chart", chartId],
      ["dashboard", dash.id],
    ]);

    const exported = await s.call("GET", `/api/v1/dashboard/export/?q=!(${dash.id})`, { token: admin });
    expect(exported.status).toBe(200);
    const entries = readZipEntries(new Uint8Array(await exported.arrayBuffer()));
    const files = new Map([...entries].map(([n, t]) => [n.slice(n.indexOf("/") + 1), t]));
    const dashFile = parse(files.get([...files.keys()].find((n) => n.startsWith("dashboards/"))!)!);
    expect(dashFile.tags).toEqual(["finance", "kpi"]);
    const chartFile = [...files]
      .filter(([n]) => n.startsWith("charts/"))
      .map(([, t]) => parse(t))
      .find((c) => c.slice_name === chartName);
    expect(chartFile.tags).toEqual(["kpi"]);
    expect(parse(files.get("tags.yaml")!)).toEqual({
      tags: [
        { tag_name: "finance", description: "Money matters" },
        { tag_name: "kpi", description: "Watched weekly" },
      ],
    });

    // Gone here: both tags, the dashboard and the tagged chart.
    for (const path of [
      `/api/v1/tag/${finance}`,
      `/api/v1/tag/${kpi}`,
      `/api/v1/dashboard/${dash.id}`,
      `/api/v1/chart/${chartId}`,
    ]) {
      const del = await s.call("DELETE", path, { token: admin });
      expect(del.status, `${path}: ${await del.clone().text()}`).toBe(200);
    }
    const zipped = buildZip([...entries].map(([name, data]) => ({ name, data })));
    const res = await importInto("dashboard", form(zipped));
    expect(res.status, await res.clone().text()).toBe(200);

    const tags = (await get("/api/v1/tag/?q=(page_size:100)")).result as Json[];
    const byName = new Map(tags.map((t) => [t.name, t]));
    expect(byName.get("finance")?.description).toBe("Money matters");
    expect(byName.get("kpi")?.description).toBe("Watched weekly");
    const objects = async (id: number) =>
      ((await get(`/api/v1/tag/get_objects/?tag_ids=${id}`)).result as Json[])
        .map((o) => `${o.type}:${o.name}`)
        .sort();
    const title = dashFile.dashboard_title;
    expect(await objects(byName.get("finance")!.id)).toEqual([`dashboard:${title}`]);
    expect(await objects(byName.get("kpi")!.id)).toEqual([`chart:${chartName}`, `dashboard:${title}`]);

    // Imported again over itself: nothing is tagged twice.
    const again = await importInto("dashboard", form(zipped, { overwrite: "true" }));
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await objects(byName.get("kpi")!.id)).toEqual([`chart:${chartName}`, `dashboard:${title}`]);
  });
});
