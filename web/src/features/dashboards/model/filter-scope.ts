import type { DashboardMetadata, NativeFilter } from "./dashboard-types";
import { chartIdsUnder, parentMap, tabPath } from "./layout-tree";
import { type Layout, ROOT_ID } from "./layout-types";

export const isDivider = (f: NativeFilter) =>
  f.type === "DIVIDER" || f.id.startsWith("NATIVE_FILTER_DIVIDER-");

/**
 * Charts a filter applies to: those under its scope's root paths (default the whole dashboard)
 * minus the excluded ones; a filter stored with chartsInScope and no scope keeps that list.
 */
export function chartsInScope(filter: NativeFilter, layout: Layout): number[] {
  const all = chartIdsUnder(layout, ROOT_ID);
  if (!filter.scope && Array.isArray(filter.chartsInScope)) {
    const present = new Set(all);
    return filter.chartsInScope.filter((c) => present.has(c));
  }
  const roots = filter.scope?.rootPath?.length ? filter.scope.rootPath : [ROOT_ID];
  const excluded = new Set(filter.scope?.excluded ?? []);
  const out = new Set<number>();
  for (const root of roots) for (const id of chartIdsUnder(layout, root)) if (!excluded.has(id)) out.add(id);
  return [...out];
}

/** Tabs holding a chart in the filter's scope. */
export function tabsInScope(filter: NativeFilter, layout: Layout): string[] {
  const charts = new Set(chartsInScope(filter, layout));
  const parents = parentMap(layout);
  const tabs = new Set<string>();
  for (const item of Object.values(layout)) {
    if (item.type === "CHART" && charts.has(item.meta.chartId as number))
      for (const t of tabPath(layout, item.id, parents)) tabs.add(t);
  }
  return [...tabs];
}

/** Scope from a chosen set of charts: the whole dashboard with the others excluded. */
export function scopeFromCharts(
  selected: number[],
  layout: Layout,
): { rootPath: string[]; excluded: number[] } {
  const chosen = new Set(selected);
  return { rootPath: [ROOT_ID], excluded: chartIdsUnder(layout, ROOT_ID).filter((c) => !chosen.has(c)) };
}

/** A filter is out of scope when none of its charts is on the visible tabs. */
export function isFilterInView(filter: NativeFilter, layout: Layout, visibleCharts: Set<number>): boolean {
  const charts = chartsInScope(filter, layout);
  return charts.length === 0 || charts.some((c) => visibleCharts.has(c));
}

/** Filters with their computed scope, as stored on save (chartsInScope, tabsInScope). */
export function withComputedScopes(filters: NativeFilter[], layout: Layout): NativeFilter[] {
  return filters.map((f) =>
    isDivider(f) ? f : { ...f, chartsInScope: chartsInScope(f, layout), tabsInScope: tabsInScope(f, layout) },
  );
}

/** Parents first, transitively, never looping (cascading filters, 001 §3 cascadeParentIds). */
export function ancestorFilterIds(filterId: string, filters: NativeFilter[]): string[] {
  const byId = new Map(filters.map((f) => [f.id, f]));
  const out: string[] = [];
  const seen = new Set<string>([filterId]);
  const stack = [...(byId.get(filterId)?.cascadeParentIds ?? [])];
  while (stack.length) {
    const id = stack.shift()!;
    if (seen.has(id) || !byId.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(byId.get(id)?.cascadeParentIds ?? []));
  }
  return out;
}

/** Would making `parentId` a parent of `filterId` close a loop? */
export function createsCascadeLoop(filterId: string, parentId: string, filters: NativeFilter[]): boolean {
  return parentId === filterId || ancestorFilterIds(parentId, filters).includes(filterId);
}

/** Filters in display order: each parent followed by its children (nesting level for indent). */
export function cascadeOrder(filters: NativeFilter[]): { filter: NativeFilter; level: number }[] {
  const ids = new Set(filters.map((f) => f.id));
  const children = new Map<string, NativeFilter[]>();
  const roots: NativeFilter[] = [];
  for (const f of filters) {
    const parent = (f.cascadeParentIds ?? []).find((p) => ids.has(p) && p !== f.id);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), f]);
    else roots.push(f);
  }
  const out: { filter: NativeFilter; level: number }[] = [];
  const seen = new Set<string>();
  const visit = (f: NativeFilter, level: number) => {
    if (seen.has(f.id)) return;
    seen.add(f.id);
    out.push({ filter: f, level });
    for (const c of children.get(f.id) ?? []) visit(c, level + 1);
  };
  for (const r of roots) visit(r, 0);
  for (const f of filters) visit(f, 0);
  return out;
}

export function filterBarOrientation(metadata: DashboardMetadata): "VERTICAL" | "HORIZONTAL" {
  return metadata.filter_bar_orientation === "HORIZONTAL" ? "HORIZONTAL" : "VERTICAL";
}
