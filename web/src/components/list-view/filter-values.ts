import { isEmptyFilterValue, type ListFilter } from "@strata/contracts";
import type { FilterValues, ListFilterConfig, SelectOption } from "./types";

function isOption(value: unknown): value is SelectOption {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "value" in value;
}

export function isValidNumericRange(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === "number" &&
    typeof value[1] === "number" &&
    value[0] < value[1]
  );
}

/** A date range needs both bounds. */
export function isCompleteDateRange(value: unknown): value is [string, string] {
  return Array.isArray(value) && value.length === 2 && Boolean(value[0]) && Boolean(value[1]);
}

/** The value a filter sends, or undefined when it sends nothing (empty, null, incomplete, invalid). */
export function wireValue(config: ListFilterConfig, value: unknown): ListFilter["value"] | undefined {
  let out: unknown = value;
  switch (config.input) {
    case "search":
      out = typeof value === "string" ? value.trim() : value;
      break;
    case "select":
      out = isOption(value) ? value.value : value;
      break;
    case "datetime_range":
      out = isCompleteDateRange(value) ? value : undefined;
      break;
    case "numerical_range":
      out = isValidNumericRange(value) ? value : undefined;
      break;
  }
  return isEmptyFilterValue(out) ? undefined : (out as ListFilter["value"]);
}

/** `filters` of the list query: one entry per applied filter, empty/null values dropped (000 §5). */
export function toListFilters(configs: ListFilterConfig[], values: FilterValues): ListFilter[] {
  const out: ListFilter[] = [];
  for (const config of configs) {
    const value = wireValue(config, values[config.id]);
    if (value !== undefined) out.push({ col: config.id, opr: config.operator, value });
  }
  return out;
}

/** Whether any filter is in effect (drives which empty state shows). */
export function hasAppliedFilters(configs: ListFilterConfig[], values: FilterValues): boolean {
  return toListFilters(configs, values).length > 0;
}
