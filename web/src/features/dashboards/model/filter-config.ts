import { t, translatable } from "../../../lib/i18n";
import { shortId } from "./component-factory";
import type { NativeFilter, NativeFilterType } from "./dashboard-types";
import { filterColumn, filterDatasetId, rangeError } from "./data-mask";
import { isDivider } from "./filter-scope";
import { ROOT_ID } from "./layout-types";

/** 001 §4: a deleted filter stays restorable for 5 seconds. */
export const PENDING_DELETE_MS = 5000;

export const FILTER_TYPES: [NativeFilterType, string][] = [
  ["filter_select", translatable("Value")],
  ["filter_range", translatable("Numerical range")],
  ["filter_time", translatable("Time range")],
  ["filter_timecolumn", translatable("Time column")],
  ["filter_timegrain", translatable("Time grain")],
];

export function newNativeFilter(): NativeFilter {
  return {
    id: `NATIVE_FILTER-${shortId()}`,
    type: "NATIVE_FILTER",
    name: "",
    filterType: "filter_select",
    targets: [{}],
    controlValues: {
      enableEmptyFilter: false,
      defaultToFirstItem: false,
      multiSelect: true,
      inverseSelection: false,
      sortAscending: true,
    },
    defaultDataMask: { extraFormData: {}, filterState: {} },
    cascadeParentIds: [],
    scope: { rootPath: [ROOT_ID], excluded: [] },
    description: "",
  };
}

export function newDivider(): NativeFilter {
  return { id: `NATIVE_FILTER_DIVIDER-${shortId()}`, type: "DIVIDER", title: "", description: "" };
}

export const needsDataset = (type: NativeFilterType | undefined) => type !== "filter_time";
export const needsColumn = (type: NativeFilterType | undefined) =>
  type === "filter_select" || type === "filter_range" || type === undefined;

export type FilterErrors = Record<string, string>;

/** Validation of the configuration modal: what each filter still needs before it can be saved. */
export function validateFilter(filter: NativeFilter): FilterErrors {
  const errors: FilterErrors = {};
  if (isDivider(filter)) {
    if (!filter.title?.trim()) errors.title = t("Title is required");
    return errors;
  }
  if (!filter.name?.trim()) errors.name = t("Name is required");
  if (needsDataset(filter.filterType) && !filterDatasetId(filter)) errors.dataset = t("Dataset is required");
  if (needsColumn(filter.filterType) && !filterColumn(filter)) errors.column = t("Column is required");
  if (filter.filterType === "filter_range") {
    const value = filter.defaultDataMask?.filterState?.value;
    const message = Array.isArray(value) ? rangeError(value as [number | null, number | null]) : null;
    if (message) errors.defaultValue = message;
  }
  return errors;
}

/** The PUT …/filters body: every kept filter (in order), the removed ids, the order. */
export function filterChanges(items: NativeFilter[], removed: string[]) {
  return { modified: items, deleted: removed, reordered: items.map((f) => f.id) };
}

/** Filters whose configuration changed (their applied value restarts from the default). */
export function changedFilterIds(before: NativeFilter[], after: NativeFilter[]): string[] {
  const old = new Map(before.map((f) => [f.id, JSON.stringify(f)]));
  return after.filter((f) => old.get(f.id) !== JSON.stringify(f)).map((f) => f.id);
}
