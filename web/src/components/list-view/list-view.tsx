import { Button, Group, Stack } from "@mantine/core";
import { DEFAULT_PAGE_SIZE, type ListFilter, type ListQuery } from "@strata/contracts";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { t } from "../../lib/i18n";
import { useResourceList } from "../../lib/resource/resource-list";
import { toast } from "../../lib/toast";
import { ApiErrorDisplay } from "../error-display";
import { ErrorAlert } from "../error-display/error-alert";
import { BulkSelectBar } from "./bulk-select-bar";
import { CardGrid } from "./card-grid";
import { filterConfigError } from "./filter-config-error";
import { hasAppliedFilters, toListFilters } from "./filter-values";
import { FilterBar } from "./filters/filter-bar";
import { ListEmptyState } from "./list-empty-state";
import { ListPagination } from "./list-pagination";
import { ListTable } from "./list-table";
import { SortSelect } from "./sort-select";
import type {
  BulkAction,
  CardRenderContext,
  ListColumn,
  ListFilterConfig,
  SortOption,
  SortState,
  ViewMode,
} from "./types";
import { useListViewState } from "./use-list-view-state";
import { ViewModeToggle } from "./view-mode-toggle";

export interface ListViewProps<T> {
  /** REST resource under /api/v1/: `dataset`, `database`, `security/users`... */
  resource: string;
  /** Singular noun for messages: 'An error occurred while fetching %ss: %s'. */
  resourceLabel: string;
  columns: ListColumn<T>[];
  filters?: ListFilterConfig[];
  sortOptions?: SortOption[];
  defaultSort?: SortState;
  defaultViewMode?: ViewMode;
  pageSize?: number;
  rowKey?: (row: T) => string | number;
  /** Enables card view (and the card/table toggle). */
  renderCard?: (row: T, ctx: CardRenderContext) => ReactNode;
  /** Enables bulk selection. */
  bulkActions?: BulkAction<T>[];
  selectColumns?: string[];
  /** Filters always sent and never shown (e.g. one tab of a page listing one type of row). */
  baseFilters?: ListFilter[];
}

const DEFAULT_SORT: SortState = { id: "changed_on_delta_humanized", desc: true };
const defaultRowKey = (row: unknown) => (row as { id: number }).id;

/** The generic list page body (000 §2, §4, §5): filters, sort, card/table, paging, bulk select. */
export function ListView<T>(props: ListViewProps<T>) {
  const {
    resource,
    resourceLabel,
    columns,
    filters = [],
    sortOptions = [],
    defaultSort = DEFAULT_SORT,
    pageSize = DEFAULT_PAGE_SIZE,
    rowKey = defaultRowKey,
    renderCard,
    bulkActions = [],
    selectColumns,
    baseFilters,
  } = props;
  const defaultViewMode = props.defaultViewMode ?? (renderCard ? "card" : "table");
  const { state, setFilter, clearFilters, setPageIndex, setSort, setViewMode } = useListViewState(
    defaultSort,
    defaultViewMode,
  );
  const [bulkSelect, setBulkSelect] = useState(false);
  const [selected, setSelected] = useState<T[]>([]);

  const configError = filterConfigError(filters, columns);
  const viewMode: ViewMode = renderCard ? state.viewMode : "table";
  const sort: SortState = { id: state.sortColumn, desc: state.sortOrder === "desc" };
  const filtered = hasAppliedFilters(filters, state.filters);
  const columnLabels = Object.fromEntries(
    columns.map((c) => [c.id, typeof c.header === "string" ? c.header : ""]),
  );

  const query = useMemo<ListQuery>(
    () => ({
      filters: [...(baseFilters ?? []), ...toListFilters(filters, state.filters)],
      order_column: state.sortColumn,
      order_direction: state.sortOrder,
      page: state.pageIndex,
      page_size: pageSize,
      ...(selectColumns ? { select_columns: selectColumns } : {}),
    }),
    [
      baseFilters,
      filters,
      state.filters,
      state.sortColumn,
      state.sortOrder,
      state.pageIndex,
      pageSize,
      selectColumns,
    ],
  );

  const { data, error, isLoading, isValidating } = useResourceList<T>(
    resource,
    configError ? null : query,
    (err) => toast.danger(t("An error occurred while fetching %ss: %s", resourceLabel, err.message)),
  );

  const count = data?.count ?? 0;
  const pageCount = Math.ceil(count / pageSize);
  // The page resets to 0 if it exceeds the page count (000 §4).
  useEffect(() => {
    if (data && !isValidating && state.pageIndex > 0 && state.pageIndex >= pageCount) setPageIndex(0);
  }, [data, isValidating, state.pageIndex, pageCount, setPageIndex]);

  if (configError) return <ErrorAlert title={t("Unexpected error")} subtitle={configError} />;

  const rows = data?.result ?? [];
  const isSelected = (row: T) => selected.some((s) => rowKey(s) === rowKey(row));
  const toggleSelected = (row: T) =>
    setSelected((prev) =>
      prev.some((s) => rowKey(s) === rowKey(row))
        ? prev.filter((s) => rowKey(s) !== rowKey(row))
        : [...prev, row],
    );
  const toggleBulkSelect = () => {
    // Turning bulk select off clears the selection (000 §4).
    if (bulkSelect) setSelected([]);
    setBulkSelect(!bulkSelect);
  };
  const runBulkAction = async (action: BulkAction<T>) => {
    // An action resolving to false (e.g. a cancelled confirmation) keeps the selection.
    const result = await action.onSelect(selected);
    if (result !== false) setSelected([]);
  };

  let content: ReactNode;
  if (error && !data) {
    content = <ApiErrorDisplay error={error} />;
  } else if (!isLoading && data && count === 0) {
    content = <ListEmptyState filtered={filtered} onClearFilters={clearFilters} />;
  } else if (viewMode === "card" && renderCard) {
    content = (
      <CardGrid
        rows={rows}
        loading={isLoading || !data}
        rowKey={rowKey}
        renderCard={renderCard}
        bulkSelect={bulkSelect}
        isSelected={isSelected}
        toggleSelected={toggleSelected}
      />
    );
  } else {
    content = (
      <ListTable
        rows={rows}
        columns={columns}
        loading={isLoading || isValidating}
        rowKey={rowKey}
        sort={sort}
        onSortChange={setSort}
        bulkSelect={bulkSelect}
        selected={selected}
        onSelectedChange={setSelected}
      />
    );
  }

  return (
    <Stack gap="md" data-test={`${resourceLabel.replace(/\s+/g, "-")}-list-view`}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <FilterBar filters={filters} values={state.filters} onChange={setFilter} />
        <Group gap="sm" align="flex-end">
          <SortSelect options={sortOptions} sort={sort} onChange={setSort} columnLabels={columnLabels} />
          {renderCard && <ViewModeToggle mode={viewMode} onChange={setViewMode} />}
          {bulkActions.length > 0 && (
            <Button
              variant={bulkSelect ? "filled" : "default"}
              onClick={toggleBulkSelect}
              data-test="bulk-select"
            >
              {t("Bulk select")}
            </Button>
          )}
        </Group>
      </Group>
      {bulkSelect && (
        <BulkSelectBar
          selected={selected}
          actions={bulkActions}
          onDeselectAll={() => setSelected([])}
          onAction={runBulkAction}
        />
      )}
      {content}
      {data && count > 0 && (
        <ListPagination
          pageIndex={state.pageIndex}
          pageSize={pageSize}
          count={count}
          onChange={setPageIndex}
        />
      )}
    </Stack>
  );
}
