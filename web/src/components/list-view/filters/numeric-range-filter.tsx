import { Group, Input, NumberInput } from "@mantine/core";
import { t, translatable } from "../../../lib/i18n";
import type { NumericRangeFilterConfig } from "../types";
import { FILTER_WIDTH } from "./filter-widths";
import { useFilterInput } from "./use-filter-input";

interface Props {
  config: NumericRangeFilterConfig;
  value: unknown;
  onApply: (value: [number, number] | undefined) => void;
}

type Bound = number | "";
type Bounds = [Bound, Bound];

const toBounds = (v: unknown): Bounds =>
  Array.isArray(v) ? [typeof v[0] === "number" ? v[0] : "", typeof v[1] === "number" ? v[1] : ""] : ["", ""];

const toBound = (v: string | number): Bound =>
  typeof v === "number" ? v : v === "" || Number.isNaN(Number(v)) ? "" : Number(v);

export const RANGE_ERROR = translatable("Minimum must be strictly less than maximum");

/** Min/max inputs; applied only when both are set and min < max, otherwise nothing applies (000 §5). */
export function NumericRangeFilter({ config, value, onApply }: Props) {
  const [[min, max], setBounds, apply] = useFilterInput(value, toBounds, (v) =>
    onApply(v as [number, number] | undefined),
  );
  const invalid = min !== "" && max !== "" && min >= max;

  const change = (next: Bounds) => {
    setBounds(next);
    const [lo, hi] = next;
    apply(lo !== "" && hi !== "" && lo < hi ? [lo, hi] : undefined);
  };

  return (
    <Input.Wrapper label={config.title} error={invalid ? t(RANGE_ERROR) : undefined} w={FILTER_WIDTH.wide}>
      <Group gap={6} wrap="nowrap">
        <NumberInput
          aria-label={t("%s minimum", config.title)}
          placeholder={t("Min")}
          value={min}
          error={invalid}
          data-test={`filters-range-min-${config.id}`}
          onChange={(v) => change([toBound(v), max])}
        />
        <NumberInput
          aria-label={t("%s maximum", config.title)}
          placeholder={t("Max")}
          value={max}
          error={invalid}
          data-test={`filters-range-max-${config.id}`}
          onChange={(v) => change([min, toBound(v)])}
        />
      </Group>
    </Input.Wrapper>
  );
}
