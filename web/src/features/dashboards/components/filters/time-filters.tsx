import { Group, Select, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { isTemporalColumn } from "../../../../components/charts";
import { t } from "../../../../lib/i18n";
import { useDataset } from "../../hooks/use-filter-data";
import type { DataMask, NativeFilter } from "../../model/dashboard-types";
import {
  filterDatasetId,
  NO_TIME_RANGE,
  timeColumnMask,
  timeGrainMask,
  timeRangeMask,
} from "../../model/data-mask";
import {
  parseCustomRange,
  TIME_GRAINS,
  TIME_RANGE_PRESETS,
  TIME_RANGE_SEPARATOR,
} from "../../model/time-options";

interface Props {
  filter: NativeFilter;
  mask: DataMask | undefined;
  onChange: (mask: DataMask) => void;
  error?: string | null;
  label?: React.ReactNode;
}

const CUSTOM = "__custom__";
const ADVANCED = "__advanced__";

/** Time range: a preset, custom dates (`start : end`) or an expression in Superset's language. */
export function TimeRangeFilter({ filter, mask, onChange, error, label }: Props) {
  const value = typeof mask?.filterState.value === "string" ? mask.filterState.value : NO_TIME_RANGE;
  const initialMode = TIME_RANGE_PRESETS.includes(value)
    ? value
    : parseCustomRange(value)
      ? CUSTOM
      : ADVANCED;
  const [mode, setMode] = useState(initialMode);
  const custom = parseCustomRange(value) ?? ["", ""];
  const set = (v: string) => onChange(timeRangeMask(filter, v));
  const shown = TIME_RANGE_PRESETS.includes(value) && mode !== CUSTOM && mode !== ADVANCED ? value : mode;
  return (
    <Stack gap={4}>
      <Select
        label={label}
        error={error}
        allowDeselect={false}
        data={[
          ...TIME_RANGE_PRESETS.map((p) => ({ value: p, label: t(p) })),
          { value: CUSTOM, label: t("Custom") },
          { value: ADVANCED, label: t("Advanced") },
        ]}
        value={shown}
        onChange={(v) => {
          if (!v) return;
          setMode(v);
          if (v === CUSTOM) set(TIME_RANGE_SEPARATOR);
          else if (v !== ADVANCED) set(v);
        }}
        comboboxProps={{ withinPortal: true }}
        data-test="filter-time-range"
      />
      {shown === CUSTOM && (
        <Group gap="xs" grow>
          <TextInput
            type="date"
            aria-label={t("Start (inclusive)")}
            value={custom[0]}
            onChange={(e) => set(`${e.currentTarget.value}${TIME_RANGE_SEPARATOR}${custom[1]}`)}
          />
          <TextInput
            type="date"
            aria-label={t("End (exclusive)")}
            value={custom[1]}
            onChange={(e) => set(`${custom[0]}${TIME_RANGE_SEPARATOR}${e.currentTarget.value}`)}
          />
        </Group>
      )}
      {shown === ADVANCED && (
        <TextInput
          aria-label={t("Time range expression")}
          placeholder='DATEADD(DATETIME("now"), -7, day) : now'
          value={value === NO_TIME_RANGE ? "" : value}
          onChange={(e) => set(e.currentTarget.value)}
          styles={{ input: { fontFamily: "monospace" } }}
        />
      )}
    </Stack>
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
      data={TIME_GRAINS.map(([v, l]) => ({ value: v, label: t(l) }))}
      value={value}
      clearable
      placeholder={t("Select a time grain")}
      onChange={(v) => onChange(timeGrainMask(filter, v))}
      comboboxProps={{ withinPortal: true }}
      data-test="filter-time-grain"
    />
  );
}
