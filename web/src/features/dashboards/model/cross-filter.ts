import type { QueryColumn } from "@strata/contracts";
import { type ChartDataset, type FormData, isTemporalColumn } from "../../../components/charts";
import { modernFormData, tableQueryMode } from "@strata/contracts/chart-query";
import {
  type DeckPick,
  deckCrossFilter,
  isSameSelection,
} from "../../../components/charts/render/maps/deck-cross-filter";
import type { DashboardMetadata, DataMask, FilterScope } from "./dashboard-types";
import { chartsInScope } from "./filter-scope";
import type { Layout } from "./layout-types";

const BY_GROUP = new Set(["pie", "funnel", "radar"]);
const BY_X_AXIS = new Set([
  "echarts_timeseries_bar",
  "echarts_timeseries_line",
  "echarts_area",
  "echarts_timeseries_scatter",
  "echarts_timeseries",
  "echarts_timeseries_smooth",
  "echarts_timeseries_step",
]);

/** Charts whose clicks filter by the column one control names. */
const BY_COLUMN_CONTROL: Record<string, string> = {
  world_map: "entity",
  country_map: "entity",
  gantt_chart: "y_axis",
};

const columnName = (c: QueryColumn | undefined) => (typeof c === "string" ? c : undefined);

const temporalColumn = (name: string, dataset?: ChartDataset) =>
  isTemporalColumn(dataset?.columns.find((c) => c.column_name === name));

/** The column a click on this visualisation cross-filters by, if it emits cross filters. */
export function crossFilterColumn(form: FormData, dataset?: ChartDataset): string | null {
  const fd = modernFormData(form); // a legacy dist_bar emits as the bar chart it is drawn as
  if (BY_GROUP.has(fd.viz_type)) {
    const groupby = Array.isArray(fd.groupby) ? fd.groupby : fd.groupby ? [fd.groupby] : [];
    return columnName(groupby[0] as QueryColumn) ?? null;
  }
  // Maps filter by the clicked region's entity value (Superset's world map does; the country map
  // the same way here), a gantt by the clicked bar's category.
  const by = BY_COLUMN_CONTROL[fd.viz_type];
  if (by) {
    const column = columnName(fd[by] as QueryColumn);
    return column && !temporalColumn(column, dataset) ? column : null;
  }
  if (BY_X_AXIS.has(fd.viz_type)) {
    const x = columnName(fd.x_axis as QueryColumn);
    if (!x) return null;
    const column = dataset?.columns.find((c) => c.column_name === x);
    return column && isTemporalColumn(column) ? null : x;
  }
  return null;
}

/**
 * The columns whose cells a click cross-filters by in a table chart: its physical group-by
 * columns in aggregate mode, temporal ones aside (their cells hold time-grain buckets). Raw
 * records emit nothing, as in Superset.
 */
export function crossFilterCellColumns(fd: FormData, dataset?: ChartDataset): string[] {
  // A word cloud's words filter by their series value; ag-grid-table emits as the table does.
  if (fd.viz_type === "word_cloud")
    return typeof fd.series === "string" && !temporalColumn(fd.series, dataset) ? [fd.series] : [];
  if ((fd.viz_type !== "table" && fd.viz_type !== "ag-grid-table") || tableQueryMode(fd) !== "aggregate")
    return [];
  const groupby = Array.isArray(fd.groupby) ? fd.groupby : fd.groupby ? [fd.groupby] : [];
  const temporal = (name: string) => isTemporalColumn(dataset?.columns.find((c) => c.column_name === name));
  return groupby
    .map((c) => columnName(c as QueryColumn))
    .filter((c): c is string => c !== undefined && !temporal(c));
}

export const crossFiltersEnabled = (metadata: DashboardMetadata) => metadata.cross_filters_enabled !== false;

type Scalar = string | number | boolean | null;

/**
 * Clicking a value filters the other charts by it; clicking the same value (of the same column)
 * again clears it; another value or column replaces it.
 */
export function crossFilterMask(
  chartId: number,
  column: string,
  value: Scalar,
  current?: DataMask,
): DataMask {
  const id = String(chartId);
  const selected = current?.filterState?.value;
  const sameColumn = (current?.filterState?.column ?? column) === column;
  if (sameColumn && Array.isArray(selected) && selected.length === 1 && selected[0] === value) {
    return { id, extraFormData: {}, filterState: { value: null } };
  }
  return {
    id,
    extraFormData: { filters: [{ col: column, op: "IN", val: [value] }] },
    filterState: { value: [value], label: String(value), column },
  };
}

