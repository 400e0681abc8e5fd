import { Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { t } from "../../lib/i18n";
import { parseCrontab, type Schedule, type SchedulePreset, toCrontab, WEEKDAYS } from "./schedule";

interface Props {
  /** The crontab ("0 9 * * *"). */
  value: string;
  onChange: (crontab: string) => void;
  /** The server's message about the crontab, if it refused it. */
  error?: string;
}

const PRESETS: { value: SchedulePreset; label: string }[] = [
  { value: "hour", label: t("Every hour") },
  { value: "day", label: t("Every day") },
  { value: "week", label: t("Every week") },
  { value: "month", label: t("Every month") },
  { value: "custom", label: t("Custom (crontab)") },
];

/** Every hour / day / week / month at a time, or a free crontab: the schedule of an alert or report. */
export function SchedulePicker({ value, onChange, error }: Props) {
  const s = parseCrontab(value);
  // A crontab typed by hand stays in the custom field even when it happens to match a preset.
  const set = (next: Partial<Schedule>) => onChange(toCrontab({ ...s, ...next }));
  const preset = s.preset;
  return (
    <Stack gap={6} data-test="schedule-picker">
      <Text size="sm" fw={500}>
        {t("Schedule")}
      </Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          aria-label={t("Repeat")}
          data={PRESETS}
          value={preset}
          allowDeselect={false}
          w={170}
          onChange={(p) => {
            if (!p) return;
            if (p === "custom") onChange(value.trim() || "0 9 * * *");
            else set({ preset: p as SchedulePreset });
          }}
          data-test="schedule-preset"
          comboboxProps={{ withinPortal: false }}
        />
        {preset === "week" && (
          <Select
            aria-label={t("Day of the week")}
            data={WEEKDAYS.map((d, i) => ({ value: String(i), label: t(d) }))}
            value={String(s.weekday)}
            allowDeselect={false}
            w={140}
            onChange={(d) => d && set({ weekday: Number(d) })}
            data-test="schedule-weekday"
            comboboxProps={{ withinPortal: false }}
          />
        )}
        {preset === "month" && (
          <Select
            aria-label={t("Day of the month")}
            data={Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
            value={String(s.monthDay)}
            allowDeselect={false}
            w={90}
            onChange={(d) => d && set({ monthDay: Number(d) })}
            data-test="schedule-month-day"
            comboboxProps={{ withinPortal: false }}
          />
        )}
        {preset === "hour" && (
          <TextInput
            aria-label={t("Minute past the hour")}
            type="number"
            min={0}
            max={59}
            w={110}
            leftSection={<Text size="xs">:</Text>}
            value={Number(s.time.split(":")[1])}
            onChange={(e) => {
              const m = Math.min(59, Math.max(0, Number.parseInt(e.currentTarget.value, 10) || 0));
              set({ time: `00:${String(m).padStart(2, "0")}` });
            }}
            data-test="schedule-minute"
          />
        )}
        {(preset === "day" || preset === "week" || preset === "month") && (
          <TextInput
            aria-label={t("At")}
            type="time"
            // Room for Chromium's "09:00 AM" and its clock button: at 120 px it read "09:00 A".
            w={150}
            value={s.time}
            onChange={(e) => e.currentTarget.value && set({ time: e.currentTarget.value })}
            data-test="schedule-time"
          />
        )}
      </Group>
      <TextInput
        label={t("Crontab")}
        description={t("minute hour day-of-month month day-of-week")}
        ff="monospace"
        value={value}
        error={error}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-test="schedule-crontab"
      />
    </Stack>
  );
}
