import type { ChartDataReply, ChartDataService } from "../chart-data/service.ts";
import { chartFormData, pageRequest, withExtraFormData } from "../chart-data/page-request.ts";
import type { Charts } from "../charts/service.ts";
import type { ChartEntity } from "../charts/types.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { DashboardEntity } from "../dashboards/types.ts";
import type { Datasets } from "../datasets/service.ts";
import { AppError } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { type ExtraFormData, nativeFilterExtras } from "./native-filters.ts";
import { dashboardRenderRows, rowsFromTop } from "./render-layout.ts";
import type { RenderChart, RenderJob } from "./render-port.ts";
import type { ReportEntity } from "./types.ts";

/** Charts whose data a dashboard report computes at once (each query also takes a query slot). */
const DATA_CONCURRENCY = 4;

export interface RenderSources {
  charts: Charts;
  dashboards: Dashboards;
  chartData: ChartDataService;
  /** Finds a chart's dataset for its main time column (a time range filter on a chart without its own). */
  datasets?: Pick<Datasets, "find">;
}

const runError = (message: string) => new AppError(422, { message });

/** The chart-data reply's `result` array, as the SPA receives it. */
async function resultOf(reply: ChartDataReply): Promise<unknown[]> {
  if (reply.kind !== "json") throw new Error("the chart's data did not come back as JSON");
  const parsed = JSON.parse(await new Response(reply.body).text()) as { result?: unknown[] };
  return Array.isArray(parsed.result) ? parsed.result : [];
}

/** A chart's data failure names the chart: with twenty on a dashboard, the owner must know which. */
const dataFailure = (chart: ChartEntity, e: unknown) =>
  runError(
    `Chart "${chart.slice_name}" could not get its data: ${e instanceof Error ? e.message : String(e)}`,
  );

function renderChart(chart: ChartEntity, queriesData: unknown[], height?: number): RenderChart {
  return {
    id: chart.id,
    title: chart.slice_name,
    vizType: chart.viz_type,
    formData: chartFormData(chart),
    queriesData,
    ...(height ? { height } : {}),
  };
}

/**
 * A chart report's document: the chart's data as its owner sees it, from the query its page
 * sends (`pageRequest`) through the chart-data verb the API uses (caches, limits, RLS), always
 * answered inline.
 */
/** `signal`, in these builders: stops their charts' queries (a run past its working timeout). */
export async function chartRenderJob(
  src: RenderSources,
  owner: Principal,
  report: ReportEntity,
  signal?: AbortSignal,
): Promise<RenderJob> {
  const { chart } = await src.charts.get(owner, report.chart_id ?? 0).catch(() => {
    throw runError("The report's chart no longer exists or its owner can no longer read it.");
  });
  return chartAloneRenderJob(src, owner, chart, { width: report.custom_width ?? undefined, signal });
}

/**
 * One chart drawn alone, with its data as `viewer` sees it in Explore: a chart report's document
 * and a chart screenshot's. `height` is the chart's drawing height (a default when absent).
 */
export async function chartAloneRenderJob(
  src: RenderSources,
  viewer: Principal,
  chart: ChartEntity,
  opts: { width?: number; height?: number; signal?: AbortSignal } = {},
): Promise<RenderJob> {
  const reply = await pageRequestOf(src, chart)
    .then((request) =>
      src.chartData.request(viewer, request, { sliceId: chart.id, signal: opts.signal }, undefined, {
        inline: true,
      }),
    )
    .catch((e) => {
      throw dataFailure(chart, e);
    });
  return {
    kind: "chart",
    title: chart.slice_name,
    ...(opts.width ? { width: opts.width } : {}),
    charts: [renderChart(chart, await resultOf(reply), opts.height)],
  };
}

/**
 * A dashboard report's document: every chart on it the owner can read, with its data (the
 * dashboard's native filter values applied, see `native-filters.ts`), laid out as the dashboard's
 * rows with the report's tab shown. A chart whose data fails sinks the report with a message
 * naming it, as a chart that fails to draw does: a report with a hole in it would look fine.
 */
