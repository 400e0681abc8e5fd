import { randomUUID } from "node:crypto";
import { queryObjectFromFormData } from "@strata/query";
import { CHART, type ChartData } from "../charts/types.ts";
import type { Core } from "../core.ts";
import { DASHBOARD, type DashboardData } from "../dashboards/types.ts";

interface ExampleChart {
  name: string;
  formData: Record<string, unknown>;
  width: number;
}

const BIRTHS: ExampleChart[] = [
  { name: "Total babies", width: 3, formData: { viz_type: "big_number_total", metric: "sum__num" } },
  {
    name: "Babies by gender",
    width: 4,
    formData: { viz_type: "pie", metric: "sum__num", groupby: ["gender"], row_limit: 10 },
  },
  {
    name: "Top states",
    width: 5,
    formData: {
      viz_type: "echarts_timeseries_bar",
      x_axis: "state",
      metrics: ["sum__num"],
      groupby: [],
      row_limit: 10,
      order_desc: true,
    },
  },
  {
    name: "Babies over time",
    width: 8,
    formData: {
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      time_grain_sqla: "P1Y",
      metrics: ["sum__num"],
      groupby: ["gender"],
      row_limit: 10000,
    },
  },
  {
    name: "Popular names",
    width: 4,
    formData: {
      viz_type: "table",
      query_mode: "aggregate",
      groupby: ["name"],
      metrics: ["sum__num"],
      row_limit: 25,
      order_desc: true,
    },
  },
];

/** A v2 layout: header, then rows of charts (12 columns per row). */
function layout(title: string, charts: { id: number; name: string; width: number }[]) {
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    HEADER_ID: { type: "HEADER", id: "HEADER_ID", meta: { text: title } },
    GRID_ID: { type: "GRID", id: "GRID_ID", children: [] as string[], parents: ["ROOT_ID"] },
  };
  let row: { id: string; children: string[]; used: number } | undefined;
  for (const c of charts) {
    if (!row || row.used + c.width > 12) {
      row = {
        id: `ROW-${(position.GRID_ID as { children: string[] }).children.length + 1}`,
        children: [],
        used: 0,
      };
      (position.GRID_ID as { children: string[] }).children.push(row.id);
      position[row.id] = {
        type: "ROW",
        id: row.id,
        children: row.children,
        parents: ["ROOT_ID", "GRID_ID"],
        meta: { background: "BACKGROUND_TRANSPARENT" },
      };
    }
    const id = `CHART-${c.id}`;
    row.children.push(id);
    row.used += c.width;
    position[id] = {
      type: "CHART",
      id,
      children: [],
      parents: ["ROOT_ID", "GRID_ID", row.id],
      meta: { chartId: c.id, sliceName: c.name, width: c.width, height: 50 },
    };
  }
  return position;
}

/** First start: the "Births" example dashboard and its charts, once (found again by slug). */
export async function registerExampleDashboards(core: Core, log: (line: string) => void): Promise<void> {
  if ((await core.dashboards.all()).some((d) => d.slug === "births")) return;
  const dataset = (await core.datasets.all()).find((d) => d.table_name === "birth_names");
  if (!dataset) return;
  const meta = core.deps.meta;
  const dashboardId = await meta.nextId(DASHBOARD);
  const created: { id: number; name: string; width: number }[] = [];
  for (const c of BIRTHS) {
    const formData = {
      ...c.formData,
      datasource: `${dataset.id}__table`,
      time_range: "No filter",
      adhoc_filters: [],
    };
    const queryContext = {
      datasource: { id: dataset.id, type: "table" },
      queries: [queryObjectFromFormData(formData)],
      form_data: formData,
      result_format: "json",
      result_type: "full",
    };
    const chart = await meta.create<ChartData>(
      CHART,
      {
        slice_name: c.name,
        description: null,
        viz_type: String(c.formData.viz_type),
        params: JSON.stringify(formData),
        query_context: JSON.stringify(queryContext),
        datasource_id: dataset.id,
        datasource_type: "table",
        cache_timeout: null,
        owners: [],
        dashboards: [dashboardId],
        certified_by: null,
        certification_details: null,
        is_managed_externally: false,
        external_url: null,
        uuid: randomUUID(),
      },
      null,
    );
    created.push({ id: chart.id, name: c.name, width: c.width });
  }
  // The dashboard is written last: until then nothing points at a half-made example.
  await meta.create<DashboardData>(
    DASHBOARD,
    {
      dashboard_title: "Births",
      slug: "births",
      css: "",
      published: true,
      owners: [],
      roles: [],
      certified_by: null,
      certification_details: null,
      json_metadata: JSON.stringify({
        color_scheme: "supersetColors",
        refresh_frequency: 0,
        native_filter_configuration: [],
        cross_filters_enabled: true,
      }),
      position_json: JSON.stringify(layout("Births", created)),
      is_managed_externally: false,
      external_url: null,
      uuid: randomUUID(),
    },
    null,
    dashboardId,
  );
  log(`Created the example dashboard "Births" with ${created.length} charts.`);
}
