import { Select } from "@mantine/core";
import { t } from "../../lib/i18n";
import type { SortOption, SortState } from "./types";

interface Props {
  options: SortOption[];
  sort: SortState;
  onChange: (sort: SortState) => void;
  /** Header text of the list's columns by id: names a sort set from a table header. */
  columnLabels?: Record<string, string>;
}

/** The value of the entry standing for a header sort that no option matches. */
const HEADER_SORT = "__header_sort__";

/**
 * The sort dropdown. A sort chosen by a table header that none of its options matches shows as an
 * entry of its own ("Name (ascending)"): a blank dropdown hid how the list was sorted.
 */
export function SortSelect({ options, sort, onChange, columnLabels = {} }: Props) {
  if (options.length === 0) return null;
  const current = options.find((o) => o.id === sort.id && o.desc === sort.desc);
  const data = options.map((o) => ({ value: o.value, label: o.label }));
  if (!current) {
    const column = columnLabels[sort.id] || sort.id;
    data.push({
      value: HEADER_SORT,
      label: sort.desc ? t("%s (descending)", column) : t("%s (ascending)", column),
    });
  }
  return (
    <Select
      label={t("Sort")}
      aria-label={t("Sort")}
      w={220}
      data={data}
      value={current?.value ?? HEADER_SORT}
      placeholder={t("Sort")}
      allowDeselect={false}
      onChange={(value) => {
        const option = options.find((o) => o.value === value);
        if (option) onChange({ id: option.id, desc: option.desc });
      }}
      data-test="sort-select"
    />
  );
}
