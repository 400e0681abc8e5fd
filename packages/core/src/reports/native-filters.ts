import { type QueryFilter, QUERY_FILTER_OPERATORS } from "@strata/contracts";

/**
 * A dashboard's native filters as a report applies them, the way the dashboard page does: each
 * filter's state comes from the report's saved state (Superset's `extra.dashboard.dataMask`, or
 * its 4.1 `extra.dashboard.nativeFilters` list), else from the filter's default value, and turns
 * into extra form data (value filters, a time range, a time column or grain, custom SQL) for the
 * charts in the filter's scope. `apply-extra-form-data.ts` puts it into each chart's queries.
 */

/** A form-data adhoc filter (Superset's shape): a simple one, or custom SQL for WHERE or HAVING. */
export interface AdhocFilterLike {
  expressionType?: string;
  clause?: string;
  subject?: string;
  operator?: string;
  comparator?: unknown;
  sqlExpression?: string;
}

export interface ExtraFormData {
  filters?: QueryFilter[];
  adhoc_filters?: AdhocFilterLike[];
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  extras?: { where?: string; having?: string };
}

interface FilterConfig {
  id?: string;
  type?: string;
  filterType?: string;
  targets?: { column?: { name?: string } }[];
  controlValues?: { inverseSelection?: boolean };
  chartsInScope?: number[];
  scope?: { rootPath?: string[]; excluded?: number[] };
  defaultDataMask?: { extraFormData?: unknown; filterState?: { value?: unknown } };
}

interface LayoutNode {
  type?: string;
  children?: string[];
  meta?: { chartId?: number };
}

/** Superset 4.1's saved filter state on a report: one entry per filter. */
interface SavedNativeFilter {
  nativeFilterId?: string;
  filterType?: string;
  columnName?: string;
  filterValues?: unknown[];
}

interface SavedMask {
  extraFormData?: unknown;
  filterState?: { value?: unknown };
}

const OPERATORS = new Set<string>(QUERY_FILTER_OPERATORS);
const NO_TIME_RANGE = "No filter";

const isFilter = (f: unknown): f is QueryFilter => {
  const x = f as Partial<QueryFilter> | null;
  return !!x && typeof x === "object" && typeof x.col === "string" && OPERATORS.has(String(x.op));
};
const isObject = (x: unknown): x is Record<string, unknown> =>
  !!x && typeof x === "object" && !Array.isArray(x);
const text = (x: unknown) => (typeof x === "string" && x.trim() ? x : undefined);

const parse = <T>(json: string | null | undefined, fallback: T): T => {
  try {
    return (JSON.parse(json ?? "") as T) ?? fallback;
  } catch {
    return fallback;
  }
};

/** Only the keys a report applies, each checked: saved state is user data, not trusted shape. */
export function cleanExtraFormData(raw: unknown): ExtraFormData {
  if (!isObject(raw)) return {};
  const out: ExtraFormData = {};
  const filters = Array.isArray(raw.filters) ? raw.filters.filter(isFilter) : [];
  if (filters.length) out.filters = filters;
  const adhoc = Array.isArray(raw.adhoc_filters) ? raw.adhoc_filters.filter(isObject) : [];
  if (adhoc.length) out.adhoc_filters = adhoc as AdhocFilterLike[];
  const range = text(raw.time_range);
  if (range && range !== NO_TIME_RANGE) out.time_range = range;
  if (text(raw.granularity_sqla)) out.granularity_sqla = raw.granularity_sqla as string;
  if (text(raw.time_grain_sqla)) out.time_grain_sqla = raw.time_grain_sqla as string;
  if (isObject(raw.extras)) {
    const where = text(raw.extras.where);
    const having = text(raw.extras.having);
    if (where || having) out.extras = { ...(where ? { where } : {}), ...(having ? { having } : {}) };
  }
  return out;
}

type Scalar = string | number | boolean | null;

/** A filter's extra form data for a value of its type (as the dashboard's filter bar makes it). */
export function extraForValue(
  config: FilterConfig,
  value: unknown,
  filterType = config.filterType,
): ExtraFormData {
  const col = text(config.targets?.[0]?.column?.name);
  switch (filterType) {
    case "filter_time": {
      const range = text(value);
      return range && range !== NO_TIME_RANGE ? { time_range: range } : {};
    }
    case "filter_timecolumn":
      return text(value) ? { granularity_sqla: value as string } : {};
    case "filter_timegrain":
      return text(value) ? { time_grain_sqla: value as string } : {};
    case "filter_range": {
      if (!col || !Array.isArray(value)) return {};
      const [min, max] = value.map((x) => (typeof x === "number" && Number.isFinite(x) ? x : null));
      // An invalid range applies nothing, as on the dashboard.
      if (min !== null && max !== null && !(min < max)) return {};
      const filters: QueryFilter[] = [];
      if (min !== null) filters.push({ col, op: ">=", val: min });
      if (max !== null) filters.push({ col, op: "<=", val: max });
      return filters.length ? { filters } : {};
    }
    default: {
      const list = (Array.isArray(value) ? value : value == null ? [] : [value]).filter(
        (x): x is Scalar => x === null || ["string", "number", "boolean"].includes(typeof x),
      );
      if (!col || !list.length) return {};
      return { filters: [{ col, op: config.controlValues?.inverseSelection ? "NOT IN" : "IN", val: list }] };
    }
  }
}

