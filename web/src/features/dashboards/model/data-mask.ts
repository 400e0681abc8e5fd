import { type AdhocFilter, NO_TIME_RANGE, type QueryFilter } from "@strata/contracts";
import { type ChartDataset, extraFiltersAsAdhoc, type FormData } from "../../../components/charts";
import { t, translatable } from "../../../lib/i18n";
import type { DataMask, DataMaskMap, ExtraFormData, NativeFilter } from "./dashboard-types";
import { ancestorFilterIds, chartsInScope, isDivider } from "./filter-scope";
import type { Layout } from "./layout-types";

export const RANGE_ERROR = translatable("Minimum must be strictly less than maximum");
export const REQUIRED_ERROR = translatable("Filter value is required");

export const emptyMask = (id: string): DataMask => ({ id, extraFormData: {}, filterState: {} });

export const filterColumn = (f: NativeFilter) => f.targets?.[0]?.column?.name;
export const filterDatasetId = (f: NativeFilter) => f.targets?.[0]?.datasetId;

type Scalar = string | number | boolean | null;

/** Value filter: IN (NOT IN when inverted) the chosen values; nothing chosen, nothing applied. */
export function selectMask(filter: NativeFilter, values: Scalar[] | null | undefined): DataMask {
  const col = filterColumn(filter);
  const list = values ?? [];
  const op = filter.controlValues?.inverseSelection ? "NOT IN" : "IN";
  return {
    id: filter.id,
    extraFormData: col && list.length ? { filters: [{ col, op, val: list }] } : {},
    filterState: { value: list.length ? list : null, label: list.length ? list.join(", ") : undefined },
  };
}

/** Whether a numeric range is usable: each bound a number or empty, min strictly below max. */
export function rangeError(range: [number | null, number | null] | null | undefined): string | null {
  if (!range) return null;
  const [min, max] = range;
  if (min !== null && max !== null && !(min < max)) return t(RANGE_ERROR);
  return null;
}

/** Numeric range: `>=` min and `<=` max; an invalid range carries its error and applies nothing (000 §5). */
export function rangeMask(
  filter: NativeFilter,
  range: [number | null, number | null] | null | undefined,
): DataMask {
  const col = filterColumn(filter);
  const [min, max] = range ?? [null, null];
  const error = rangeError(range);
  if (error) {
    return {
      id: filter.id,
      extraFormData: {},
      filterState: { value: [min, max], validateStatus: "error", validateMessage: error },
    };
  }
  const filters: QueryFilter[] = [];
  if (col && min !== null) filters.push({ col, op: ">=", val: min });
  if (col && max !== null) filters.push({ col, op: "<=", val: max });
  const empty = min === null && max === null;
  return {
    id: filter.id,
    extraFormData: filters.length ? { filters } : {},
    filterState: {
      value: empty ? null : [min, max],
      label: empty ? undefined : `${min ?? "−∞"} ≤ x ≤ ${max ?? "∞"}`,
    },
  };
}

export function timeRangeMask(filter: NativeFilter, timeRange: string | null | undefined): DataMask {
  const value = timeRange && timeRange !== NO_TIME_RANGE ? timeRange : null;
  return { id: filter.id, extraFormData: value ? { time_range: value } : {}, filterState: { value } };
}

export function timeColumnMask(filter: NativeFilter, column: string | null | undefined): DataMask {
  return {
    id: filter.id,
    extraFormData: column ? { granularity_sqla: column } : {},
    filterState: { value: column || null },
  };
}

export function timeGrainMask(filter: NativeFilter, grain: string | null | undefined): DataMask {
  return {
    id: filter.id,
    extraFormData: grain ? { time_grain_sqla: grain } : {},
    filterState: { value: grain || null },
  };
}

/** The data mask of a filter for a value of its type. */
export function maskForValue(filter: NativeFilter, value: unknown): DataMask {
  switch (filter.filterType) {
    case "filter_range":
      return rangeMask(filter, Array.isArray(value) ? (value as [number | null, number | null]) : null);
    case "filter_time":
      return timeRangeMask(filter, typeof value === "string" ? value : null);
    case "filter_timecolumn":
      return timeColumnMask(filter, typeof value === "string" ? value : null);
    case "filter_timegrain":
      return timeGrainMask(filter, typeof value === "string" ? value : null);
    default:
      return selectMask(
        filter,
        Array.isArray(value) ? (value as Scalar[]) : value == null ? null : [value as Scalar],
      );
  }
}

const hasValue = (v: unknown) =>
  v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.every((x) => x === null || x === ""));

/** Required filters need a value; an invalid range reports its own error. */
export function filterError(filter: NativeFilter, mask: DataMask | undefined): string | null {
  if (mask?.filterState.validateStatus === "error") return mask.filterState.validateMessage ?? t(RANGE_ERROR);
  if (filter.controlValues?.enableEmptyFilter && !hasValue(mask?.filterState.value)) return t(REQUIRED_ERROR);
  return null;
}

