import { MultiSelect, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { formatNumber, t } from "../../../../lib/i18n";
import { type OptionValue, useFilterOptions } from "../../hooks/use-filter-data";
import { FILTER_OPTIONS_LIMIT } from "../../model/chart-request";
import type { DataMask, ExtraFormData, NativeFilter } from "../../model/dashboard-types";
import { selectMask } from "../../model/data-mask";

const keyOf = (v: OptionValue) => (v === null ? "<NULL>" : `${typeof v}:${String(v)}`);
const labelOf = (v: OptionValue) => (v === null ? "<NULL>" : v === "" ? "<empty string>" : String(v));

/** 000 §9: a select shows its options 100 at a time; scrolling to the bottom shows the next page. */
export const SELECT_PAGE_SIZE = 100;
const SELECT_ALL = "__select_all__";
/** Options are filtered here (Select All stays first); Mantine shows what it is given. */
const showAll = ({ options }: { options: unknown[] }) => options as never;

interface Props {
  filter: NativeFilter;
  mask: DataMask | undefined;
  parents: ExtraFormData;
  onChange: (mask: DataMask, options?: { apply?: boolean }) => void;
  error?: string | null;
  label?: React.ReactNode;
  /** The configuration modal sets defaults with it: no automatic first value. */
  editingDefault?: boolean;
}

/**
 * Value filter: options are the column's distinct values (chart-data query), cascading from
 * parents; searchable (on the server too once the list is cut at its bound), shown a page at a
 * time, with "Select All" for multiple choice.
 */
export function ValueFilter({ filter, mask, parents, onChange, error, label, editingDefault }: Props) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [shown, setShown] = useState(SELECT_PAGE_SIZE);
  const all = useFilterOptions(filter, parents);
  const cut = (all.data?.length ?? 0) >= FILTER_OPTIONS_LIMIT;
  const searched = useFilterOptions(filter, parents, debounced, cut && !!debounced);
  const { data, isLoading, error: loadError } = cut && debounced ? searched : all;
  const options = data ?? [];
  const byKey = useMemo(() => new Map(options.map((v) => [keyOf(v), v])), [options]);
  const current = (Array.isArray(mask?.filterState.value) ? mask?.filterState.value : []) as OptionValue[];
  for (const v of current) if (!byKey.has(keyOf(v))) byKey.set(keyOf(v), v);
  const multi = filter.controlValues?.multiSelect !== false;
  const selected = new Set(current.map(keyOf));
  // What the search matches, case-insensitively, in the options' order.
  // A single select shows its chosen label as the search text: that alone narrows nothing.
  const shownLabel = !multi && current.length ? labelOf(current[0]) : null;
  const needle = search === shownLabel ? "" : search.trim().toLowerCase();
  const unpicked = [...byKey.entries()]
    .filter(([key, v]) => !selected.has(key) && (!needle || labelOf(v).toLowerCase().includes(needle)))
    .map(([value, v]) => ({ value, label: labelOf(v) }));
  // Chosen values come first and always (their pills take their labels from here), then a page
  // of the others the search matches.
  const items = [
    ...(multi && unpicked.length > 0
      ? [{ value: SELECT_ALL, label: `${t("Select All")} (${formatNumber(unpicked.length)})` }]
      : []),
    ...current.map((v) => ({ value: keyOf(v), label: labelOf(v) })),
    ...unpicked.slice(0, shown),
  ];
  const set = (keys: string[]) => {
    // "Select All" adds every option the search matches, not only the page on screen.
    const chosen = keys.includes(SELECT_ALL)
      ? [...keys.filter((k) => k !== SELECT_ALL), ...unpicked.map((o) => o.value)]
      : keys;
    onChange(
      selectMask(
        filter,
        chosen.map((k) => byKey.get(k) ?? k),
      ),
    );
  };
  const onSearch = (value: string) => {
    setSearch(value);
    setShown(SELECT_PAGE_SIZE);
  };

  // "Select first filter value by default": chosen, and applied, once the options arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the options load
  useEffect(() => {
    if (editingDefault || !filter.controlValues?.defaultToFirstItem || current.length || !options.length)
      return;
    onChange(selectMask(filter, [options[0]]), { apply: true });
  }, [options]);

  const common = {
    label,
    data: items,
    searchable: true,
    clearable: true,
    filter: showAll,
    placeholder: isLoading ? t("Loading...") : options.length ? t("Select or type a value") : t("No data"),
    error: error ?? (loadError ? loadError.message : undefined),
    nothingFoundMessage: t("No results"),
    comboboxProps: { withinPortal: true },
    scrollAreaProps: {
      onBottomReached: () => setShown((n) => (n < unpicked.length ? n + SELECT_PAGE_SIZE : n)),
    },
    "data-test": "filter-value-select",
  };
  return multi ? (
    <MultiSelect
      {...common}
      value={current.map(keyOf)}
      onChange={set}
      searchValue={search}
      onSearchChange={onSearch}
      maxDropdownHeight={260}
    />
  ) : (
    <Select
      {...common}
      value={current[0] === undefined ? null : keyOf(current[0])}
      onChange={(k) => set(k ? [k] : [])}
      onSearchChange={onSearch}
    />
  );
}
