import { Stack, Text } from "@mantine/core";
import type { SavedQueryRow, ScheduleInfo } from "@strata/contracts";
import { formatDateTime, t } from "../../lib/i18n";

/** A saved query row as the Schedule column reads it: only the interval is sure to be there. */
export type ScheduledQueryRow = Omit<SavedQueryRow, "schedule_info"> & {
  schedule_info?: (Pick<ScheduleInfo, "schedule_interval"> & Partial<ScheduleInfo>) | null;
};

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDateTime(d);
}

/** The Schedule column: interval and next run, or a dash when not scheduled. */
export function ScheduleCell({ row }: { row: ScheduledQueryRow }) {
  const info = row.schedule_info;
  if (!info?.schedule_interval)
    return (
      <Text size="sm" c="dimmed">
        -
      </Text>
    );
  return (
    <Stack gap={0} data-test="saved-query-schedule">
      <Text size="sm" ff="monospace">
        {info.schedule_interval}
      </Text>
      <Text size="xs" c="dimmed" data-test="saved-query-next-run">
        {row.next_run ? t("Next run: %s", when(row.next_run)) : t("No further runs")}
      </Text>
    </Stack>
  );
}
