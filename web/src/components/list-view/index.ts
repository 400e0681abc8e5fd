export { assertValidFilterConfig, ListViewError } from "./filter-config-error";
export { ListCard } from "./list-card";
export { ListView, type ListViewProps } from "./list-view";
export type {
  BulkAction,
  CardRenderContext,
  ListColumn,
  ListFilterConfig,
  OptionsPage,
  SelectOption,
  SortOption,
  SortState,
  ViewMode,
} from "./types";
