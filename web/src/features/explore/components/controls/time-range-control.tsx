import { Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { t } from "../../../../lib/i18n";

/** Superset's time-range language: presets, a custom `start : end`, or advanced free text. */
export const TIME_RANGE_PRESETS = [
  "No filter",
  "Last day",
  "Last week",
  "Last month",
  "Last quarter",
  "Last year",
  "previous calendar week",
  "previous calendar month",
  "previous calendar year",
];
export const TIME_RANGE_SEPARATOR = " : ";

type Mode = "preset" | "custom" | "advanced";

export function timeRangeMode(value: string): Mode {
  if (TIME_RANGE_PRESETS.includes(value)) return "preset";
  const [start, end] = value.split(TIME_RANGE_SEPARATOR);
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  if (end !== undefined && (start === "" || iso.test(start)) && (end === "" || iso.test(end)))
    return "custom";
  return "advanced";
}

interface Props {
  label: React.ReactNode;
  value: unknown;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  testId: string;
}

export function TimeRangeControl({ label, value, onChange, error, testId }: Props) {
  const text = typeof value === "string" && value ? value : "No filter";
  const [mode, setMode] = useState<Mode>(timeRangeMode(text));
  useEffect(() => setMode(timeRangeMode(text)), [text]);
  const [start, end] = mode === "custom" ? text.split(TIME_RANGE_SEPARATOR) : ["", ""];
  const options = [
    ...TIME_RANGE_PRESETS.map((p) => ({ value: p, label: t(p) })),
    { value: "__custom__", label: t("Custom") },
    { value: "__advanced__", label: t("Advanced") },
  ];
  return (
    <Stack gap={4}>
      <Select
        label={label}
        data={options}
        value={mode === "preset" ? text : mode === "custom" ? "__custom__" : "__advanced__"}
        onChange={(v) => {
          if (v === "__custom__") {
            setMode("custom");
            onChange(TIME_RANGE_SEPARATOR);
          } else if (v === "__advanced__") {
            setMode("advanced");
            onChange('DATEADD(DATETIME("now"), -7, day) : now');
          } else if (v) onChange(v);
        }}
        allowDeselect={false}
        error={error}
        data-test={testId}
      />
      {mode === "custom" && (
        <Group grow gap="xs">
          <TextInput
            type="date"
            label={t("Start (inclusive)")}
            value={start ?? ""}
            onChange={(e) => onChange(`${e.currentTarget.value}${TIME_RANGE_SEPARATOR}${end ?? ""}`)}
            data-test={`${testId}-start`}
          />
          <TextInput
            type="date"
            label={t("End (exclusive)")}
            value={end ?? ""}
            onChange={(e) => onChange(`${start ?? ""}${TIME_RANGE_SEPARATOR}${e.currentTarget.value}`)}
            data-test={`${testId}-end`}
          />
        </Group>
      )}
      {mode === "advanced" && (
        <TextInput
          label={t("Time range expression")}
          description={t('e.g. 2024-01-01 : 2024-02-01, Last week, DATEADD(DATETIME("now"), -7, day) : now')}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          styles={{ input: { fontFamily: "monospace" } }}
          data-test={`${testId}-advanced`}
        />
      )}
      {mode !== "preset" && (
        <Text size="xs" c="dimmed">
          {text}
        </Text>
      )}
    </Stack>
  );
}
