import { Alert, Button, Group, Input, Popover, Stack, Text } from "@mantine/core";
import { NO_TIME_RANGE } from "@strata/contracts";
import { IconCalendar } from "@tabler/icons-react";
import { useState } from "react";
import { t } from "../../lib/i18n";
import { useTimeRange } from "../../lib/time-range";
import { TimeRangeEditor } from "./time-range-editor";
import { formatResolved } from "./time-range-model";

/** The server's reading of a time range: resolved dates, or its error message. */
export function ResolvedRange({
  value,
  column,
  testId,
}: {
  value: string;
  column?: string | null;
  testId: string;
}) {
  const { data, error, isLoading } = useTimeRange(value);
  if (error) {
    return (
      <Alert color="red" p={6} data-test={`${testId}-error`}>
        <Text size="xs">{error.message}</Text>
      </Alert>
    );
  }
  if (!data || isLoading)
    return (
      <Text size="xs" c="dimmed">
        {t("Evaluating…")}
      </Text>
    );
  return (
    <Text size="xs" c="dimmed" data-test={`${testId}-resolved`}>
      {formatResolved(data.since, data.until, column || "col")}
    </Text>
  );
}

interface Props {
  label?: React.ReactNode;
  value: unknown;
  onChange: (value: string) => void;
  /** The time column the range applies to, shown in the resolved range. */
  column?: string | null;
  error?: React.ReactNode;
  testId: string;
}

/**
 * Superset's time range picker: the current range and its resolved dates; clicking opens the
 * frames (Last, Previous, Custom, Advanced, No filter) on a draft, applied with Apply only once
 * the server can evaluate it.
 */
export function TimeRangePicker({ label, value, onChange, column, error, testId }: Props) {
  const current = typeof value === "string" && value.trim() ? value : NO_TIME_RANGE;
  const [draft, setDraft] = useState<string | null>(null);
  const opened = draft !== null;
  const evaluated = useTimeRange(draft);
  const draftOk = Boolean(evaluated.data) && !evaluated.error && !evaluated.isLoading;
  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap={2}>
        <Popover
          opened={opened}
          onChange={(o) => !o && setDraft(null)}
          position="bottom-start"
          width={340}
          shadow="md"
          trapFocus
          withinPortal
          zIndex={400}
        >
          <Popover.Target>
            <Button
              variant="default"
              justify="flex-start"
              fullWidth
              leftSection={<IconCalendar size={14} />}
              onClick={() => setDraft(opened ? null : current)}
              data-test={testId}
            >
              {t(current)}
            </Button>
          </Popover.Target>
          <Popover.Dropdown data-test={`${testId}-popover`}>
            {draft !== null && (
              <Stack gap="sm">
                <TimeRangeEditor
                  value={draft}
                  onChange={setDraft}
                  resolved={evaluated.error ? undefined : evaluated.data}
                  testId={testId}
                />
                <Stack gap={2}>
                  <Text size="xs" fw={600} tt="uppercase">
                    {t("Actual time range")}
                  </Text>
                  <ResolvedRange value={draft} column={column} testId={`${testId}-draft`} />
                </Stack>
                <Group justify="flex-end" gap="xs">
                  <Button variant="default" size="xs" onClick={() => setDraft(null)}>
                    {t("Cancel")}
                  </Button>
                  <Button
                    size="xs"
                    disabled={!draftOk}
                    onClick={() => {
                      onChange(draft.trim() ? draft : NO_TIME_RANGE);
                      setDraft(null);
                    }}
                    data-test={`${testId}-apply`}
                  >
                    {t("Apply")}
                  </Button>
                </Group>
              </Stack>
            )}
          </Popover.Dropdown>
        </Popover>
        <ResolvedRange value={current} column={column} testId={testId} />
      </Stack>
    </Input.Wrapper>
  );
}
