import type { AdhocFilter, DashboardDetail } from "@strata/contracts";
import { extraFiltersAsAdhoc, type FormData } from "../../../components/charts";

/**
 * What a dashboard brings to Explore when a chart is opened from it (`dashboard_id` in the URL),
 * as Superset's dashboard context does: the dashboard's colours, and the default values of the
 * native filters whose scope holds the chart. When the dashboard handed its current filter
 * values along (a form-data key), those win and the defaults are not added again.
 */

interface ExtraFilter {
  col: unknown;
  op: string;
  val?: unknown;
}
interface ExtraFormData {
  filters?: ExtraFilter[];
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
}
interface NativeFilterConfig {
  id?: string;
  type?: string;
  targets?: { datasetId?: number }[];
  scope?: { rootPath?: string[]; excluded?: number[] };
  chartsInScope?: number[];
  defaultDataMask?: { extraFormData?: ExtraFormData };
}
interface LayoutItem {
  type?: string;
  children?: string[];
  meta?: { chartId?: number };
}

/** The dashboard's fields Explore reads: its metadata (colours, filters) and layout. */
export type DashboardForExplore = Pick<DashboardDetail, "id"> &
  Partial<Record<"json_metadata" | "position_json", string | null>>;

const parse = <T>(text: string | null | undefined): T | undefined => {
  try {
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
};

/** Whether the chart sits under the layout item `root`. */
function under(
  layout: Record<string, LayoutItem>,
  root: string,
  chartId: number,
  seen = new Set<string>(),
): boolean {
  const item = layout[root];
  if (!item || seen.has(root)) return false;
  seen.add(root);
  if (item.type === "CHART" && item.meta?.chartId === chartId) return true;
  return (item.children ?? []).some((c) => under(layout, c, chartId, seen));
}

function inScope(f: NativeFilterConfig, chartId: number, layout: Record<string, LayoutItem> | undefined) {
  if (!f.scope && Array.isArray(f.chartsInScope)) return f.chartsInScope.includes(chartId);
  if (f.scope?.excluded?.includes(chartId)) return false;
  const roots = f.scope?.rootPath?.length ? f.scope.rootPath : ["ROOT_ID"];
  // Without a layout (an old dashboard) the whole dashboard is the scope.
  if (!layout || roots.includes("ROOT_ID")) return true;
  return roots.some((r) => under(layout, r, chartId));
}

/** The dashboard's colours and its filters' default values that apply to this chart. */
export function dashboardContext(
  dashboard: DashboardForExplore,
  chartId: number | null,
  datasetId: number,
  withFilterDefaults: boolean,
  chartLabelColors?: Record<string, string>,
): Partial<FormData> {
  const meta = parse<Record<string, unknown>>(dashboard.json_metadata) ?? {};
  const out: Partial<FormData> = { dashboardId: dashboard.id };
  if (typeof meta.color_scheme === "string" && meta.color_scheme) {
    out.color_scheme = meta.color_scheme;
    out.dashboard_color_scheme = meta.color_scheme;
  }
  for (const key of ["shared_label_colors", "map_label_colors"])
    if (meta[key] && typeof meta[key] === "object") out[key] = meta[key];
  // The dashboard's custom label colours win over the chart's, as on the dashboard.
  if (meta.label_colors && typeof meta.label_colors === "object")
    out.label_colors = { ...(chartLabelColors ?? {}), ...(meta.label_colors as Record<string, string>) };
  if (!withFilterDefaults || chartId === null) return out;
  const layout = parse<Record<string, LayoutItem>>(dashboard.position_json);
  const filters = Array.isArray(meta.native_filter_configuration)
    ? (meta.native_filter_configuration as NativeFilterConfig[])
    : [];
  const extra: ExtraFormData = {};
  for (const f of filters) {
    const defaults = f.defaultDataMask?.extraFormData;
    if (f.type === "DIVIDER" || !defaults || !Object.keys(defaults).length) continue;
    // A filter on another dataset narrows other charts, not this one.
    const target = f.targets?.[0]?.datasetId;
    if (target !== undefined && target !== datasetId) continue;
    if (!inScope(f, chartId, layout)) continue;
    if (defaults.filters?.length) extra.filters = [...(extra.filters ?? []), ...defaults.filters];
    for (const key of ["time_range", "granularity_sqla", "time_grain_sqla"] as const)
      if (defaults[key]) extra[key] = defaults[key];
  }
  if (Object.keys(extra).length) out.extra_form_data = extra;
  return out;
}

/**
 * The dashboard's filters as Explore shows them: adhoc filters marked `isExtra` (inherited, not
 * saved with the chart), a time range on the chart's temporal filter, time column and grain.
 */
export function applyDashboardFilters(fd: FormData): FormData {
  const extra = fd.extra_form_data as ExtraFormData | undefined;
  if (!extra || !Object.keys(extra).length) return fd;
  const out: FormData = { ...fd };
  let adhoc: AdhocFilter[] = [...(fd.adhoc_filters ?? [])].filter((f) => !f.isExtra);
  if (extra.granularity_sqla) out.granularity_sqla = extra.granularity_sqla;
  if (extra.time_grain_sqla) out.time_grain_sqla = extra.time_grain_sqla;
  if (extra.time_range) {
    out.time_range = extra.time_range;
    adhoc = adhoc.map((f) =>
      f.expressionType === "SIMPLE" && (f.operator === "TEMPORAL_RANGE" || f.operatorId === "TEMPORAL_RANGE")
        ? { ...f, comparator: extra.time_range }
        : f,
    );
  }
  adhoc.push(...extraFiltersAsAdhoc(extra.filters ?? []));
  out.adhoc_filters = adhoc;
  return out;
}

const DASHBOARD_KEYS = [
  "dashboardId",
  "dashboard_color_scheme",
  "label_colors",
  "shared_label_colors",
  "map_label_colors",
];

/**
 * What a chart saves when it was opened from a dashboard: its own filters and colours. The
 * dashboard's filters (`isExtra`) and colours stay with the dashboard; a colour scheme that is
 * still the dashboard's goes back to the chart's saved one.
 */
export function withoutDashboardContext(fd: FormData, saved?: Partial<FormData> | null): FormData {
  if (fd.dashboardId === undefined && !fd.adhoc_filters?.some((f) => f.isExtra)) return { ...fd };
  const out: FormData = { ...fd, adhoc_filters: (fd.adhoc_filters ?? []).filter((f) => !f.isExtra) };
  if (fd.dashboard_color_scheme !== undefined && fd.color_scheme === fd.dashboard_color_scheme) {
    if (saved?.color_scheme) out.color_scheme = saved.color_scheme;
    else delete out.color_scheme;
  }
  for (const key of DASHBOARD_KEYS) delete out[key];
  return out;
}
