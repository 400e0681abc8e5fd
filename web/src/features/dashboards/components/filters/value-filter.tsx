import { MultiSelect, Select } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { t } from "../../../../lib/i18n";
import { type OptionValue, useFilterOptions } from "../../hooks/use-filter-data";
import type { DataMask, ExtraFormData, NativeFilter } from "../../model/dashboard-types";
import { selectMask } from "../../model/data-mask";

const keyOf = (v: OptionValue) => (v === null ? "<NULL>" : `${typeof v}:${String(v)}`);
const labelOf = (v: OptionValue) => (v === null ? "<NULL>" : v === "" ? "<empty string>" : String(v));

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

/** Value filter: options are the column's distinct values (chart-data query), cascading from parents. */
export function ValueFilter({ filter, mask, parents, onChange, error, label, editingDefault }: Props) {
  const { data, isLoading, error: loadError } = useFilterOptions(filter, parents);
  const options = data ?? [];
  const byKey = useMemo(() => new Map(options.map((v) => [keyOf(v), v])), [options]);
  const current = (Array.isArray(mask?.filterState.value) ? mask?.filterState.value : []) as OptionValue[];
  for (const v of current) if (!byKey.has(keyOf(v))) byKey.set(keyOf(v), v);
  const items = [...byKey.entries()].map(([value, v]) => ({ value, label: labelOf(v) }));
  const multi = filter.controlValues?.multiSelect !== false;
  const set = (keys: string[]) =>
    onChange(
      selectMask(
        filter,
        keys.map((k) => byKey.get(k) ?? k),
      ),
    );

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
    placeholder: isLoading ? t("Loading...") : options.length ? t("Select or type a value") : t("No data"),
    error: error ?? (loadError ? loadError.message : undefined),
    nothingFoundMessage: t("No results"),
    comboboxProps: { withinPortal: true },
    "data-test": "filter-value-select",
  };
  return multi ? (
    <MultiSelect {...common} value={current.map(keyOf)} onChange={set} maxDropdownHeight={260} limit={500} />
  ) : (
    <Select
      {...common}
      value={current[0] === undefined ? null : keyOf(current[0])}
      onChange={(k) => set(k ? [k] : [])}
      limit={500}
    />
  );
}
