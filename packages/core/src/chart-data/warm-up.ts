import type { ChartWarmUp, DatasetWarmUp, QueryFilter, WarmUpResult } from "@strata/contracts";
import type { Charts } from "../charts/service.ts";
import type { ChartEntity } from "../charts/types.ts";
import type { Dashboards } from "../dashboards/service.ts";
import type { DashboardEntity } from "../dashboards/types.ts";
import type { Databases } from "../databases/service.ts";
import type { Datasets } from "../datasets/service.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { AppError, notFound, unprocessable } from "../errors.ts";
import { nativeFilterExtras } from "../reports/native-filters.ts";
import { type Principal, requirePermission } from "../security/principal.ts";
import type { ChartDataService } from "./service.ts";

/** Charts one dataset warm-up runs at most: each is a real query, and a request's work is bounded. */
export const MAX_WARM_UP_CHARTS = 100;
/** Charts warmed at once (each query also takes one of the database's query slots). */
const CONCURRENCY = 4;

/**
 * Superset's cache warm-up: a chart's queries run again now (forced past the cache), so the next
 * page that shows it finds its answer cached. The query is the one that page sends: Explore's, or
 * with `dashboard_id` the dashboard's, with the default values of its native filters applied, so
 * a dashboard warmed this way opens from the cache. It runs as the caller, with their access and
 * row-level security, and fills their cache entries: a warm-up never reads or fills data for
 * anyone else. It answers once the answers are cached: "warm" means the next page hits.
 */
export class CacheWarmUp {
  constructor(
    private readonly deps: {
      charts: Charts;
      dashboards: Dashboards;
      databases: Databases;
      datasets: Datasets;
      chartData: ChartDataService;
    },
  ) {}

  /** As in Superset, warming up is a write verb (it spends the database's time for everyone). */
  async chart(p: Principal, body: ChartWarmUp): Promise<WarmUpResult> {
    requirePermission(p, "can_write", "Chart");
    const { chart, dataset } = await this.deps.charts.get(p, body.chart_id);
    const dashboard = body.dashboard_id ? await this.dashboardOf(p, body.dashboard_id, [chart]) : undefined;
    const result = await this.run(p, chart, dataset, dashboard, body.extra_filters ?? undefined);
    await this.deps.chartData.flush();
    return result;
  }

  async dataset(p: Principal, body: DatasetWarmUp): Promise<WarmUpResult[]> {
    requirePermission(p, "can_write", "Dataset");
    const datasets = await this.datasetsNamed(p, body.db_name, body.table_name);
    const charts = await this.deps.charts.visibleOnDatasets(p, new Set(datasets.map((d) => d.id)));
    if (charts.length > MAX_WARM_UP_CHARTS)
      throw unprocessable(
        `"${body.table_name}" has ${charts.length} charts; a warm-up runs at most ${MAX_WARM_UP_CHARTS}. Warm them one at a time with PUT /api/v1/chart/warm_up_cache.`,
      );
    const dashboard = body.dashboard_id
      ? await this.dashboardOf(p, body.dashboard_id, charts as ChartEntity[])
      : undefined;
    const byId = new Map(datasets.map((d) => [d.id, d]));
    const results: WarmUpResult[] = new Array(charts.length);
    let next = 0;
    const lane = async () => {
      while (next < charts.length) {
        const i = next++;
        const chart = charts[i] as ChartEntity;
        results[i] = await this.run(
          p,
          chart,
          byId.get(chart.datasource_id),
          dashboard,
          body.extra_filters ?? undefined,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, charts.length) }, lane));
    await this.deps.chartData.flush();
    return results;
  }

  /** The dashboard, which the caller can see and which shows at least one of the charts. */
  private async dashboardOf(p: Principal, id: number, charts: ChartEntity[]): Promise<DashboardEntity> {
    const dashboard = await this.deps.dashboards.get(p, id);
    const on = new Set((await this.deps.charts.onDashboard(p, dashboard)).map((c) => c.id));
    if (!charts.some((c) => on.has(c.id)))
      throw unprocessable(
        `Dashboard ${id} does not show ${charts.length === 1 ? "this chart" : "these charts"}.`,
      );
    return dashboard;
  }

  /** The datasets of that table on databases of that name that the caller may read. */
  private async datasetsNamed(p: Principal, dbName: string, tableName: string): Promise<DatasetEntity[]> {
    const databases = new Set(
      (await this.deps.databases.all()).filter((d) => d.database_name === dbName).map((d) => d.id),
    );
    const named = (await this.deps.datasets.allShared()).filter(
      (d) => databases.has(d.database_id) && d.table_name === tableName,
    );
    const readable: DatasetEntity[] = [];
    for (const d of named) {
      const found = await this.deps.datasets.get(p, d.id).catch(() => undefined);
      if (found) readable.push(found.ds);
    }
    if (readable.length === 0)
      throw notFound(`There is no dataset "${tableName}" on a database "${dbName}" you can read.`);
    return readable;
  }

  private async run(
    p: Principal,
    chart: ChartEntity,
    dataset: DatasetEntity | undefined,
    dashboard: DashboardEntity | undefined,
    extraFilters: QueryFilter[] | undefined,
  ): Promise<WarmUpResult> {
    try {
      // Loaded on first use: the page's request builders (the SPA's own) are no part of the
      // API's cold start.
      const { pageRequest, withExtraFormData } = await import("./page-request.ts");
      const request = pageRequest(chart, dataset, dashboard?.id);
      const defaults = dashboard
        ? nativeFilterExtras(dashboard.json_metadata, dashboard.position_json, undefined).get(chart.id)
        : undefined;
      if (defaults) withExtraFormData(request, defaults, chart, dataset);
      if (extraFilters?.length)
        request.queries = request.queries.map((q) => ({
          ...q,
          filters: [...(q.filters ?? []), ...extraFilters],
        }));
      request.force = true;
      const reply = await this.deps.chartData.request(
        p,
        request,
        { sliceId: chart.id, ...(dashboard ? { dashboardId: dashboard.id } : {}) },
        undefined,
        { inline: true },
      );
      const failed = reply.kind === "json" ? await firstError(reply.body) : null;
      if (failed) return { chart_id: chart.id, viz_error: failed, viz_status: "failed" };
      return { chart_id: chart.id, viz_error: null, viz_status: "success" };
    } catch (e) {
      // Refusals are the caller's answer; a query that fails is this chart's outcome.
      if (e instanceof AppError && (e.status === 401 || e.status === 403)) throw e;
      return {
        chart_id: chart.id,
        viz_error: e instanceof Error ? e.message : String(e),
        viz_status: "failed",
      };
    }
  }
}

/** The first query error a chart-data reply carries, if any (read whole: it is one chart's rows). */
async function firstError(body: ReadableStream<Uint8Array>): Promise<string | null> {
  const parsed = JSON.parse(await new Response(body).text()) as { result?: { error?: unknown }[] };
  const error = parsed.result?.find((r) => r?.error)?.error;
  return error ? String(error) : null;
}
