import { Group, Input, NumberInput } from "@mantine/core";
import { t } from "../../../../lib/i18n";
import { useFilterRange } from "../../hooks/use-filter-data";
import type { DataMask, NativeFilter } from "../../model/dashboard-types";
import { rangeMask } from "../../model/data-mask";

type Range = [number | null, number | null];

const num = (v: string | number): number | null =>
  v === "" || v === null || Number.isNaN(Number(v)) ? null : Number(v);

/** Numeric range: minimum and maximum; 'Minimum must be strictly less than maximum' (000 §5). */
export function RangeFilter({
  filter,
  mask,
  onChange,
  error,
  label,
}: {
  filter: NativeFilter;
  mask: DataMask | undefined;
  onChange: (mask: DataMask) => void;
  error?: string | null;
  label?: React.ReactNode;
}) {
  const { data: bounds } = useFilterRange(filter);
  const value = (Array.isArray(mask?.filterState.value) ? mask?.filterState.value : [null, null]) as Range;
  const set = (next: Range) => onChange(rangeMask(filter, next));
  return (
    <Input.Wrapper label={label} error={error} data-test="filter-range">
      <Group gap="xs" grow wrap="nowrap">
        <NumberInput
          aria-label={t("Minimum")}
          placeholder={bounds?.min != null ? String(bounds.min) : t("Min")}
          value={value[0] ?? ""}
          onChange={(v) => set([num(v), value[1]])}
          error={!!error}
          data-test="filter-range-min"
        />
        <NumberInput
          aria-label={t("Maximum")}
          placeholder={bounds?.max != null ? String(bounds.max) : t("Max")}
          value={value[1] ?? ""}
          onChange={(v) => set([value[0], num(v)])}
          error={!!error}
          data-test="filter-range-max"
        />
      </Group>
    </Input.Wrapper>
  );
}
