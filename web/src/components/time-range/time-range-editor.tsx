import { Group, NativeSelect, NumberInput, Radio, Stack, Text, TextInput } from "@mantine/core";
import { TIME_RANGE_SEPARATOR } from "@strata/contracts";
import { useState } from "react";
import { t, translatable } from "../../lib/i18n";
import {
  decodeCustom,
  defaultValueFor,
  encodeCustom,
  LAST_OPTIONS,
  lastN,
  PREVIOUS_OPTIONS,
  parseLastN,
  RANGE_TYPES,
  type RangeType,
  rangeTypeOf,
  type Side,
  splitAdvanced,
  UNITS,
  type Unit,
} from "./time-range-model";

const UNIT_LABELS: Record<Unit, string> = {
  second: translatable("Seconds"),
  minute: translatable("Minutes"),
  hour: translatable("Hours"),
  day: translatable("Days"),
  week: translatable("Weeks"),
  month: translatable("Months"),
  quarter: translatable("Quarters"),
  year: translatable("Years"),
};
/** The Last frame's choices read in lower case in the picker, as Superset's ("last week"). */
const LAST_LABELS: Record<string, string> = {
  "Last day": translatable("last day"),
  "Last week": translatable("last week"),
  "Last month": translatable("last month"),
  "Last quarter": translatable("last quarter"),
  "Last year": translatable("last year"),
};
const LAST_N_CHOICE = "__last_n__";

/** A datetime-local input's value from a stored side (date-only values get midnight). */
const toInput = (date: string) => (date.length === 10 ? `${date}T00:00:00` : date);
const fromInput = (value: string) => (value.length === 16 ? `${value}:00` : value);

function SideEditor({
  label,
  side,
  isStart,
  onChange,
  testId,
}: {
  label: string;
  side: Side;
  isStart: boolean;
  onChange: (side: Side) => void;
  testId: string;
}) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Stack gap={4} data-test={testId}>
      <NativeSelect
        label={label}
        value={side.mode}
        data={[
          { value: "specific", label: t("Specific Date/Time") },
          { value: "relative", label: t("Relative Date/Time") },
          { value: "now", label: t("Now") },
          { value: "midnight", label: t("Midnight") },
        ]}
        onChange={(e) => {
          const mode = e.currentTarget.value as Side["mode"];
          if (mode === "specific") onChange({ mode, date: `${today}T00:00:00` });
          else if (mode === "relative") onChange({ mode, amount: 7, unit: "day" });
          else onChange({ mode });
        }}
        data-test={`${testId}-mode`}
      />
      {side.mode === "specific" && (
        <TextInput
          type="datetime-local"
          step={1}
          aria-label={t("%s date", label)}
          value={toInput(side.date)}
          onChange={(e) =>
            e.currentTarget.value && onChange({ ...side, date: fromInput(e.currentTarget.value) })
          }
          data-test={`${testId}-date`}
        />
      )}
      {side.mode === "relative" && (
        <Group gap="xs" grow wrap="nowrap">
          <NumberInput
            aria-label={t("%s amount", label)}
            min={0}
            allowDecimal={false}
            value={side.amount}
            onChange={(n) => onChange({ ...side, amount: Number(n) || 0 })}
            data-test={`${testId}-amount`}
          />
          <NativeSelect
            aria-label={t("%s unit", label)}
            value={side.unit}
            data={UNITS.map((u) => ({
              value: u,
              label: isStart ? t("%s Before", t(UNIT_LABELS[u])) : t("%s After", t(UNIT_LABELS[u])),
            }))}
            onChange={(e) => onChange({ ...side, unit: e.currentTarget.value as Unit })}
            data-test={`${testId}-unit`}
          />
        </Group>
      )}
    </Stack>
  );
}

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The current range resolved by the server: seeds a switch to Custom with its dates. */
  resolved?: { since: string; until: string };
  testId: string;
}

