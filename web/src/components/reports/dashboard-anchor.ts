import type { DashboardTab } from "@strata/contracts";

type Extra = Record<string, unknown>;

const isRecord = (x: unknown): x is Extra => !!x && typeof x === "object" && !Array.isArray(x);

const without = (o: Extra, key: string): Extra =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/** The tab a stored report shows (`extra.dashboard.anchor`, a TAB's layout id), if it names one. */
export function reportAnchor(extra: unknown): string | null {
  const dashboard = isRecord(extra) && isRecord(extra.dashboard) ? extra.dashboard : null;
  return typeof dashboard?.anchor === "string" && dashboard.anchor ? dashboard.anchor : null;
}

/**
 * The report's `extra` showing `anchor` (null: the dashboard's first tabs). Everything else in
 * it is the dashboard's state set elsewhere (its filters, its open tabs…) and goes back as it
 * came; an `extra.dashboard` left holding nothing once the anchor is taken out goes too.
 */
export function withAnchor(extra: unknown, anchor: string | null): Extra {
  const base = isRecord(extra) ? extra : {};
  if (reportAnchor(base) === anchor) return base;
  const dashboard = without(isRecord(base.dashboard) ? base.dashboard : {}, "anchor");
  if (anchor !== null) return { ...base, dashboard: { ...dashboard, anchor } };
  return Object.keys(dashboard).length > 0 ? { ...base, dashboard } : without(base, "dashboard");
}

/** Every tab of the tree, in the layout's order, a nested one named after the tabs it sits in. */
export function tabOptions(tree: DashboardTab[], untitled: string): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const walk = (tabs: DashboardTab[], path: string[]) => {
    for (const tab of tabs) {
      const names = [...path, tab.title.trim() || untitled];
      out.push({ value: tab.value, label: names.join(" › ") });
      walk(tab.children ?? [], names);
    }
  };
  walk(tree, []);
  return out;
}
