import { Loader, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useId, useMemo, useState } from "react";
import useSWR from "swr";
import { t } from "../../../lib/i18n";
import type { OptionsPage, SelectFilterConfig, SelectOption } from "../types";
import { FILTER_WIDTH } from "./filter-widths";

/** Select page size default (000 §9). */
const OPTIONS_PAGE_SIZE = 100;

interface Props {
  config: SelectFilterConfig;
  value: unknown;
  onApply: (value: SelectOption | undefined) => void;
}

function asOption(value: unknown): SelectOption | undefined {
  if (value && typeof value === "object" && "value" in value) {
    const v = value as SelectOption;
    return { value: v.value, label: String(v.label ?? v.value) };
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return { value, label: String(value) };
  }
  return undefined;
}

/** A select with fixed choices or options fetched from a related/distinct endpoint. */
export function SelectFilter({ config, value, onApply }: Props) {
  const instance = useId();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const selected = asOption(value);
  const isAsync = Boolean(config.fetchOptions);

  const { data, error, isLoading } = useSWR<OptionsPage>(
    isAsync && opened ? ["list-filter-options", instance, debouncedSearch] : null,
    () => config.fetchOptions!(debouncedSearch, 0, OPTIONS_PAGE_SIZE),
    { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true },
  );

  const options = useMemo(() => {
    const list = isAsync ? (data?.options ?? []) : (config.options ?? []);
    const byKey = new Map<string, SelectOption>(list.map((o) => [String(o.value), o]));
    if (selected && !byKey.has(String(selected.value))) byKey.set(String(selected.value), selected);
    return byKey;
  }, [isAsync, data, config.options, selected]);

  return (
    <Select
      label={config.title}
      aria-label={config.title}
      w={FILTER_WIDTH.narrow}
      placeholder={config.unfilteredLabel ?? t("All")}
      data={[...options.entries()].map(([key, o]) => ({ value: key, label: o.label }))}
      value={selected ? String(selected.value) : null}
      onChange={(key) => onApply(key === null ? undefined : options.get(key))}
      searchable
      clearable
      searchValue={isAsync ? search : undefined}
      onSearchChange={isAsync ? setSearch : undefined}
      filter={isAsync ? ({ options: o }) => o : undefined}
      onDropdownOpen={() => setOpened(true)}
      rightSection={isLoading ? <Loader size={14} /> : undefined}
      error={
        error ? (config.describeError?.(error) ?? t("An error occurred while loading options")) : undefined
      }
      nothingFoundMessage={isLoading ? t("Loading...") : t("No results")}
      comboboxProps={{ withinPortal: true }}
      data-test={`filters-select-${config.id}`}
    />
  );
}
