import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { ListViewState, SortState, ViewMode } from "./types";
import { readListState, writeListState } from "./url-state";

/** List state kept in the URL query: filters, pageIndex, sortColumn, sortOrder, viewMode. */
export function useListViewState(defaultSort: SortState, defaultViewMode: ViewMode) {
  const [params, setParams] = useSearchParams();
  const sortId = defaultSort.id;
  const sortDesc = defaultSort.desc;
  const defaults = useMemo(
    () => ({ sort: { id: sortId, desc: sortDesc }, viewMode: defaultViewMode }),
    [sortId, sortDesc, defaultViewMode],
  );
  const state = useMemo(() => readListState(params, defaults), [params, defaults]);

  const update = useCallback(
    (patch: (prev: ListViewState) => Partial<ListViewState>) =>
      setParams(
        (prev) => {
          const current = readListState(prev, defaults);
          return writeListState(prev, { ...current, ...patch(current) });
        },
        { replace: true },
      ),
    [setParams, defaults],
  );

  return {
    state,
    /** Changing any filter resets the page to 0 (000 §4). */
    setFilter: useCallback(
      (id: string, value: unknown) =>
        update((prev) => {
          const filters = { ...prev.filters };
          if (value === undefined || value === null || value === "") delete filters[id];
          else filters[id] = value;
          return { filters, pageIndex: 0 };
        }),
      [update],
    ),
    clearFilters: useCallback(() => update(() => ({ filters: {}, pageIndex: 0 })), [update]),
    setPageIndex: useCallback((pageIndex: number) => update(() => ({ pageIndex })), [update]),
    setSort: useCallback(
      (sort: SortState) => update(() => ({ sortColumn: sort.id, sortOrder: sort.desc ? "desc" : "asc" })),
      [update],
    ),
    setViewMode: useCallback((viewMode: ViewMode) => update(() => ({ viewMode })), [update]),
  };
}
