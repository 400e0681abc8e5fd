import { Select } from "@mantine/core";
import { COMMON_TIME_GRAINS, NO_TIME_RANGE } from "@strata/contracts";
import { isTemporalColumn } from "../../../../components/charts";
import { TimeRangePicker } from "../../../../components/time-range/time-range-picker";
import { t } from "../../../../lib/i18n";
import { useDataset } from "../../hooks/use-filter-data";
import type { DataMask, NativeFilter } from "../../model/dashboard-types";
import { filterDatasetId, timeColumnMask, timeGrainMask, timeRangeMask } from "../../model/data-mask";

interface Props {
  filter: NativeFilter;
  mask: DataMask | undefined;
  onChange: (mask: DataMask) => void;
  error?: string | null;
  label?: React.ReactNode;
}

/** Time range: Superset's picker (Last / Previous / Custom / Advanced / No filter), evaluated by the server. */
export function TimeRangeFilter({ filter, mask, onChange, error, label }: Props) {
  const value = typeof mask?.filterState.value === "string" ? mask.filterState.value : NO_TIME_RANGE;
  return (
    <TimeRangePicker
      label={label}
      error={error}
      value={value}
      onChange={(v) => onChange(timeRangeMask(filter, v))}
      testId="filter-time-range"
    />
  );
}

/** Time column: which temporal column time filters use (granularity_sqla). */
export function TimeColumnFilter({ filter, mask, onChange, error, label }: Props) {
  const dataset = useDataset(filterDatasetId(filter));
  const columns = (dataset?.columns ?? []).filter(isTemporalColumn).map((c) => c.column_name);
  const value = typeof mask?.filterState.value === "string" ? mask.filterState.value : null;
  return (
    <Select
      label={label}
      error={error}
      data={columns}
      value={value}
      clearable
      placeholder={t("Select a time column")}
      onChange={(v) => onChange(timeColumnMask(filter, v))}
      comboboxProps={{ withinPortal: true }}
      data-test="filter-time-column"
    />
  );
}

/** Time grain: the grain temporal columns are truncated to. */
export function TimeGrainFilter({ filter, mask, onChange, error, label }: Props) {
  const value = typeof mask?.filterState.value === "string" ? mask.filterState.value : null;
  return (
    <Select
      label={label}
      error={error}
      data={COMMON_TIME_GRAINS.map(([v, l]) => ({ value: v, label: t(l) }))}
      value={value}
      clearable
      placeholder={t("Select a time grain")}
      onChange={(v) => onChange(timeGrainMask(filter, v))}
      comboboxProps={{ withinPortal: true }}
      data-test="filter-time-grain"
    />
  );
}
