import { parentMap } from "./layout-tree";
import type { Layout } from "./layout-types";

/**
 * Moves a tab within its tabs container so that it ends at `toIndex` (clamped to the container).
 * The same layout object comes back when nothing moves, so no undo step is recorded for it.
 */
export function moveTab(layout: Layout, tabId: string, toIndex: number): Layout {
  if (layout[tabId]?.type !== "TAB" || !Number.isFinite(toIndex)) return layout;
  const tabsId = parentMap(layout).get(tabId);
  const tabs = tabsId ? layout[tabsId] : undefined;
  if (tabs?.type !== "TABS") return layout;
  const from = tabs.children.indexOf(tabId);
  const to = Math.max(0, Math.min(Math.trunc(toIndex), tabs.children.length - 1));
  if (from === to) return layout;
  const children = tabs.children.filter((id) => id !== tabId);
  children.splice(to, 0, tabId);
  return { ...layout, [tabs.id]: { ...tabs, children } };
}

/** Where a tab dragged over a sibling header lands: at that sibling's index (-1 if not a sibling). */
export function tabDropIndex(layout: Layout, tabId: string, overId: string): number {
  const parents = parentMap(layout);
  const tabsId = parents.get(tabId);
  if (!tabsId || tabsId !== parents.get(overId)) return -1;
  return layout[tabsId].children.indexOf(overId);
}
