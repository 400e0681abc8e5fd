import { Autocomplete, Loader, TagsInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { t } from "../../../../lib/i18n";
import { useColumnValues } from "../../api/column-values";
import { splitPastedValues } from "../../model/select-values";

/** Options shown at once; typing narrows them. */
const SHOWN_OPTIONS = 100;

/**
 * The value of an adhoc filter, with the column's distinct values as suggestions (loaded when a
 * column is chosen). Any typed value is still accepted: a suggestion list may be cut at the
 * server's bound, and then what is typed is searched on the server.
 */
export function FilterValueInput({
  datasetId,
  column,
  multi,
  values,
  onChange,
}: {
  datasetId: number;
  column: string | null;
  multi: boolean;
  values: string[];
  onChange: (values: string[]) => void;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const all = useColumnValues(datasetId, column);
  const cut = !!all.data && all.data.limit !== undefined && all.data.values.length >= all.data.limit;
  const searched = useColumnValues(datasetId, cut && debounced ? column : null, debounced);
  const source = cut && debounced ? searched : all;
  const options = useMemo(() => {
    const seen = new Set<string>();
    for (const value of source.data?.values ?? []) if (value !== null) seen.add(String(value));
    return [...seen];
  }, [source.data]);
  const loading = source.isLoading ? <Loader size={14} aria-label={t("Loading")} /> : undefined;
  const placeholder = column ? t("Select or type a value") : t("Choose a column first");

  if (multi)
    return (
      <TagsInput
        label={t("Values")}
        data={options}
        value={values}
        onChange={(vs) => onChange(vs.flatMap(splitPastedValues))}
        searchValue={search}
        onSearchChange={setSearch}
        splitChars={[",", ";", "\t", "\n"]}
        limit={SHOWN_OPTIONS}
        placeholder={placeholder}
        rightSection={loading}
        comboboxProps={{ withinPortal: true }}
        acceptValueOnBlur
        data-test="filter-values-input"
      />
    );
  return (
    <Autocomplete
      label={t("Value")}
      data={options}
      value={values[0] ?? ""}
      onChange={(value) => {
        setSearch(value);
        onChange([value]);
      }}
      limit={SHOWN_OPTIONS}
      placeholder={placeholder}
      rightSection={loading}
      comboboxProps={{ withinPortal: true }}
      data-test="filter-value-input"
    />
  );
}