export async function dashboardRenderJob(
  src: RenderSources,
  owner: Principal,
  report: ReportEntity,
  signal?: AbortSignal,
): Promise<RenderJob> {
  const dashboard = await src.dashboards.get(owner, report.dashboard_id ?? 0).catch(() => {
    throw runError("The report's dashboard no longer exists or its owner can no longer read it.");
  });
  return dashboardStateRenderJob(
    src,
    owner,
    dashboard,
    report.extra?.dashboard ?? null,
    report.custom_width,
    signal,
  );
}

/**
 * A dashboard drawn as `viewer` sees it in a given state (Superset's `extra.dashboard` /
 * permalink state: `dataMask`, `activeTabs`, `anchor`): what a dashboard report sends and what
 * the dashboard's own "Download as image / PDF" produces, so both look the same.
 */
export async function dashboardStateRenderJob(
  src: RenderSources,
  viewer: Principal,
  dashboard: DashboardEntity,
  state: unknown,
  width?: number | null,
  signal?: AbortSignal,
  /** Only the rows starting within this many pixels from the top (a thumbnail's screenful). */
  topPx?: number,
): Promise<RenderJob> {
  const charts = (await src.charts.onDashboard(viewer, dashboard)).sort((a, b) => a.id - b.id);
  const extra = (state && typeof state === "object" ? state : null) as {
    activeTabs?: unknown;
    anchor?: unknown;
  } | null;
  const activeTabs = [
    ...(Array.isArray(extra?.activeTabs) ? extra.activeTabs.filter((t) => typeof t === "string") : []),
    ...(typeof extra?.anchor === "string" ? [extra.anchor] : []),
  ];
  const filters = nativeFilterExtras(dashboard.json_metadata, dashboard.position_json, extra);
  const allRows = dashboardRenderRows(dashboard.position_json, new Set(charts.map((c) => c.id)), activeTabs);
  const rows = allRows && topPx ? rowsFromTop(allRows, topPx) : allRows;
  const drawn = rows ? placedChartIds(rows) : new Set(charts.map((c) => c.id));
  const shown = charts.filter((c) => drawn.has(c.id));
  const data = await mapLimited(shown, DATA_CONCURRENCY, (chart) =>
    dashboardChartData(src, viewer, chart, dashboard.id, filters.get(chart.id), signal),
  );
  return {
    kind: "dashboard",
    title: dashboard.dashboard_title,
    ...(width ? { width } : {}),
    charts: shown.map((chart, i) => renderChart(chart, data[i], rows ? undefined : 400)),
    ...(rows ? { rows } : {}),
  };
}

async function dashboardChartData(
  src: RenderSources,
  owner: Principal,
  chart: ChartEntity,
  dashboardId: number,
  extra: ExtraFormData | undefined,
  signal: AbortSignal | undefined,
): Promise<unknown[]> {
  try {
    const dataset = await datasetOf(src, chart);
    const request = pageRequest(chart, dataset, dashboardId);
    if (extra) withExtraFormData(request, extra, chart, dataset);
    const ctx = { sliceId: chart.id, dashboardId, signal };
    const reply = await src.chartData.request(owner, request, ctx, undefined, { inline: true });
    return await resultOf(reply);
  } catch (e) {
    throw dataFailure(chart, e);
  }
}

const datasetOf = async (src: RenderSources, chart: ChartEntity) =>
  chart.datasource_id ? await src.datasets?.find(chart.datasource_id) : undefined;

const pageRequestOf = async (src: RenderSources, chart: ChartEntity) =>
  pageRequest(chart, await datasetOf(src, chart));

/** Charts the layout places (a chart on the dashboard but in a hidden tab is left out). */
function placedChartIds(rows: NonNullable<RenderJob["rows"]>): Set<number> {
  const ids = new Set<number>();
  const visit = (block: NonNullable<RenderJob["rows"]>[number]["blocks"][number]) => {
    if (block.type === "chart") ids.add(block.chartId);
    if (block.type === "column") block.blocks.forEach(visit);
  };
  for (const row of rows) row.blocks.forEach(visit);
  return ids;
}

/** Maps with at most `limit` calls in flight; the first failure rejects. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}
