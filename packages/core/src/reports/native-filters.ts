import type { QueryFilter } from "@strata/contracts";

/**
 * A dashboard's native filters as a report applies them: each filter's value comes from the
 * report's saved filter state (`extra.dashboard.dataMask`, Superset's shape), else from the
 * filter's default, and only its `extraFormData.filters` (column filters) are applied, to the
 * charts in the filter's scope. Time ranges, granularity and custom SQL of a filter's state are
 * not applied: the charts keep their own.
 */

interface FilterConfig {
  id?: string;
  type?: string;
  chartsInScope?: number[];
  scope?: { rootPath?: string[]; excluded?: number[] };
  defaultDataMask?: { extraFormData?: { filters?: unknown[] } };
}

interface LayoutNode {
  type?: string;
  children?: string[];
  meta?: { chartId?: number };
}

const isFilter = (f: unknown): f is QueryFilter => {
  const x = f as Partial<QueryFilter> | null;
  return !!x && typeof x === "object" && typeof x.col === "string" && typeof x.op === "string";
};

const parse = <T>(text: string | null | undefined, fallback: T): T => {
  try {
    return (JSON.parse(text ?? "") as T) ?? fallback;
  } catch {
    return fallback;
  }
};

/** Chart ids under a layout node (the whole dashboard from ROOT_ID). */
function chartsUnder(layout: Record<string, LayoutNode>, root: string): Set<number> {
  const found = new Set<number>();
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const node = layout[id];
    if (!node) return;
    if (node.type === "CHART" && typeof node.meta?.chartId === "number") found.add(node.meta.chartId);
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return found;
}

/** Column filters to add to each chart's queries, by chart id (charts with none are absent). */
export function nativeFilterValues(
  jsonMetadata: string | null | undefined,
  positionJson: string | null | undefined,
  extraDashboard: unknown,
): Map<number, QueryFilter[]> {
  const metadata = parse<{ native_filter_configuration?: FilterConfig[] }>(jsonMetadata, {});
  const configs = Array.isArray(metadata.native_filter_configuration)
    ? metadata.native_filter_configuration
    : [];
  const layout = parse<Record<string, LayoutNode>>(positionJson, {});
  const dataMask =
    ((extraDashboard as { dataMask?: Record<string, { extraFormData?: { filters?: unknown[] } }> } | null)
      ?.dataMask as Record<string, { extraFormData?: { filters?: unknown[] } }> | undefined) ?? {};
  const byChart = new Map<number, QueryFilter[]>();
  for (const config of configs) {
    if (!config?.id || config.type === "DIVIDER") continue;
    const state = dataMask[config.id] ?? config.defaultDataMask;
    const filters = (state?.extraFormData?.filters ?? []).filter(isFilter);
    if (!filters.length) continue;
    let charts: Iterable<number>;
    if (!config.scope && Array.isArray(config.chartsInScope)) charts = config.chartsInScope;
    else {
      const roots = config.scope?.rootPath?.length ? config.scope.rootPath : ["ROOT_ID"];
      const excluded = new Set(config.scope?.excluded ?? []);
      const inScope = new Set<number>();
      for (const root of roots) for (const id of chartsUnder(layout, root)) inScope.add(id);
      charts = [...inScope].filter((id) => !excluded.has(id));
    }
    for (const id of charts) byChart.set(id, [...(byChart.get(id) ?? []), ...filters]);
  }
  return byChart;
}
