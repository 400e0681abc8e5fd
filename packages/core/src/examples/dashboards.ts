import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { queryObjectFromFormData } from "@strata/query";
import { CHART, type ChartData, type ChartEntity } from "../charts/types.ts";
import type { Core } from "../core.ts";
import { DASHBOARD, type DashboardData, type DashboardEntity } from "../dashboards/types.ts";
import { DATASET, type DatasetData, type DatasetEntity } from "../datasets/types.ts";
import { AppError } from "../errors.ts";

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

/** The form data an example chart is saved with (its `params`). */
function exampleFormData(chart: ExampleChart, datasetId: number): Record<string, unknown> {
  return { ...chart.formData, datasource: `${datasetId}__table`, time_range: "No filter", adhoc_filters: [] };
}

/**
 * An example chart's query_context: what Explore's save would store for its form data (Superset
 * saves its plugin's buildQuery output), from the SPA's own builder and the dataset's columns.
 * Reports, screenshots and the chart's data endpoint then ask what the page draws.
 */
async function exampleQueryContext(formData: Record<string, unknown>, dataset: DatasetEntity) {
  // The SPA's query builders are imported here: only the local start registers examples, and
  // the Lambda bundles would otherwise load them on every cold start.
  const { chartDatasetOf, spaChartDataRequest } = await import("../assets/query-context.ts");
  const request = spaChartDataRequest(formData, chartDatasetOf(dataset));
  if (!request)
    throw new Error(`The SPA has no query builder for the example's ${String(formData.viz_type)}.`);
  return request;
}

/**
 * First start: the "Births" example dashboard and its charts, once (found again by slug). Later
 * starts bring the query_context of the example charts nobody changed up to this version's builder.
 */
export async function registerExampleDashboards(core: Core, log: (line: string) => void): Promise<void> {
  const existing = (await core.dashboards.all()).find((d) => d.slug === "births");
  if (existing) return refreshExampleQueryContexts(core, existing, log);
  const dataset = (await core.datasets.all()).find((d) => d.table_name === "birth_names");
  if (!dataset) return;
  const meta = core.deps.meta;
  const dashboardId = await meta.nextId(DASHBOARD);
  const created: { id: number; name: string; width: number }[] = [];
  for (const c of BIRTHS) {
    const formData = exampleFormData(c, dataset.id);
    const chart = await meta.create<ChartData>(
      CHART,
      {
        slice_name: c.name,
        description: null,
        viz_type: String(c.formData.viz_type),
        params: JSON.stringify(formData),
        query_context: JSON.stringify(await exampleQueryContext(formData, dataset)),
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

/**
 * Data directories made by older versions hold example charts whose query_context was built
 * generically (no pivot, rows ordered by the metric): their pictures in reports and downloads were
 * wrong. Each start rebuilds it for the example charts still as they were made: the form data
 * untouched, and the query context either the generic one older versions wrote or never changed
 * since (this refresh keeps `changed_on`, so a later builder change is picked up the same way).
 * A chart someone edited, in Explore or through the API, is left as it is.
 */
async function refreshExampleQueryContexts(
  core: Core,
  dashboard: DashboardEntity,
  log: (line: string) => void,
): Promise<void> {
  const meta = core.deps.meta;
  const charts = await meta.getMany<ChartData>(CHART, chartIdsOf(dashboard.position_json));
  let refreshed = 0;
  for (const chart of charts) {
    const example = BIRTHS.find((c) => c.name === chart.slice_name && c.formData.viz_type === chart.viz_type);
    if (!example || !chart.datasource_id) continue;
    const formData = exampleFormData(example, chart.datasource_id);
    if (!isDeepStrictEqual(parseJson(chart.params), formData)) continue;
    const saved = parseJson(chart.query_context);
    if (
      !untouchedSince(chart) &&
      !isDeepStrictEqual(saved, legacyQueryContext(formData, chart.datasource_id))
    )
      continue;
    const dataset = await meta.get<DatasetData>(DATASET, chart.datasource_id);
    if (!dataset) continue;
    const current = await exampleQueryContext(formData, dataset);
    // Compared as JSON text, as it is stored: a key the builder leaves undefined is not written.
    if (isDeepStrictEqual(saved, JSON.parse(JSON.stringify(current)))) continue;
    try {
      await meta.update<ChartData>(
        CHART,
        chart,
        { query_context: JSON.stringify(current) },
        null,
        // Bookkeeping, not an edit: the chart must still look untouched to the next start.
        { keepChanged: true },
      );
      refreshed++;
    } catch (e) {
      // Changed meanwhile (a user's save, or another start's refresh): theirs stands. Anything
      // else is told, and the start goes on with the chart as it was.
      if (!(e instanceof AppError && e.status === 409))
        log(`Could not rebuild the query of the example chart "${chart.slice_name}": ${String(e)}`);
    }
  }
  if (refreshed) log(`Rebuilt the query of ${refreshed} example chart(s) as Explore saves it.`);
}

/** Never written since it was made (nor by this refresh, which keeps `changed_on`). */
const untouchedSince = (chart: ChartEntity) =>
  chart.changed_on === chart.created_on && chart.changed_by_fk === null;

/** The query_context versions before the shared builder saved with the example charts. */
function legacyQueryContext(formData: Record<string, unknown>, datasetId: number) {
  try {
    return {
      datasource: { id: datasetId, type: "table" },
      queries: [JSON.parse(JSON.stringify(queryObjectFromFormData(formData)))],
      form_data: formData,
      result_format: "json",
      result_type: "full",
    };
  } catch {
    return undefined;
  }
}

function parseJson(text: string | null): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The chart ids a dashboard's layout places. */
function chartIdsOf(positionJson: string | null): number[] {
  const position = parseJson(positionJson);
  if (!position || typeof position !== "object") return [];
  const ids: number[] = [];
  for (const item of Object.values(position as Record<string, unknown>)) {
    const meta = (item as { type?: unknown; meta?: { chartId?: unknown } } | null)?.meta;
    if ((item as { type?: unknown })?.type === "CHART" && Number.isSafeInteger(meta?.chartId))
      ids.push(meta?.chartId as number);
  }
  return ids;
}
