import { decodeRison, encodeRison } from "@strata/contracts";
import type { FilterValues, ListViewState, SortState, ViewMode } from "./types";

/** URL query keys kept by every list page (000 §2). */
export const URL_KEYS = ["filters", "pageIndex", "sortColumn", "sortOrder", "viewMode"] as const;

export interface UrlStateDefaults {
  sort: SortState;
  viewMode: ViewMode;
}

function decodeFilters(text: string | null): FilterValues {
  if (!text) return {};
  try {
    const value = decodeRison(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as FilterValues) : {};
  } catch {
    return {};
  }
}

/** Reads the list state from a query string, falling back to defaults on anything malformed. */
export function readListState(params: URLSearchParams, defaults: UrlStateDefaults): ListViewState {
  const page = Number(params.get("pageIndex"));
  const sortOrder = params.get("sortOrder");
  const viewMode = params.get("viewMode");
  const sortColumn = params.get("sortColumn");
  return {
    filters: decodeFilters(params.get("filters")),
    pageIndex: Number.isInteger(page) && page > 0 ? page : 0,
    sortColumn: sortColumn || defaults.sort.id,
    sortOrder: sortOrder === "asc" || sortOrder === "desc" ? sortOrder : defaults.sort.desc ? "desc" : "asc",
    viewMode: viewMode === "card" || viewMode === "table" ? viewMode : defaults.viewMode,
  };
}

/** Writes the list state into a copy of the query string (other parameters are kept). */
export function writeListState(params: URLSearchParams, state: ListViewState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of URL_KEYS) next.delete(key);
  const filters = Object.fromEntries(
    Object.entries(state.filters).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  );
  if (Object.keys(filters).length > 0) next.set("filters", encodeRison(filters));
  next.set("pageIndex", String(state.pageIndex));
  next.set("sortColumn", state.sortColumn);
  next.set("sortOrder", state.sortOrder);
  next.set("viewMode", state.viewMode);
  return next;
}
