import type { DashboardTab, DashboardTabs } from "@strata/contracts";

type LayoutNode = { type?: unknown; children?: unknown; meta?: { text?: unknown } };

/**
 * A dashboard's tabs from its layout (Superset's `GET /dashboard/{id}/tabs`): every tab by id
 * with its title, and the tree of tabs in the layout's order, each with the tabs nested in it
 * (wherever they sit inside it) and the ids of the tabs around it. A layout that cannot be read
 * has no tabs.
 */
export function dashboardTabs(positionJson: string | null | undefined): DashboardTabs {
  const result: DashboardTabs = { all_tabs: {}, tab_tree: [] };
  let layout: Record<string, LayoutNode>;
  try {
    layout = JSON.parse(positionJson || "{}") as Record<string, LayoutNode>;
  } catch {
    return result;
  }
  if (!layout || typeof layout !== "object") return result;
  // A layout's ids are its keys; one reached twice (a damaged layout) is walked once.
  const seen = new Set<string>();
  const walk = (id: string, parents: string[], into: DashboardTab[]) => {
    const node = layout[id];
    if (!node || typeof node !== "object" || seen.has(id)) return;
    seen.add(id);
    const children = Array.isArray(node.children)
      ? node.children.filter((c): c is string => typeof c === "string")
      : [];
    if (node.type === "TAB") {
      const title = typeof node.meta?.text === "string" ? node.meta.text : "";
      const tab: DashboardTab = { value: id, title, parents, children: [] };
      result.all_tabs[id] = title;
      into.push(tab);
      for (const child of children) walk(child, [...parents, id], tab.children);
      return;
    }
    for (const child of children) walk(child, parents, into);
  };
  walk("ROOT_ID", [], result.tab_tree);
  return result;
}
