import { unprocessable } from "../errors.ts";

/** A dashboard's json_metadata as an object (it is stored as JSON text, as Superset does). */
export type Metadata = Record<string, unknown> & {
  native_filter_configuration?: NativeFilter[];
};

export interface NativeFilter {
  id: string;
  type?: "NATIVE_FILTER" | "DIVIDER";
  [key: string]: unknown;
}

export function parseMetadata(text: string | null | undefined): Metadata {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Metadata) : {};
  } catch {
    return {};
  }
}

/**
 * One dataset a native filter aims at: the filter, the dataset id and the column (null for
 * targets without one, such as a time-column filter's). Every reader of filter targets that
 * grants something (the embedded guest's scope) and the save-time check of who may add one go
 * through this one reading, so a target the check did not see is never one the scope trusts.
 */
export interface FilterTarget {
  filterId: string;
  filterName: string;
  datasetId: number;
  column: string | null;
}

export function filterTargets(filters: readonly NativeFilter[] | undefined): FilterTarget[] {
  const out: FilterTarget[] = [];
  for (const f of Array.isArray(filters) ? filters : []) {
    if (!f || typeof f !== "object" || !Array.isArray(f.targets)) continue;
    for (const t of f.targets as { datasetId?: unknown; column?: { name?: unknown } }[]) {
      if (typeof t?.datasetId !== "number") continue;
      out.push({
        filterId: String(f.id),
        filterName: typeof f.name === "string" ? f.name : String(f.id),
        datasetId: t.datasetId,
        column: typeof t.column?.name === "string" ? t.column.name : null,
      });
    }
  }
  return out;
}

const FILTER_ID = /^NATIVE_FILTER(_DIVIDER)?-[A-Za-z0-9_-]{1,64}$/;

/**
 * `PUT /dashboard/{id}/filters`: modified filters replace (or add) by id, deleted ones go,
 * `reordered` (ids) sets the order; ids must look like NATIVE_FILTER-… or NATIVE_FILTER_DIVIDER-….
 */
export function applyFilterChanges(
  current: NativeFilter[],
  changes: { modified?: NativeFilter[]; deleted?: string[]; reordered?: string[] },
): NativeFilter[] {
  for (const f of changes.modified ?? []) {
    if (!FILTER_ID.test(f.id))
      throw unprocessable({
        modified: [`Filter id ${f.id} must start with NATIVE_FILTER- or NATIVE_FILTER_DIVIDER-`],
      });
  }
  const deleted = new Set(changes.deleted ?? []);
  const byId = new Map(current.filter((f) => !deleted.has(f.id)).map((f) => [f.id, f]));
  for (const f of changes.modified ?? []) if (!deleted.has(f.id)) byId.set(f.id, f);
  const order = changes.reordered?.length ? changes.reordered : [...byId.keys()];
  const seen = new Set<string>();
  const out: NativeFilter[] = [];
  for (const id of [...order, ...byId.keys()]) {
    const f = byId.get(id);
    if (f && !seen.has(id)) {
      seen.add(id);
      out.push(f);
    }
  }
  return out;
}

/** Chart ids a v2 layout (position_json) places; undefined when the layout can't be read. */
export function chartIdsOfLayout(positionJson: string | null | undefined): Set<number> | undefined {
  if (!positionJson) return undefined;
  try {
    const layout = JSON.parse(positionJson) as Record<
      string,
      { type?: string; meta?: { chartId?: unknown } }
    >;
    const ids = new Set<number>();
    for (const item of Object.values(layout)) {
      if (item?.type === "CHART" && typeof item.meta?.chartId === "number") ids.add(item.meta.chartId);
    }
    return ids;
  } catch {
    return undefined;
  }
}

export const COLOR_FIELDS = [
  "color_namespace",
  "color_scheme",
  "color_scheme_domain",
  "shared_label_colors",
  "map_label_colors",
  "label_colors",
] as const;
