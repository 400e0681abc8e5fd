import type { ChartDataset, FormData } from "../../../components/charts";
import { newComponent } from "./component-factory";
import type {
  DashboardChart,
  DashboardChartRow,
  DashboardInfo,
  DashboardMetadata,
  DashboardResponse,
  DatasetMap,
  NativeFilter,
} from "./dashboard-types";
import { chartIdsUnder } from "./layout-tree";
import {
  type ComponentType,
  ComponentTypes,
  DASHBOARD_VERSION_KEY,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_ID,
  HEADER_ID,
  type Layout,
  type LayoutItem,
  ROOT_ID,
} from "./layout-types";

function parseObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function parseMetadata(text: string | null | undefined): DashboardMetadata {
  return (parseObject(text) ?? {}) as DashboardMetadata;
}

const TYPES = new Set<string>(Object.values(ComponentTypes));

function isLayoutItem(value: unknown): value is LayoutItem {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<LayoutItem>;
  return typeof v.id === "string" && typeof v.type === "string" && TYPES.has(v.type);
}

/** The layout of position_json, or null when absent or unusable. Dangling child ids are dropped. */
export function parseLayout(text: string | null | undefined): Layout | null {
  const raw = parseObject(text);
  if (!raw) return null;
  const layout: Layout = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === DASHBOARD_VERSION_KEY || !isLayoutItem(value)) continue;
    layout[key] = {
      ...value,
      id: key,
      children: Array.isArray(value.children) ? value.children.filter((c) => typeof c === "string") : [],
      meta: value.meta && typeof value.meta === "object" ? value.meta : {},
    };
  }
  if (!layout[ROOT_ID]) return null;
  for (const item of Object.values(layout)) item.children = item.children.filter((c) => c in layout);
  return layout;
}

function emptyLayout(title: string): Layout {
  const root = newComponent("ROOT", {}, ROOT_ID);
  const grid = newComponent("GRID", {}, GRID_ID);
  const header = newComponent("HEADER", { text: title }, HEADER_ID);
  root.children = [GRID_ID];
  grid.parents = [ROOT_ID];
  return { [ROOT_ID]: root, [GRID_ID]: grid, [HEADER_ID]: header };
}

function chartComponent(chart: DashboardChart): LayoutItem {
  return newComponent("CHART", {
    chartId: chart.id,
    sliceName: chart.sliceName,
    width: GRID_DEFAULT_CHART_WIDTH,
    height: GRID_DEFAULT_CHART_HEIGHT,
  });
}

/** Charts laid out in rows of default-width charts (three to a row), appended to a container. */
export function appendChartRows(layout: Layout, containerId: string, charts: DashboardChart[]): Layout {
  const next: Layout = { ...layout };
  const perRow = Math.floor(GRID_COLUMN_COUNT / GRID_DEFAULT_CHART_WIDTH);
  const rows: string[] = [];
  for (let i = 0; i < charts.length; i += perRow) {
    const row = newComponent("ROW");
    for (const chart of charts.slice(i, i + perRow)) {
      const item = chartComponent(chart);
      next[item.id] = item;
      row.children.push(item.id);
    }
    next[row.id] = row;
    rows.push(row.id);
  }
  next[containerId] = { ...next[containerId], children: [...next[containerId].children, ...rows] };
  return next;
}

/** Where charts missing from the layout go: the grid, or the first top-level tab. */
function orphanContainer(layout: Layout): string {
  const first = layout[ROOT_ID].children[0];
  const top = layout[first];
  if (top?.type === "TABS" && top.children[0]) return top.children[0];
  return layout[GRID_ID] ? GRID_ID : first;
}

/**
 * position_json → layout; without one the charts are laid out in rows. Charts of the dashboard
 * absent from the layout are appended, and layout charts get their current names.
 */
