import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import useSWR from "swr";
import type { IdOption } from "../../components/related-multi-select";
import { REPORTS } from "../../components/reports";
import { t } from "../../lib/i18n";
import { fetchRelated } from "../../lib/resource/resource-options";

interface Props {
  /** `GET /api/v1/report/related/{column}`: chart, dashboard or database. */
  column: "chart" | "dashboard" | "database";
  label: string;
  value: IdOption | null;
  onChange: (value: IdOption | null) => void;
  error?: string;
  required?: boolean;
  "data-test"?: string;
}

/** One chart, dashboard or database the current user may attach to an alert or report. */
export function RelatedSelect({ column, label, value, onChange, error, required, ...rest }: Props) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  // The search box shows the chosen name: that is not a search.
  const filter = value && debounced === value.label ? "" : debounced;
  const { data, isLoading } = useSWR(
    ["related", REPORTS, column, filter],
    () => fetchRelated(REPORTS, column, filter, 0, 100),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const options = useMemo(() => {
    const map = new Map<string, IdOption>();
    if (value) map.set(String(value.value), value);
    for (const o of data?.options ?? []) map.set(String(o.value), { value: Number(o.value), label: o.text });
    return map;
  }, [data, value]);
  return (
    <Select
      label={label}
      required={required}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      data={[...options.entries()].map(([k, o]) => ({ value: k, label: o.label }))}
      value={value ? String(value.value) : null}
      onChange={(k) => onChange(k ? (options.get(k) ?? null) : null)}
      nothingFoundMessage={isLoading ? t("Loading...") : t("No results")}
      error={error}
      data-test={rest["data-test"]}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
