/**
 * Rewrites the CHART components of a v2 layout (position_json): `map` gives each chart id its new
 * id (a duplicated chart) or null (drop the component and its place in its parent's children).
 * Unknown ids are kept. Unreadable layouts are returned unchanged.
 */
export function remapLayoutCharts(
  positionJson: string | null,
  map: (chartId: number) => number | null,
): string | null {
  if (!positionJson) return positionJson;
  let layout: Record<string, { type?: string; children?: unknown; meta?: Record<string, unknown> }>;
  try {
    layout = JSON.parse(positionJson);
  } catch {
    return positionJson;
  }
  if (!layout || typeof layout !== "object" || Array.isArray(layout)) return positionJson;
  const dropped = new Set<string>();
  for (const [key, item] of Object.entries(layout)) {
    if (item?.type !== "CHART" || typeof item.meta?.chartId !== "number") continue;
    const next = map(item.meta.chartId);
    if (next === null) {
      dropped.add(key);
      delete layout[key];
    } else {
      item.meta.chartId = next;
    }
  }
  if (dropped.size) {
    for (const item of Object.values(layout)) {
      if (Array.isArray(item?.children)) item.children = item.children.filter((c) => !dropped.has(String(c)));
    }
  }
  return JSON.stringify(layout);
}
