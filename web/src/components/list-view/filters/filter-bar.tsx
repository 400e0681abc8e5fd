import { Group, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { FilterValues, ListFilterConfig } from "../types";
import { NumericRangeFilter } from "./numeric-range-filter";
import { SearchFilter } from "./search-filter";
import { SelectFilter } from "./select-filter";

const DateRangeFilter = lazy(() => import("./date-range-filter"));

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
            return (
              <Suspense key={key} fallback={<Loader size="xs" />}>
                <DateRangeFilter config={config} value={value} onApply={apply} />
              </Suspense>
            );
          default:
            return null;
        }
      })}
    </Group>
  );
}
