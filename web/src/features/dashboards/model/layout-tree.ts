import {
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_WIDTH,
  type Layout,
  type LayoutItem,
  ROOT_DEPTH,
  ROOT_ID,
} from "./layout-types";

/** Child id → parent id, from the children lists (the `parents` arrays may be stale). */
export function parentMap(layout: Layout): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of Object.values(layout)) for (const child of item.children ?? []) out.set(child, item.id);
  return out;
}

export function parentOf(layout: Layout, id: string): LayoutItem | undefined {
  for (const item of Object.values(layout)) if (item.children?.includes(id)) return item;
  return undefined;
}

/** Ancestors of a component, nearest first. */
export function ancestorsOf(layout: Layout, id: string, parents = parentMap(layout)): LayoutItem[] {
  const out: LayoutItem[] = [];
  const seen = new Set<string>();
  let current = parents.get(id);
  while (current && !seen.has(current) && layout[current]) {
    seen.add(current);
    out.push(layout[current]);
    current = parents.get(current);
  }
  return out;
}

/** The component and everything under it (depth first, the component first). */
export function descendantIds(layout: Layout, id: string): string[] {
  const out: string[] = [];
  const stack = [id];
  const seen = new Set<string>();
  while (stack.length) {
    const current = stack.pop()!;
    if (seen.has(current) || !layout[current]) continue;
    seen.add(current);
    out.push(current);
    stack.push(...[...layout[current].children].reverse());
  }
  return out;
}

export function chartIdsUnder(layout: Layout, id: string): number[] {
  return descendantIds(layout, id)
    .map((d) => layout[d])
    .filter((c) => c.type === "CHART" && typeof c.meta.chartId === "number")
    .map((c) => c.meta.chartId as number);
}

/** The TAB ancestors of a component, outermost first. */
export function tabPath(layout: Layout, id: string, parents = parentMap(layout)): string[] {
  return ancestorsOf(layout, id, parents)
    .filter((a) => a.type === "TAB")
    .map((a) => a.id)
    .reverse();
}

/** The top-level TABS (child of ROOT), if the dashboard has them. */
export function topLevelTabsId(layout: Layout): string | undefined {
  const first = layout[ROOT_ID]?.children?.[0];
  return first && layout[first]?.type === "TABS" ? first : undefined;
}

/**
 * Rendering depth (Superset's): ROOT 0, its children 1; TABS and TAB do not increase the depth
 * of their children, except top-level tabs whose content is a grid (children at depth 2).
 */
export function depthMap(layout: Layout): Map<string, number> {
  const depths = new Map<string, number>();
  const visit = (id: string, depth: number) => {
    const item = layout[id];
    if (!item || depths.has(id)) return;
    depths.set(id, depth);
    for (const child of item.children) {
      let next = depth + 1;
      if (item.type === "TABS") next = depth;
      else if (item.type === "TAB") next = depth === ROOT_DEPTH + 1 ? depth + 1 : depth;
      visit(child, next);
    }
  };
  visit(ROOT_ID, ROOT_DEPTH);
  return depths;
}

/** Width in grid columns a component takes in a row: rows sum their children. */
export function componentWidth(layout: Layout, id: string): number {
  const item = layout[id];
  if (!item) return 0;
  if (item.type === "ROW") return item.children.reduce((sum, c) => sum + componentWidth(layout, c), 0);
  if (item.type === "CHART" || item.type === "MARKDOWN" || item.type === "COLUMN" || item.type === "DYNAMIC")
    return item.meta.width ?? GRID_DEFAULT_CHART_WIDTH;
  return 0;
}

/** Columns a container offers its children: a column its width, a row that of its column (or 12). */
export function containerCapacity(layout: Layout, id: string): number {
  const item = layout[id];
  if (!item) return GRID_COLUMN_COUNT;
  if (item.type === "COLUMN") return item.meta.width ?? GRID_DEFAULT_CHART_WIDTH;
  if (item.type === "ROW") {
    const parent = parentOf(layout, id);
    return parent?.type === "COLUMN" ? containerCapacity(layout, parent.id) : GRID_COLUMN_COUNT;
  }
  return GRID_COLUMN_COUNT;
}

/** Children of a ROW or TABS sit side by side; the others stack vertically. */
export function isHorizontal(type: string | undefined): boolean {
  return type === "ROW" || type === "TABS";
}
