import type { DashboardMetadata } from "./dashboard-types";
import { chartsInScope, scopeFromCharts } from "./filter-scope";
import type { Layout } from "./layout-types";
import { chartIdsUnder } from "./layout-tree";
import { ROOT_ID } from "./layout-types";
import { crossFilterScope } from "./cross-filter";

/** The other charts of the dashboard a chart's cross filters reach now. */
export function crossFilterTargets(metadata: DashboardMetadata, layout: Layout, chartId: number): number[] {
  const scope = crossFilterScope(metadata, layout, chartId);
  const others = chartIdsUnder(layout, ROOT_ID).filter((c) => c !== chartId);
  return scope === "all" ? others : others.filter((c) => scope.includes(c));
}

/**
 * The metadata with a chart's cross-filter scope set as Superset stores it in
 * `chart_configuration[id].crossFilters`: "global" when every other chart is chosen, else the
 * whole dashboard with the others (and the chart itself) excluded; `chartsInScope` is kept beside it.
 */
export function withCrossFilterScope(
  metadata: DashboardMetadata,
  layout: Layout,
  chartId: number,
  selected: number[],
): DashboardMetadata {
  const others = chartIdsUnder(layout, ROOT_ID).filter((c) => c !== chartId);
  const chosen = others.filter((c) => selected.includes(c));
  const everything = chosen.length === others.length;
  const scope = everything
    ? ("global" as const)
    : (() => {
        const s = scopeFromCharts(chosen, layout);
        return { rootPath: s.rootPath, excluded: [...new Set([...s.excluded, chartId])] };
      })();
  const inScope =
    scope === "global"
      ? others
      : chartsInScope({ id: "cross", type: "NATIVE_FILTER", scope }, layout).filter((c) => c !== chartId);
  const config = { ...((metadata.chart_configuration ?? {}) as Record<string, unknown>) };
  config[String(chartId)] = { id: chartId, crossFilters: { scope, chartsInScope: inScope } };
  return { ...metadata, chart_configuration: config };
}
