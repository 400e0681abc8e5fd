import { Group, Loader } from "@mantine/core";
import { lazyComponent } from "../../../lib/lazy-part";
import type { FilterValues, ListFilterConfig } from "../types";
import { NumericRangeFilter } from "./numeric-range-filter";
import { SearchFilter } from "./search-filter";
import { SelectFilter } from "./select-filter";

// The date range picker is a chunk of its own, loaded when a list has one.
const DateRangeFilter = lazyComponent(() => import("./date-range-filter"), <Loader size="xs" />);

interface Props {
  filters: ListFilterConfig[];
  values: FilterValues;
  onChange: (id: string, value: unknown) => void;
}

export function FilterBar({ filters, values, onChange }: Props) {
  if (filters.length === 0) return null;
  return (
    <Group gap="sm" align="flex-end" data-test="filters-bar" role="search">
      {filters.map((config) => {
        const key = config.id;
        const value = values[config.id];
        const apply = (v: unknown) => onChange(config.id, v);
        switch (config.input) {
          case "search":
            return <SearchFilter key={key} config={config} value={value} onApply={apply} />;
          case "select":
            return <SelectFilter key={key} config={config} value={value} onApply={apply} />;
          case "numerical_range":
            return <NumericRangeFilter key={key} config={config} value={value} onApply={apply} />;
          case "datetime_range":
            return <DateRangeFilter key={key} config={config} value={value} onApply={apply} />;
          default:
            return null;
        }
      })}
    </Group>
  );
}