/** Initial masks: each filter's default value (permalink or URL masks win). */
export function initialDataMask(filters: NativeFilter[], given: DataMaskMap = {}): DataMaskMap {
  const out: DataMaskMap = {};
  for (const f of filters) {
    if (isDivider(f)) continue;
    const provided = given[f.id];
    if (provided) {
      out[f.id] = { ...emptyMask(f.id), ...provided, id: f.id };
      continue;
    }
    const value = f.defaultDataMask?.filterState?.value;
    out[f.id] = value === undefined || value === null ? emptyMask(f.id) : maskForValue(f, value);
  }
  for (const [id, mask] of Object.entries(given)) if (!out[id] && /^\d+$/.test(id)) out[id] = mask;
  return out;
}

/** Superset's mergeExtraFormData: filter lists append, the other keys override. */
export function mergeExtraFormData(parts: (ExtraFormData | undefined)[]): ExtraFormData {
  const out: ExtraFormData = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [key, value] of Object.entries(part)) {
      if (value === undefined) continue;
      if (key === "filters" || key === "adhoc_filters") {
        out[key] = [...((out[key] as unknown[]) ?? []), ...(value as unknown[])] as never;
      } else out[key] = value;
    }
  }
  return out;
}

/** What applies to one chart: the masks of native filters scoped to it, and other charts' cross filters. */
export function chartExtraFormData(
  chartId: number,
  filters: NativeFilter[],
  dataMask: DataMaskMap,
  layout: Layout,
  crossFilterScope?: (emitterId: number) => number[] | "all",
): ExtraFormData {
  const parts: ExtraFormData[] = [];
  for (const f of filters) {
    if (isDivider(f)) continue;
    const mask = dataMask[f.id];
    if (!mask?.extraFormData || !Object.keys(mask.extraFormData).length) continue;
    if (chartsInScope(f, layout).includes(chartId)) parts.push(mask.extraFormData);
  }
  for (const [id, mask] of Object.entries(dataMask)) {
    if (!/^\d+$/.test(id) || Number(id) === chartId || !mask.extraFormData?.filters?.length) continue;
    const scope = crossFilterScope?.(Number(id)) ?? "all";
    if (scope === "all" || scope.includes(chartId)) parts.push(mask.extraFormData);
  }
  return mergeExtraFormData(parts);
}

/** Extra form data of a filter's ancestors (cascading: a child's options follow its parents' values). */
export function cascadeExtraFormData(
  filter: NativeFilter,
  filters: NativeFilter[],
  dataMask: DataMaskMap,
): ExtraFormData {
  return mergeExtraFormData(ancestorFilterIds(filter.id, filters).map((id) => dataMask[id]?.extraFormData));
}

function temporalColumnOf(
  fd: FormData,
  dataset: ChartDataset | undefined,
  override?: string,
): string | undefined {
  const names = new Set(dataset?.columns.map((c) => c.column_name) ?? []);
  const has = (n: unknown): n is string => typeof n === "string" && (!dataset || names.has(n));
  if (has(override)) return override;
  if (has(fd.granularity_sqla)) return fd.granularity_sqla;
  if (has(dataset?.main_dttm_col)) return dataset?.main_dttm_col ?? undefined;
  return dataset?.columns.find((c) => c.is_dttm)?.column_name;
}

/**
 * Form data with the extra form data applied: its filters become extra adhoc filters, a time
 * range replaces the chart's (on its temporal column), time column and grain override.
 */
export function applyExtraFormData(fd: FormData, extra: ExtraFormData, dataset?: ChartDataset): FormData {
  if (!Object.keys(extra).length) return fd;
  const out: FormData = { ...fd, extra_form_data: extra };
  let adhoc: AdhocFilter[] = [...((fd.adhoc_filters as AdhocFilter[] | undefined) ?? [])];
  if (extra.granularity_sqla) out.granularity_sqla = extra.granularity_sqla;
  if (extra.time_grain_sqla) out.time_grain_sqla = extra.time_grain_sqla;
  if (extra.time_range) {
    out.time_range = extra.time_range;
    let replaced = false;
    adhoc = adhoc.map((f) => {
      if (
        f.expressionType === "SIMPLE" &&
        (f.operator === "TEMPORAL_RANGE" || f.operatorId === "TEMPORAL_RANGE")
      ) {
        if (extra.granularity_sqla && f.subject !== extra.granularity_sqla) return f;
        replaced = true;
        return { ...f, comparator: extra.time_range };
      }
      return f;
    });
    const col = replaced ? undefined : temporalColumnOf(fd, dataset, extra.granularity_sqla);
    if (col)
      adhoc.push({
        expressionType: "SIMPLE",
        clause: "WHERE",
        subject: col,
        operator: "TEMPORAL_RANGE",
        comparator: extra.time_range,
        isExtra: true,
      });
  }
  adhoc.push(...extraFiltersAsAdhoc(extra.filters ?? []));
  out.adhoc_filters = adhoc;
  return out;
}