/** One filter's state: the report's saved mask, else its saved 4.1 entry, else the filter's default. */
function filterExtra(
  config: FilterConfig,
  saved: SavedMask | undefined,
  entry: SavedNativeFilter | undefined,
): ExtraFormData {
  if (saved) {
    if (isObject(saved.extraFormData)) return cleanExtraFormData(saved.extraFormData);
    return extraForValue(config, saved.filterState?.value);
  }
  if (entry) {
    const type = entry.filterType ?? config.filterType;
    const values = Array.isArray(entry.filterValues) ? entry.filterValues : [];
    const value =
      type === "filter_select" || type === undefined ? values : type === "filter_range" ? values : values[0];
    const target = entry.columnName
      ? { ...config, targets: [{ column: { name: entry.columnName } }] }
      : config;
    return extraForValue(target, value, type);
  }
  const initial = config.defaultDataMask;
  // The dashboard starts from the default's value; an imported default may carry only its form data.
  if (initial?.filterState && initial.filterState.value !== undefined)
    return extraForValue(config, initial.filterState.value);
  return cleanExtraFormData(initial?.extraFormData);
}

/** Superset's merge: filter lists and custom SQL add up, the other keys override. */
export function mergeExtraFormData(parts: ExtraFormData[]): ExtraFormData {
  const out: ExtraFormData = {};
  const and = (a: string | undefined, b: string | undefined) => (a && b ? `(${a}) AND (${b})` : a || b);
  for (const part of parts) {
    if (part.filters) out.filters = [...(out.filters ?? []), ...part.filters];
    if (part.adhoc_filters) out.adhoc_filters = [...(out.adhoc_filters ?? []), ...part.adhoc_filters];
    if (part.time_range) out.time_range = part.time_range;
    if (part.granularity_sqla) out.granularity_sqla = part.granularity_sqla;
    if (part.time_grain_sqla) out.time_grain_sqla = part.time_grain_sqla;
    if (part.extras) {
      const where = and(out.extras?.where, part.extras.where);
      const having = and(out.extras?.having, part.extras.having);
      out.extras = { ...(where ? { where } : {}), ...(having ? { having } : {}) };
    }
  }
  return out;
}

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

function chartsInScope(config: FilterConfig, layout: Record<string, LayoutNode>): number[] {
  if (!config.scope && Array.isArray(config.chartsInScope)) return config.chartsInScope;
  const roots = config.scope?.rootPath?.length ? config.scope.rootPath : ["ROOT_ID"];
  const excluded = new Set(config.scope?.excluded ?? []);
  const inScope = new Set<number>();
  for (const root of roots) for (const id of chartsUnder(layout, root)) inScope.add(id);
  return [...inScope].filter((id) => !excluded.has(id));
}

const isEmpty = (e: ExtraFormData) => Object.keys(e).length === 0;

/** The extra form data to apply to each chart, by chart id (charts with none are absent). */
export function nativeFilterExtras(
  jsonMetadata: string | null | undefined,
  positionJson: string | null | undefined,
  extraDashboard: unknown,
): Map<number, ExtraFormData> {
  const metadata = parse<{ native_filter_configuration?: FilterConfig[] }>(jsonMetadata, {});
  const configs = Array.isArray(metadata?.native_filter_configuration)
    ? metadata.native_filter_configuration
    : [];
  const layout = parse<Record<string, LayoutNode>>(positionJson, {});
  const extra = isObject(extraDashboard) ? extraDashboard : {};
  const dataMask = isObject(extra.dataMask) ? (extra.dataMask as Record<string, SavedMask>) : {};
  const entries = Array.isArray(extra.nativeFilters) ? (extra.nativeFilters as SavedNativeFilter[]) : [];
  const parts = new Map<number, ExtraFormData[]>();
  for (const config of configs as unknown[]) {
    if (!isObject(config)) continue;
    const filter = config as FilterConfig;
    const id = filter.id;
    if (typeof id !== "string" || filter.type === "DIVIDER") continue;
    const saved = isObject(dataMask[id]) ? dataMask[id] : undefined;
    const entry = entries.find((e) => isObject(e) && e.nativeFilterId === id);
    const part = filterExtra(filter, saved, entry);
    if (isEmpty(part)) continue;
    for (const chart of chartsInScope(filter, layout)) parts.set(chart, [...(parts.get(chart) ?? []), part]);
  }
  return new Map([...parts].map(([id, list]) => [id, mergeExtraFormData(list)]));
}
