import type { QueryColumn, QueryFilter, QueryMetric, QueryObject } from "../../chart-data.ts";
import { type BuildContext, baseQueryObject } from "../base-query.ts";
import { columnLabel, ensureArray } from "../labels.ts";
import { spatialColumns } from "../spatial.ts";
import type { FormData } from "../types.ts";

/**
 * Map visualisations' queries, as Superset's deck.gl buildQuery files and its legacy country and
 * world map endpoints ask them: rows at a position (or a line/polygon column), with the
 * positional columns required to be set.
 */

const notNull = (columns: string[]): QueryFilter[] => columns.map((col) => ({ col, op: "IS NOT NULL" }));

const uniq = <T>(items: T[]) => [...new Set(items)];

/** `js_columns`: extra columns Superset's JS hooks read (shown in tooltips here). */
const jsColumns = (fd: FormData) => ensureArray(fd.js_columns as string[] | undefined).filter(Boolean);

/** `point_radius_fixed` is `{type: "fix", value: n}` or `{type: "metric", value: metric}`. */
export function radiusMetric(fd: FormData): QueryMetric | undefined {
  const r = fd.point_radius_fixed as { type?: string; value?: unknown } | undefined;
  return r?.type === "metric" && r.value ? (r.value as QueryMetric) : undefined;
}

/** Rows where the `required` (positional) columns are set, plus `extra` and `js_columns`. */
function spatialQuery(
  fd: FormData,
  ctx: BuildContext,
  required: string[],
  metrics: QueryMetric[],
  extra: string[] = [],
): QueryObject {
  const base = baseQueryObject(fd, ctx);
  return {
    ...base,
    columns: uniq([...required, ...extra, ...jsColumns(fd)]),
    metrics,
    filters: [...(base.filters ?? []), ...notNull(uniq(required))],
    orderby: metrics[0] ? [[metrics[0], false]] : [],
    is_timeseries: false,
    post_processing: [],
  };
}

/** deck_scatter: the position columns, the colour dimension; the radius metric when one is set. */
export function buildDeckScatter(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const position = spatialColumns(fd.spatial);
  const dimension = typeof fd.dimension === "string" && fd.dimension ? [fd.dimension] : [];
  const metric = radiusMetric(fd);
  return [spatialQuery(fd, ctx, position, metric ? [metric] : [], dimension)];
}

/** deck_hex, deck_grid, deck_screengrid, deck_heatmap: positions weighted by `size`. */
export function buildDeckAggregate(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const size = fd.size as QueryMetric | undefined;
  return [spatialQuery(fd, ctx, spatialColumns(fd.spatial), size ? [size] : [])];
}

/** deck_arc: start and end positions (and the colour dimension). */
export function buildDeckArc(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const ends = [...spatialColumns(fd.start_spatial), ...spatialColumns(fd.end_spatial)];
  const dimension = typeof fd.dimension === "string" && fd.dimension ? [fd.dimension] : [];
  return [spatialQuery(fd, ctx, ends, [], dimension)];
}

/** deck_path: the line column; grouped by it when a metric is set. */
export function buildDeckPath(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const line = typeof fd.line_column === "string" ? fd.line_column : "";
  const metric = fd.metric as QueryMetric | undefined;
  return [spatialQuery(fd, ctx, line ? [line] : [], metric ? [metric] : [])];
}

/** deck_polygon: the polygon column, its colour metric and (for extrusion) the elevation metric. */
export function buildDeckPolygon(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const line = typeof fd.line_column === "string" ? fd.line_column : "";
  const metrics = [fd.metric as QueryMetric | undefined, radiusMetric(fd)].filter((m): m is QueryMetric =>
    Boolean(m),
  );
  const query = spatialQuery(fd, ctx, line ? [line] : [], metrics);
  return [fd.filter_nulls === false ? { ...query, filters: baseQueryObject(fd, ctx).filters } : query];
}

/** deck_geojson: the GeoJSON column of each row, as stored (no metric: every row is a shape). */
export function buildDeckGeoJson(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const geojson = typeof fd.geojson === "string" ? fd.geojson : "";
  const query = spatialQuery(fd, ctx, geojson ? [geojson] : [], []);
  return [fd.filter_nulls === false ? { ...query, filters: baseQueryObject(fd, ctx).filters } : query];
}

/** country_map: the metric per region code (the `entity` column). */
export function buildCountryMap(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const entity = fd.entity as QueryColumn | undefined;
  const metric = fd.metric as QueryMetric | undefined;
  const base = baseQueryObject(fd, ctx);
  return [
    {
      ...base,
      columns: entity ? [entity] : [],
      metrics: metric ? [metric] : [],
      orderby: metric ? [[metric, false]] : [],
      filters: [...(base.filters ?? []), ...(entity ? notNull([columnLabel(entity)]) : [])],
      post_processing: [],
    },
  ];
}

/** world_map: the metric (and the bubble size metric) per country. */
export function buildWorldMap(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const entity = fd.entity as QueryColumn | undefined;
  const metrics = uniq(
    [fd.metric as QueryMetric | undefined, fd.secondary_metric as QueryMetric | undefined].filter(
      (m): m is QueryMetric => Boolean(m),
    ),
  );
  const base = baseQueryObject(fd, ctx);
  return [
    {
      ...base,
      columns: entity ? [entity] : [],
      metrics,
      orderby: metrics[0] ? [[metrics[0], false]] : [],
      filters: [...(base.filters ?? []), ...(entity ? notNull([columnLabel(entity)]) : [])],
      post_processing: [],
    },
  ];
}