/** The longitude and latitude columns a deck.gl point layer's clicks filter by. */
export interface PositionColumns {
  lon: string;
  lat: string;
}

/**
 * deck.gl point layers cross-filter by the clicked point's position, as Superset's do: equal to
 * its longitude and latitude, when the positions come from two columns (`latlong`).
 */
export function crossFilterPosition(fd: FormData): PositionColumns | null {
  if (fd.viz_type !== "deck_scatter") return null;
  const spatial = (fd.spatial ?? {}) as { type?: unknown; lonCol?: unknown; latCol?: unknown };
  if (spatial.type !== "latlong" || typeof spatial.lonCol !== "string" || typeof spatial.latCol !== "string")
    return null;
  return spatial.lonCol && spatial.latCol ? { lon: spatial.lonCol, lat: spatial.latCol } : null;
}

/** A click on a point filters by its position; the same point again clears it. */
export function positionFilterMask(
  chartId: number,
  by: PositionColumns,
  lon: number,
  lat: number,
  current?: DataMask,
): DataMask {
  const id = String(chartId);
  const column = `${by.lon}, ${by.lat}`;
  const selected = current?.filterState?.value;
  if (
    current?.filterState?.column === column &&
    Array.isArray(selected) &&
    selected[0] === lon &&
    selected[1] === lat
  ) {
    return { id, extraFormData: {}, filterState: { value: null } };
  }
  return {
    id,
    extraFormData: {
      filters: [
        { col: by.lon, op: "==", val: lon },
        { col: by.lat, op: "==", val: lat },
      ],
    },
    filterState: { value: [lon, lat], label: `${lon}, ${lat}`, column },
  };
}

/** deck.gl layers whose clicked marks carry what they cross-filter by (Superset's rules per layer). */
const PICKING_LAYERS = new Set([
  "deck_hex",
  "deck_grid",
  "deck_screengrid",
  "deck_heatmap",
  "deck_arc",
  "deck_path",
  "deck_polygon",
]);

/** Layers whose click filters by a custom SQL expression (the column with its spaces removed). */
const CUSTOM_SQL_LAYERS = new Set(["deck_path", "deck_polygon"]);

/**
 * Whether a deck.gl chart cross-filters by its clicked marks. An embedded dashboard's guest may
 * not send custom SQL (the server refuses it), so there paths and polygons don't cross-filter
 * rather than leave the other charts showing a refusal.
 */
export const crossFiltersByPick = (fd: FormData, opts: { guest?: boolean } = {}) =>
  PICKING_LAYERS.has(fd.viz_type) && !(opts.guest && CUSTOM_SQL_LAYERS.has(fd.viz_type));

/** A click on a deck.gl layer's mark filters as Superset's layer does; the same mark again clears it. */
export function pickFilterMask(
  chartId: number,
  fd: FormData,
  pick: DeckPick,
  current?: DataMask,
): DataMask | null {
  const emitted = deckCrossFilter(fd, pick);
  if (!emitted) return null;
  const id = String(chartId);
  if (isSameSelection(emitted, current?.filterState))
    return { id, extraFormData: {}, filterState: { value: null } };
  return {
    id,
    extraFormData: { filters: emitted.filters },
    filterState: { value: emitted.value, label: emitted.label, column: emitted.column },
  };
}

/** Charts a chart's cross filters reach: its chart_configuration scope, else every other chart. */
export function crossFilterScope(
  metadata: DashboardMetadata,
  layout: Layout,
  emitterId: number,
): number[] | "all" {
  const config = (metadata.chart_configuration ?? {}) as Record<
    string,
    { crossFilters?: { scope?: unknown } }
  >;
  const scope = config[String(emitterId)]?.crossFilters?.scope;
  if (!scope || scope === "global" || typeof scope !== "object") return "all";
  return chartsInScope({ id: "cross", type: "NATIVE_FILTER", scope: scope as FilterScope }, layout).filter(
    (c) => c !== emitterId,
  );
}
