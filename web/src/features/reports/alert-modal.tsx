import { Button, Divider, Group, Modal, Stack, Switch, Textarea, TextInput, Title } from "@mantine/core";
import type { ReportType } from "@strata/contracts";
import { useState } from "react";
import { ApiErrorDisplay } from "../../components/error-display";
import { RelatedMultiSelect } from "../../components/related-multi-select";
import {
  createReport,
  REPORTS,
  SchedulePicker,
  TimezoneSelect,
  UnshownErrors,
  updateReport,
  useNotificationMethods,
  useReportDetail,
} from "../../components/reports";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { type AlertFormValues, bodyOf, emptyValues, localProblems, valuesOf } from "./alert-form-model";
import { AlertConditionSection, ContentSection, LimitsSection, RecipientsSection } from "./alert-sections";

interface Props {
  type: ReportType;
  /** The id to edit, "new" to add one, null when closed. */
  editing: number | "new" | null;
  onClose: () => void;
}

/** Superset's "Add alert" / "Edit report" modal of the Alerts & reports page. */
export function AlertModal({ type, editing, onClose }: Props) {
  const detail = useReportDetail(typeof editing === "number" ? editing : null);
  const isAlert = type === "Alert";
  const title =
    editing === "new"
      ? isAlert
        ? t("Add alert")
        : t("Add report")
      : isAlert
        ? t("Edit alert")
        : t("Edit report");
  const ready = editing === "new" || !!detail.data;
  return (
    <Modal
      opened={editing !== null && ready}
      onClose={onClose}
      size="xl"
      title={title}
      data-test="alert-modal"
    >
      {editing !== null && ready && (
        <AlertForm
          key={editing}
          type={type}
          id={typeof editing === "number" ? editing : null}
          initial={editing === "new" || !detail.data ? emptyValues() : valuesOf(detail.data)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

const SHOWN = [
  "name",
  "description",
  "owners",
  "database",
  "sql",
  "validator_type",
  "validator_config_json",
  "chart",
  "dashboard",
  "report_format",
  "crontab",
  "timezone",
  "log_retention",
  "working_timeout",
  "grace_period",
  "recipients",
  "slack",
];

interface FormProps {
  type: ReportType;
  id: number | null;
  initial: AlertFormValues;
  onClose: () => void;
}

function AlertForm({ type, id, initial, onClose }: FormProps) {
  const [values, setValues] = useState(initial);
  const set = (patch: Partial<AlertFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const { busy, errors, failure, save } = useFormSave();
  const isAlert = type === "Alert";
  const section = { values, set, errors };
  const methods = useNotificationMethods();
  const slack = methods?.methods.includes("Slack") ? { botToken: methods.slack.bot_token } : undefined;

  const submit = async () => {
    const body = bodyOf(values, type, id === null);
    const ok = await save(localProblems(values, type, slack), () =>
      id ? updateReport(id, body) : createReport(body),
    );
    if (!ok) return;
    toast.success(id ? t("%s updated", body.name) : t("%s created", body.name));
    await revalidateResource(REPORTS);
    onClose();
  };

  return (
    <Stack>
      <Title order={5}>{t("General information")}</Title>
      <Group grow align="flex-start">
        <TextInput
          label={isAlert ? t("Alert name") : t("Report name")}
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          data-test="alert-name"
        />
        <RelatedMultiSelect
          resource={REPORTS}
          column="owners"
          label={t("Owners")}
          value={values.owners}
          onChange={(owners) => set({ owners })}
          data-test="alert-owners"
        />
      </Group>
      <Textarea
        label={t("Description")}
        autosize
        minRows={2}
        value={values.description}
        error={errors.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
        data-test="alert-description"
      />
      <Switch
        label={t("Active")}
        checked={values.active}
        onChange={(e) => set({ active: e.currentTarget.checked })}
        data-test="alert-active"
      />
      {isAlert && (
        <>
          <Divider />
          <Title order={5}>{t("Alert condition")}</Title>
          <AlertConditionSection {...section} />
        </>
      )}
      <Divider />
      <Title order={5}>{isAlert ? t("Alert contents") : t("Report contents")}</Title>
      <ContentSection {...section} />
      <Divider />
      <Title order={5}>{t("Schedule")}</Title>
      <SchedulePicker
        value={values.crontab}
        onChange={(crontab) => set({ crontab })}
        error={errors.crontab}
      />
      <TimezoneSelect
        value={values.timezone}
        onChange={(timezone) => set({ timezone })}
        error={errors.timezone}
      />
      <LimitsSection {...section} isAlert={isAlert} />
      <Divider />
      <Title order={5}>{t("Notification method")}</Title>
      <RecipientsSection {...section} />
      <UnshownErrors errors={errors} shown={SHOWN} />
      {failure !== null && <ApiErrorDisplay error={failure} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} loading={busy} data-test="alert-save">
          {id ? t("Save") : t("Add")}
        </Button>
      </Group>
    </Stack>
  );
}
