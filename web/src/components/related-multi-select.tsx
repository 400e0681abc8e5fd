import { MultiSelect } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import useSWR from "swr";
import { t } from "../lib/i18n";
import { fetchRelated } from "../lib/resource/resource-options";

export interface IdOption {
  value: number;
  label: string;
}

interface Props {
  resource: string;
  column: string;
  label: string;
  value: IdOption[];
  onChange: (value: IdOption[]) => void;
  disabled?: boolean;
  "data-test"?: string;
}

/** Multi-select fed by GET /api/v1/{resource}/related/{column} with a search text (e.g. owners). */
export function RelatedMultiSelect({ resource, column, label, value, onChange, disabled, ...rest }: Props) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const { data, isLoading, error } = useSWR(
    ["related", resource, column, debounced],
    () => fetchRelated(resource, column, debounced, 0, 100),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const options = useMemo(() => {
    const map = new Map<string, IdOption>();
    for (const o of value) map.set(String(o.value), o);
    for (const o of data?.options ?? []) map.set(String(o.value), { value: Number(o.value), label: o.text });
    return map;
  }, [data, value]);
  return (
    <MultiSelect
      label={label}
      searchable
      clearable
      disabled={disabled}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      data={[...options.entries()].map(([k, o]) => ({ value: k, label: o.label }))}
      value={value.map((o) => String(o.value))}
      onChange={(keys) => onChange(keys.map((k) => options.get(k)!).filter(Boolean))}
      nothingFoundMessage={isLoading ? t("Loading...") : t("No results")}
      error={error ? t("An error occurred while loading options") : undefined}
      data-test={rest["data-test"]}
    />
  );
}