/** The frames of Superset's time range picker: Last, Previous, Custom, Advanced, No filter. */
export function TimeRangeEditor({ value, onChange, resolved, testId }: Props) {
  // The frame is the user's choice once made: typing `today : now` in Advanced stays in Advanced.
  const [type, setType] = useState<RangeType>(() => rangeTypeOf(value));
  const custom = decodeCustom(value);
  const [start, end] = splitAdvanced(value);
  const n = parseLastN(value);
  return (
    <Stack gap="sm">
      <NativeSelect
        label={t("Range type")}
        value={type}
        data={RANGE_TYPES.map((r) => ({ value: r, label: t(r) }))}
        onChange={(e) => {
          const next = e.currentTarget.value as RangeType;
          setType(next);
          onChange(defaultValueFor(next, value, resolved?.since, resolved?.until));
        }}
        data-test={`${testId}-range-type`}
      />
      {type === "Last" && (
        <Radio.Group
          label={t("Configure Time Range: Last...")}
          value={n ? LAST_N_CHOICE : value}
          onChange={(v) => onChange(v === LAST_N_CHOICE ? lastN(3, "month") : v)}
        >
          <Stack gap={6} mt={4}>
            {LAST_OPTIONS.map((o) => (
              <Radio key={o} value={o} label={t(LAST_LABELS[o] ?? o)} />
            ))}
            <Radio value={LAST_N_CHOICE} label={t("last N units")} />
            {n && (
              <Group gap="xs" grow wrap="nowrap">
                <NumberInput
                  aria-label={t("Number of units")}
                  min={1}
                  allowDecimal={false}
                  value={n.amount}
                  onChange={(x) => onChange(lastN(Number(x) || 1, n.unit))}
                  data-test={`${testId}-last-n`}
                />
                <NativeSelect
                  aria-label={t("Unit")}
                  value={n.unit}
                  data={UNITS.map((u) => ({ value: u, label: t(UNIT_LABELS[u]) }))}
                  onChange={(e) => onChange(lastN(n.amount, e.currentTarget.value as Unit))}
                  data-test={`${testId}-last-unit`}
                />
              </Group>
            )}
          </Stack>
        </Radio.Group>
      )}
      {type === "Previous" && (
        <Radio.Group label={t("Configure Time Range: Previous...")} value={value} onChange={onChange}>
          <Stack gap={6} mt={4}>
            {PREVIOUS_OPTIONS.map((o) => (
              <Radio key={o} value={o} label={t(o)} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {type === "Custom" && custom && (
        <Stack gap="xs">
          <SideEditor
            label={t("START (INCLUSIVE)")}
            side={custom[0]}
            isStart
            onChange={(s) => onChange(encodeCustom(s, custom[1]))}
            testId={`${testId}-start`}
          />
          <SideEditor
            label={t("END (EXCLUSIVE)")}
            side={custom[1]}
            isStart={false}
            onChange={(s) => onChange(encodeCustom(custom[0], s))}
            testId={`${testId}-end`}
          />
        </Stack>
      )}
      {type === "Advanced" && (
        <Stack gap="xs">
          <TextInput
            label={t("START (INCLUSIVE)")}
            value={start}
            onChange={(e) => onChange(`${e.currentTarget.value}${TIME_RANGE_SEPARATOR}${end}`)}
            styles={{ input: { fontFamily: "monospace" } }}
            data-test={`${testId}-advanced-start`}
          />
          <TextInput
            label={t("END (EXCLUSIVE)")}
            value={end}
            onChange={(e) => onChange(`${start}${TIME_RANGE_SEPARATOR}${e.currentTarget.value}`)}
            styles={{ input: { fontFamily: "monospace" } }}
            data-test={`${testId}-advanced-end`}
          />
          <Text size="xs" c="dimmed">
            {t('e.g. 2024-01-01, today, now, 7 days ago, DATEADD(DATETIME("today"), -7, day)')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