export function buildLayout(
  positionJson: string | null | undefined,
  title: string,
  charts: DashboardChart[],
): Layout {
  let layout = parseLayout(positionJson) ?? emptyLayout(title);
  if (!layout[HEADER_ID]) layout[HEADER_ID] = newComponent("HEADER", { text: title }, HEADER_ID);
  layout[HEADER_ID] = { ...layout[HEADER_ID], meta: { ...layout[HEADER_ID].meta, text: title } };
  const placed = new Set(chartIdsUnder(layout, ROOT_ID));
  const missing = charts.filter((c) => !placed.has(c.id));
  if (missing.length) layout = appendChartRows(layout, orphanContainer(layout), missing);
  const byId = new Map(charts.map((c) => [c.id, c]));
  for (const item of Object.values(layout)) {
    const chart = item.type === "CHART" ? byId.get(item.meta.chartId as number) : undefined;
    if (chart && item.meta.sliceName !== chart.sliceName)
      layout[item.id] = { ...item, meta: { ...item.meta, sliceName: chart.sliceName } };
  }
  return layout;
}

function parseFormData(row: DashboardChartRow): Partial<FormData> {
  if (row.form_data && typeof row.form_data === "object") return row.form_data;
  return (parseObject(row.params) ?? {}) as Partial<FormData>;
}

export function toDashboardChart(row: DashboardChartRow): DashboardChart {
  const fd = parseFormData(row);
  return {
    id: row.id,
    sliceName: row.slice_name,
    vizType: row.viz_type || String(fd.viz_type ?? "table"),
    datasourceId: row.datasource_id,
    description: row.description,
    formData: {
      ...fd,
      viz_type: row.viz_type || String(fd.viz_type ?? "table"),
      datasource: `${row.datasource_id}__table`,
      slice_id: row.id,
    } as FormData,
  };
}

export function toDatasetMap(datasets: (Omit<ChartDataset, "type"> & { type?: string })[]): DatasetMap {
  const out: DatasetMap = {};
  for (const d of datasets) out[d.id] = { ...d, type: "table" } as ChartDataset;
  return out;
}

export function toDashboardInfo(d: DashboardResponse): DashboardInfo {
  return {
    id: d.id,
    title: d.dashboard_title,
    slug: d.slug,
    css: d.css ?? "",
    published: d.published,
    owners: d.owners ?? [],
    certifiedBy: d.certified_by,
    certificationDetails: d.certification_details,
    lastModifiedTime: d.last_modified_time,
    url: d.url,
  };
}

export function nativeFiltersOf(metadata: DashboardMetadata): NativeFilter[] {
  const list = Array.isArray(metadata.native_filter_configuration)
    ? metadata.native_filter_configuration
    : [];
  return list.filter((f): f is NativeFilter => !!f && typeof f === "object" && typeof f.id === "string");
}

export interface Hydrated {
  info: DashboardInfo;
  metadata: DashboardMetadata;
  layout: Layout;
  charts: Record<number, DashboardChart>;
  datasets: DatasetMap;
}

/** Hydration (001 §4): the fetched dashboard, charts and datasets → dashboard state. */
export function hydrate(
  dashboard: DashboardResponse,
  chartRows: DashboardChartRow[],
  datasets: (Omit<ChartDataset, "type"> & { type?: string })[],
): Hydrated {
  const charts = chartRows.map(toDashboardChart);
  return {
    info: toDashboardInfo(dashboard),
    metadata: parseMetadata(dashboard.json_metadata),
    layout: buildLayout(dashboard.position_json, dashboard.dashboard_title, charts),
    charts: Object.fromEntries(charts.map((c) => [c.id, c])),
    datasets: toDatasetMap(datasets),
  };
}

/** position_json text for a layout (with Superset's version key). */
export function serializeLayout(layout: Layout): string {
  return JSON.stringify({ [DASHBOARD_VERSION_KEY]: "v2", ...layout });
}

export function isComponentType(type: string): type is ComponentType {
  return TYPES.has(type);
}
