import type { ReactNode } from "react";

export type ViewMode = "card" | "table";

export interface ListColumn<T> {
  /** The API column; filters and sorting refer to it. */
  id: string;
  header?: ReactNode;
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  /** Declared only so a filter can refer to it; not drawn. */
  hidden?: boolean;
  width?: number | string;
  textAlign?: "left" | "center" | "right";
}

export type OptionValue = string | number | boolean;

export interface SelectOption {
  label: string;
  value: OptionValue;
}

export interface OptionsPage {
  options: SelectOption[];
  count: number;
}

interface FilterBase {
  /** Must be the id of one of the columns (000 §5). */
  id: string;
  title: string;
  /** Operator sent in the list query: ct, eq, rel_o_m, rel_m_m, dataset_is_null_or_empty... */
  operator: string;
}

export interface SearchFilterConfig extends FilterBase {
  input: "search";
  placeholder?: string;
}

export interface SelectFilterConfig extends FilterBase {
  input: "select";
  /** Fixed choices... */
  options?: SelectOption[];
  /** ...or options fetched per search text and page (related/distinct endpoints). */
  fetchOptions?: (search: string, page: number, pageSize: number) => Promise<OptionsPage>;
  unfilteredLabel?: string;
  /** Text shown when fetching options fails; a generic one when this gives nothing. */
  describeError?: (error: unknown) => string | undefined;
}

export interface DateRangeFilterConfig extends FilterBase {
  input: "datetime_range";
}

export interface NumericRangeFilterConfig extends FilterBase {
  input: "numerical_range";
}

export type ListFilterConfig =
  | SearchFilterConfig
  | SelectFilterConfig
  | DateRangeFilterConfig
  | NumericRangeFilterConfig;

/** Values by filter id as kept in the URL: text, {label,value}, [from,to]. */
export type FilterValues = Record<string, unknown>;

export interface SortState {
  id: string;
  desc: boolean;
}

export interface SortOption extends SortState {
  label: string;
  value: string;
}

export interface ListViewState {
  filters: FilterValues;
  pageIndex: number;
  sortColumn: string;
  sortOrder: "asc" | "desc";
  viewMode: ViewMode;
}

export interface BulkAction<T> {
  key: string;
  name: string;
  type?: "primary" | "secondary" | "danger";
  /** Resolving to false keeps the selection (e.g. a cancelled confirmation). */
  onSelect: (rows: T[]) => unknown;
}

export interface CardRenderContext {
  selected: boolean;
  bulkSelect: boolean;
  toggleSelected: () => void;
}
