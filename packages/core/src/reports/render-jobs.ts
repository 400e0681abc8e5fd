import { type ChartDataRequest, ChartDataRequestSchema } from "@strata/contracts";
import * as v from "valibot";
import { chartDatasetOf, spaChartDataRequest, withBuiltQueryContext } from "../assets/query-context.ts";
import type { ChartDataReply, ChartDataService } from "../chart-data/service.ts";
import { savedChartRequest } from "../charts/saved-request.ts";
import type { Charts } from "../charts/service.ts";
import type { ChartEntity } from "../charts/types.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { DashboardEntity } from "../dashboards/types.ts";
import type { Datasets } from "../datasets/service.ts";
import { AppError } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { applyExtraFormData } from "./apply-extra-form-data.ts";
import { type ExtraFormData, nativeFilterExtras } from "./native-filters.ts";
import { dashboardRenderRows } from "./render-layout.ts";
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

const formDataOf = (chart: ChartEntity): Record<string, unknown> => {
  try {
    const parsed = JSON.parse(chart.params ?? "{}");
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
};

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
    formData: formDataOf(chart),
    queriesData,
    ...(height ? { height } : {}),
  };
}

/**
 * A chart report's document: the chart's data as its owner sees it, from the query its page
 * sends (`pageRequest`) through the chart-data verb the API uses (caches, limits, RLS), always
 * answered inline.
 */
export async function chartRenderJob(
  src: RenderSources,
  owner: Principal,
  report: ReportEntity,
): Promise<RenderJob> {
  const { chart } = await src.charts.get(owner, report.chart_id ?? 0).catch(() => {
    throw runError("The report's chart no longer exists or its owner can no longer read it.");
  });
  const reply = await pageRequest(src, chart)
    .then((request) =>
      src.chartData.request(owner, request, { sliceId: chart.id }, undefined, { inline: true }),
    )
    .catch((e) => {
      throw dataFailure(chart, e);
    });
  return {
    kind: "chart",
    title: chart.slice_name,
    ...(report.custom_width ? { width: report.custom_width } : {}),
    charts: [renderChart(chart, await resultOf(reply))],
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
): Promise<RenderJob> {
  const dashboard = await src.dashboards.get(owner, report.dashboard_id ?? 0).catch(() => {
    throw runError("The report's dashboard no longer exists or its owner can no longer read it.");
  });
  return dashboardStateRenderJob(src, owner, dashboard, report.extra?.dashboard ?? null, report.custom_width);
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
  const rows = dashboardRenderRows(dashboard.position_json, new Set(charts.map((c) => c.id)), activeTabs);
  const drawn = rows ? placedChartIds(rows) : new Set(charts.map((c) => c.id));
  const shown = charts.filter((c) => drawn.has(c.id));
  const data = await mapLimited(shown, DATA_CONCURRENCY, (chart) =>
    dashboardChartData(src, viewer, chart, dashboard.id, filters.get(chart.id)),
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
): Promise<unknown[]> {
  try {
    const request = await pageRequest(src, chart, dashboardId);
    if (extra) {
      const fallback = extra.time_range ? await temporalColumnOf(src, chart) : undefined;
      request.queries = request.queries.map((q) => applyExtraFormData(q, extra, q.granularity || fallback));
    }
    const reply = await src.chartData.request(owner, request, { sliceId: chart.id, dashboardId }, undefined, {
      inline: true,
    });
    return await resultOf(reply);
  } catch (e) {
    throw dataFailure(chart, e);
  }
}

/**
 * The request a chart's picture is drawn from: the one its page sends (Explore's chart, the
 * dashboard's holder, see the SPA's `toDashboardChart`), built from its form data by the SPA's
 * own builder with its dataset. Not the saved query context: the page never reads that, and one
 * saved by an API client, an older version or another Superset (or built generically for a chart
 * that had none) can ask a differently shaped query than the renderer draws (an unpivoted,
 * metric-ordered line chart came out as zig-zags). The chart-data verb still checks the
 * caller's access and applies RLS, whatever asks. The saved context stays what the data
 * endpoints and CSV/text reports answer from, as in Superset.
 */
async function pageRequest(src: RenderSources, chart: ChartEntity, dashboardId?: number) {
  const params = formDataOf(chart);
  const dataset = chart.datasource_id ? await src.datasets?.find(chart.datasource_id) : undefined;
  const built = chart.datasource_id
    ? spaChartDataRequest(
        {
          ...params,
          viz_type: chart.viz_type || String(params.viz_type ?? "table"),
          datasource: `${chart.datasource_id}__table`,
          slice_id: chart.id,
          ...(dashboardId ? { dashboardId } : {}),
        },
        dataset && chartDatasetOf(dataset),
      )
    : undefined;
  // A type the SPA has no builder for (its page shows a placeholder) keeps its saved query, as before.
  const request = built ? parsedRequest(built) : savedChartRequest(withBuiltQueryContext(chart, dataset));
  request.result_format = "json";
  request.result_type = "full";
  request.force = false;
  return request;
}

function parsedRequest(built: unknown): ChartDataRequest {
  const parsed = v.safeParse(ChartDataRequestSchema, built);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join(".") ?? "";
  throw new Error(`its form data makes an invalid query${path ? ` at ${path}` : ""}: ${issue.message}`);
}

/** The time column a time range filter goes on when the chart's queries have no time filter. */
async function temporalColumnOf(src: RenderSources, chart: ChartEntity): Promise<string | undefined> {
  const fd = formDataOf(chart);
  if (typeof fd.granularity_sqla === "string" && fd.granularity_sqla) return fd.granularity_sqla;
  const dataset = chart.datasource_id ? await src.datasets?.find(chart.datasource_id) : undefined;
  return dataset?.main_dttm_col ?? dataset?.columns.find((c) => c.is_dttm)?.column_name ?? undefined;
}

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
