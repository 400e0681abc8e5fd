import "@mantine/dates/styles.css";
import { DatePickerInput } from "@mantine/dates";
import { t } from "../../../lib/i18n";
import type { DateRangeFilterConfig } from "../types";
import { FILTER_WIDTH } from "./filter-widths";
import { useFilterInput } from "./use-filter-input";

interface Props {
  config: DateRangeFilterConfig;
  value: unknown;
  onApply: (value: [string, string] | undefined) => void;
}

type Range = [string | null, string | null];

const toRange = (v: unknown): Range =>
  Array.isArray(v) && v.length === 2
    ? [v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null]
    : [null, null];

/** Needs both bounds (ISO dates `YYYY-MM-DD`); anything less clears the filter (000 §5). Lazy-loaded. */
export default function DateRangeFilter({ config, value, onApply }: Props) {
  const [range, setRange, apply] = useFilterInput(value, toRange, (v) =>
    onApply(v as [string, string] | undefined),
  );
  return (
    <DatePickerInput
      type="range"
      label={config.title}
      aria-label={config.title}
      placeholder={t("Pick dates")}
      w={FILTER_WIDTH.wide}
      clearable
      allowSingleDateInRange
      value={range}
      data-test={`filters-date-${config.id}`}
      onChange={(next) => {
        const r: Range = [next[0] ? String(next[0]) : null, next[1] ? String(next[1]) : null];
        setRange(r);
        apply(r[0] && r[1] ? [r[0], r[1]] : undefined);
      }}
    />
  );
}
