import { parentMap } from "./layout-tree";
import { type Layout, ROOT_ID } from "./layout-types";

/**
 * The active tabs reachable from the root: for each tabs container on the visible path, the tab
 * the user chose (one of `chosen`), else its first tab. Tabs no longer visible drop out (001 §4).
 */
export function computeActiveTabs(layout: Layout, chosen: readonly string[] = []): string[] {
  const wanted = new Set(chosen);
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    const item = layout[id];
    if (!item || seen.has(id)) return;
    seen.add(id);
    if (item.type === "TABS") {
      const tab = item.children.find((c) => wanted.has(c)) ?? item.children[0];
      if (tab) {
        out.push(tab);
        visit(tab);
      }
      return;
    }
    for (const child of item.children) visit(child);
  };
  visit(ROOT_ID);
  return out;
}

/** Selecting a tab: it replaces its siblings, nested tabs get their first (or kept) tab. */
export function selectTab(layout: Layout, activeTabs: readonly string[], tabId: string): string[] {
  const tabsId = parentMap(layout).get(tabId);
  const siblings = new Set(tabsId ? layout[tabsId].children : []);
  return computeActiveTabs(layout, [...activeTabs.filter((t) => !siblings.has(t)), tabId]);
}

/** Whether every tab above a component is active (it is on screen, scrolling aside). */
export function isVisible(
  layout: Layout,
  activeTabs: readonly string[],
  id: string,
  parents = parentMap(layout),
): boolean {
  const active = new Set(activeTabs);
  let current: string | undefined = id;
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    seen.add(current);
    if (layout[current]?.type === "TAB" && !active.has(current)) return false;
    current = parents.get(current);
  }
  return true;
}

/** Chart ids of the components shown under the active tabs. */
export function visibleChartIds(layout: Layout, activeTabs: readonly string[]): number[] {
  const parents = parentMap(layout);
  return Object.values(layout)
    .filter(
      (c) =>
        c.type === "CHART" &&
        typeof c.meta.chartId === "number" &&
        isVisible(layout, activeTabs, c.id, parents),
    )
    .map((c) => c.meta.chartId as number);
}
