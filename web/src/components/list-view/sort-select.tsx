import { Select } from "@mantine/core";
import { t } from "../../lib/i18n";
import type { SortOption, SortState } from "./types";

interface Props {
  options: SortOption[];
  sort: SortState;
  onChange: (sort: SortState) => void;
}

/** The sort dropdown; shows nothing selected when the table header sorts by something else. */
export function SortSelect({ options, sort, onChange }: Props) {
  if (options.length === 0) return null;
  const current = options.find((o) => o.id === sort.id && o.desc === sort.desc);
  return (
    <Select
      label={t("Sort")}
      aria-label={t("Sort")}
      w={200}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={current?.value ?? null}
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
