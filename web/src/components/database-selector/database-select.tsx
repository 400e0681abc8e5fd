import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { ListFilter } from "@strata/contracts";
import { useMemo, useState } from "react";
import useSWR from "swr";
import {
  type DatabaseOption,
  databaseOptionsKey,
  fetchDatabaseOptions,
} from "../../lib/database-meta/database-options";
import { t } from "../../lib/i18n";

interface Props {
  value: DatabaseOption | null;
  onChange: (db: DatabaseOption | null) => void;
  /** e.g. only databases that allow file upload. */
  extraFilters?: ListFilter[];
  label?: string;
  required?: boolean;
  disabled?: boolean;
}

/** Searchable database picker fed page by page from GET /api/v1/database/. */
export function DatabaseSelect({ value, onChange, extraFilters, label, required, disabled }: Props) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const query = value && debounced === value.label ? "" : debounced;
  const { data, isLoading, error } = useSWR(databaseOptionsKey(query, extraFilters), fetchDatabaseOptions, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  const options = useMemo(() => {
    const list = data ?? [];
    return value && !list.some((o) => o.value === value.value) ? [value, ...list] : list;
  }, [data, value]);
  return (
    <Select
      label={label ?? t("Database")}
      placeholder={t("Select database or type to search databases")}
      required={required}
      disabled={disabled}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      data={options.map((o) => ({ value: String(o.value), label: o.label }))}
      value={value ? String(value.value) : null}
      onChange={(v) => onChange(options.find((o) => String(o.value) === v) ?? null)}
      nothingFoundMessage={isLoading ? t("Loading...") : t("No databases")}
      error={error ? t("An error occurred while loading databases") : undefined}
      data-test="select-database"
    />
  );
}
