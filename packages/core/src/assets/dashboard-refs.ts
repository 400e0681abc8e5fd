type Node = {
  type?: string;
  id?: string;
  children?: unknown;
  meta?: Record<string, unknown>;
  [k: string]: unknown;
};
type Layout = Record<string, unknown>;
type Metadata = Record<string, unknown>;

/**
 * A v2 layout pointed at this server's charts: each CHART node's `chartId` becomes the id of the
 * chart with its `meta.uuid`. Nodes whose chart is not imported (a filter box turned into native
 * filters, or a chart nowhere) are removed, with their place in their parent. Returns old → new ids.
 */
export function remapLayout(
  input: Layout,
  chartIds: Map<string, number>,
): { position: Layout; idMap: Map<number, number>; removed: number } {
  const position = structuredClone(input);
  const idMap = new Map<number, number>();
  const gone = new Set<string>();
  for (const [key, raw] of Object.entries(position)) {
    const node = raw as Node | null;
    if (node?.type !== "CHART") continue;
    const uuid = typeof node.meta?.uuid === "string" ? node.meta.uuid : undefined;
    const target = uuid ? chartIds.get(uuid) : undefined;
    if (target === undefined) {
      gone.add(key);
      delete position[key];
      continue;
    }
    if (typeof node.meta?.chartId === "number") idMap.set(node.meta.chartId, target);
    node.meta = { ...node.meta, chartId: target };
  }
  if (gone.size) {
    for (const raw of Object.values(position)) {
      const node = raw as Node | null;
      if (node && Array.isArray(node.children))
        node.children = node.children.filter((c) => !gone.has(String(c)));
    }
  }
  return { position, idMap, removed: gone.size };
}

const ids = (value: unknown, idMap: Map<number, number>): number[] =>
  (Array.isArray(value) ? value : [])
    .map((id) => idMap.get(Number(id)))
    .filter((id): id is number => id !== undefined);

function rekey<T>(value: unknown, idMap: Map<number, number>, fix: (v: T) => T = (v) => v) {
  const out: Record<string, T> = {};
  for (const [old, v] of Object.entries((value as Record<string, T>) ?? {})) {
    const id = idMap.get(Number(old));
    if (id !== undefined) out[String(id)] = fix(v);
  }
  return out;
}

function fixScope(holder: Record<string, unknown>, idMap: Map<number, number>) {
  const scope = holder.scope as { excluded?: unknown } | undefined;
  if (scope && Array.isArray(scope.excluded)) scope.excluded = ids(scope.excluded, idMap);
  if (Array.isArray(holder.chartsInScope)) holder.chartsInScope = ids(holder.chartsInScope, idMap);
}

/**
 * json_metadata pointed at this server's ids (Superset's `update_id_refs`): chart ids in refresh
 * immunity, filter scopes, expanded slices, default filters, cross-filter configuration and native
 * filter scopes; native filter targets from `datasetUuid` to `datasetId`.
 */
export function remapMetadata(
  input: Metadata,
  idMap: Map<number, number>,
  datasetIds: Map<string, number>,
): Metadata {
  const md = structuredClone(input);
  delete md.show_native_filters;
  if ("timed_refresh_immune_slices" in md)
    md.timed_refresh_immune_slices = ids(md.timed_refresh_immune_slices, idMap);
  if (md.filter_scopes && typeof md.filter_scopes === "object") {
    md.filter_scopes = rekey<Record<string, { immune?: unknown }>>(md.filter_scopes, idMap, (columns) => {
      for (const attrs of Object.values(columns ?? {})) if (attrs) attrs.immune = ids(attrs.immune, idMap);
      return columns;
    });
  }
  if (md.expanded_slices && typeof md.expanded_slices === "object")
    md.expanded_slices = rekey(md.expanded_slices, idMap);
  if (typeof md.default_filters === "string") {
    try {
      md.default_filters = JSON.stringify(rekey(JSON.parse(md.default_filters), idMap));
    } catch {
      delete md.default_filters;
    }
  }
  if (md.chart_configuration && typeof md.chart_configuration === "object") {
    md.chart_configuration = rekey<Record<string, unknown>>(md.chart_configuration, idMap, (conf) => {
      if (conf && typeof conf === "object") {
        if (typeof conf.id === "number") conf.id = idMap.get(conf.id) ?? conf.id;
        if (conf.crossFilters && typeof conf.crossFilters === "object")
          fixScope(conf.crossFilters as Record<string, unknown>, idMap);
      }
      return conf;
    });
  }
  if (md.global_chart_configuration && typeof md.global_chart_configuration === "object")
    fixScope(md.global_chart_configuration as Record<string, unknown>, idMap);
  const filters = Array.isArray(md.native_filter_configuration) ? md.native_filter_configuration : [];
  for (const filter of filters as Record<string, unknown>[]) {
    if (!filter || typeof filter !== "object") continue;
    for (const target of Array.isArray(filter.targets) ? (filter.targets as Record<string, unknown>[]) : []) {
      if (!target || typeof target !== "object") continue;
      // Only a uuid names a dataset across servers. A bare id is another server's number (or one
      // chosen to point at a dataset the importer can't read, which embedded guests would then be
      // allowed to query through this filter): it is dropped, never kept as this server's.
      const id = typeof target.datasetUuid === "string" ? datasetIds.get(target.datasetUuid) : undefined;
      delete target.datasetUuid;
      delete target.datasetId;
      if (id !== undefined) target.datasetId = id;
    }
    fixScope(filter, idMap);
  }
  return md;
}
