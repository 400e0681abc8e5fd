import { Alert, Button, Chip, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { isApiError } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useFormSave } from "../../../lib/use-form-save";
import type { SavedQueryInput } from "../api/create-saved-query";
import { scheduleSavedQuery } from "../api/schedule-saved-query";
import {
  SCHEDULE_PRESETS,
  type ScheduleErrors,
  type ScheduleValues,
  scheduleInfo,
  todayUtc,
  validateSchedule,
} from "./schedule-form";

const blank = (label: string): ScheduleValues => ({
  label,
  description: "",
  interval: "@daily",
  startDate: todayUtc(),
  endDate: "",
  outputTable: "",
});

/** The server's reason for refusing a schedule (`{message: {extra_json: [...]}}`), if it gave one. */
function serverReason(e: unknown): string | null {
  if (!isApiError(e)) return null;
  const fields = Object.values(e.fieldErrors).flat();
  return fields[0] ?? (e.status === 400 || e.status === 422 ? e.message : null);
}

/** The messages that are there (the form's messages are texts by field). */
function present(errors: ScheduleErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Schedules the tab's query: stored as a saved query whose extra_json carries schedule_info. */
export function ScheduleQueryModal({
  opened,
  onClose,
  defaultLabel,
  query,
  onScheduled,
}: {
  opened: boolean;
  onClose: () => void;
  defaultLabel: string;
  query: Omit<SavedQueryInput, "label" | "description">;
  onScheduled?: (id: number) => void;
}) {
  const [values, setValues] = useState(() => blank(defaultLabel));
  // The server's reason shows above the buttons (a field message of the server included).
  const form = useFormSave({
    fieldMessages: false,
    onFailure: () => toast.danger(t("Your query could not be scheduled")),
  });
  const { busy, setErrors, reset } = form;
  const errors: ScheduleErrors = form.errors;
  const reason = form.failure == null ? null : serverReason(form.failure);
  useEffect(() => {
    if (opened) {
      setValues(blank(defaultLabel));
      reset();
    }
  }, [opened, defaultLabel, reset]);

  const set = (field: keyof ScheduleValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Once shown, a field's message follows its value.
    if (errors[field]) setErrors(present(validateSchedule({ ...values, [field]: value })));
  };
  const input = (field: keyof ScheduleValues) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field)(e.currentTarget.value),
    error: errors[field],
  });

  const submit = async () => {
    form.dismiss();
    const scheduled = await form.save(present(validateSchedule(values)), async () => {
      const res = await scheduleSavedQuery(
        { ...query, label: values.label.trim(), description: values.description },
        scheduleInfo(values),
      );
      toast.success(t("The query was scheduled; find it under Saved queries"));
      onScheduled?.(res.id);
    });
    if (scheduled) onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("Schedule query")} data-test="schedule-modal">
      <Stack gap="sm">
        <TextInput label={t("Name")} required {...input("label")} data-test="schedule-label" />
        <Textarea
          label={t("Description")}
          autosize
          minRows={2}
          {...input("description")}
          data-test="schedule-description"
        />
        <TextInput
          label={t("Schedule interval")}
          description={t(
            "Cron in UTC (minute hour day month weekday) or @hourly, @daily, @weekly, @monthly, @yearly",
          )}
          required
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          {...input("interval")}
          data-test="schedule-interval"
        />
        <Chip.Group
          value={values.interval.trim()}
          onChange={(v) => typeof v === "string" && set("interval")(v)}
        >
          <Group gap={6} data-test="schedule-presets">
            {SCHEDULE_PRESETS.map((p) => (
              <Chip key={p.value} value={p.value} size="xs">
                {p.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t("Start date (UTC)")}
            required
            {...input("startDate")}
            data-test="schedule-start-date"
          />
          <TextInput
            type="date"
            label={t("End date (UTC)")}
            {...input("endDate")}
            data-test="schedule-end-date"
          />
        </Group>
        <TextInput
          label={t("Output table")}
          description={t("Optional: a table that receives the rows of each run")}
          {...input("outputTable")}
          data-test="schedule-output-table"
        />
        {reason && (
          <Alert color="red" data-test="schedule-error">
            {reason}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button loading={busy} onClick={() => void submit()} data-test="schedule-submit">
            {t("Schedule")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
