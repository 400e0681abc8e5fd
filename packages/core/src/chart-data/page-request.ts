import { type ChartDataRequest, ChartDataRequestSchema } from "@strata/contracts";
import * as v from "valibot";
import { chartDatasetOf, spaChartDataRequest, withBuiltQueryContext } from "../assets/query-context.ts";
import { savedChartRequest } from "../charts/saved-request.ts";
import type { ChartEntity } from "../charts/types.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { applyExtraFormData } from "../reports/apply-extra-form-data.ts";
import type { ExtraFormData } from "../reports/native-filters.ts";

/** A chart's saved form data (`params`), or nothing when it is unreadable. */
export function chartFormData(chart: ChartEntity): Record<string, unknown> {
  try {
    const parsed = JSON.parse(chart.params ?? "{}");
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * The request a chart's page sends (Explore's chart, the dashboard's holder, see the SPA's
 * `toDashboardChart`), built from its form data by the SPA's own builder with its dataset: what
 * a report draws from and what a cache warm-up must run for a page to find its answer cached.
 * Not the saved query context: the page never reads that, and one saved by an API client, an
 * older version or another Superset (or built generically for a chart that had none) can ask a
 * differently shaped query than the renderer draws (an unpivoted, metric-ordered line chart came
 * out as zig-zags). The chart-data verb still checks the caller's access and applies RLS,
 * whatever asks. The saved context stays what the data endpoints and CSV/text reports answer
 * from, as in Superset.
 */
export function pageRequest(
  chart: ChartEntity,
  dataset: DatasetEntity | undefined,
  dashboardId?: number,
): ChartDataRequest {
  const params = chartFormData(chart);
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

/**
 * A dashboard's filter values applied to each of the request's queries, as the dashboard's page
 * applies them. A time range goes on the query's own time column, else the chart's or the
 * dataset's main one.
 */
export function withExtraFormData(
  request: ChartDataRequest,
  extra: ExtraFormData,
  chart: ChartEntity,
  dataset: DatasetEntity | undefined,
): void {
  const fallback = extra.time_range ? temporalColumnOf(chart, dataset) : undefined;
  request.queries = request.queries.map((q) => applyExtraFormData(q, extra, q.granularity || fallback));
}

function parsedRequest(built: unknown): ChartDataRequest {
  const parsed = v.safeParse(ChartDataRequestSchema, built);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join(".") ?? "";
  throw new Error(`its form data makes an invalid query${path ? ` at ${path}` : ""}: ${issue.message}`);
}

/** The time column a time range filter goes on when the chart's queries have no time filter. */
function temporalColumnOf(chart: ChartEntity, dataset: DatasetEntity | undefined): string | undefined {
  const fd = chartFormData(chart);
  if (typeof fd.granularity_sqla === "string" && fd.granularity_sqla) return fd.granularity_sqla;
  return dataset?.main_dttm_col ?? dataset?.columns.find((c) => c.is_dttm)?.column_name ?? undefined;
}
