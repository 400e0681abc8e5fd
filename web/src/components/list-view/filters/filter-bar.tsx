import { Group, Loader } from "@mantine/core";
import type { ComponentProps } from "react";
import { lazyPart, useLazyPart } from "../../../lib/lazy-part";
import type { FilterValues, ListFilterConfig } from "../types";
import { NumericRangeFilter } from "./numeric-range-filter";
import { SearchFilter } from "./search-filter";
import { SelectFilter } from "./select-filter";

const dateRange = lazyPart(() => import("./date-range-filter"));

/** The date range filter: its picker is a chunk of its own, loaded when a list has one. */
function DateRangeFilter(props: ComponentProps<typeof import("./date-range-filter").default>) {
  const Filter = useLazyPart(dateRange)?.default;
  return Filter ? <Filter {...props} /> : <Loader size="xs" />;
}

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
