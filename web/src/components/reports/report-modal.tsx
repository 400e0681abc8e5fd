import { Button, Group, Modal, Radio, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import type { ReportDetail, ReportFormat, ReportPost } from "@strata/contracts";
import { useState } from "react";
import { t } from "../../lib/i18n";
import { revalidateResource } from "../../lib/resource/resource-write";
import { toast } from "../../lib/toast";
import { useFormSave } from "../../lib/use-form-save";
import { ApiErrorDisplay } from "../error-display";
import { reportAnchor, withAnchor } from "./dashboard-anchor";
import { DashboardTabSelect } from "./dashboard-tab-select";
import {
  emailRecipients,
  emailsProblem,
  otherRecipients,
  recipientTarget,
  slackProblem,
  slackRecipients,
  slackTarget,
} from "./recipients";
import { CHART_FORMATS, createReport, DASHBOARD_FORMATS, REPORTS, updateReport } from "./report-api";
import { SchedulePicker } from "./schedule-picker";
import { SlackRecipientInput } from "./slack-recipient-input";
import { browserTimeZone, TimezoneSelect } from "./timezone-select";
import { UnshownErrors } from "./unshown-errors";
import type { ReportTarget } from "./use-my-reports";
import { useNotificationMethods } from "./use-notification-methods";

interface Props {
  opened: boolean;
  target: ReportTarget;
  /** The report to edit; null to set up a new one. */
  report: ReportDetail | null;
  onClose: () => void;
}

/** Superset's "Schedule a new email report" / "Edit email report" of a chart or dashboard. */
export function ReportModal({ opened, target, report, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={report ? t("Edit email report") : t("Schedule a new email report")}
      data-test="report-modal"
    >
      {opened && <ReportForm key={report?.id ?? "new"} target={target} report={report} onClose={onClose} />}
    </Modal>
  );
}

const SHOWN = ["name", "description", "crontab", "timezone", "report_format", "recipients", "active"];

function ReportForm({ target, report, onClose }: Omit<Props, "opened">) {
  const formats = target.kind === "chart" ? CHART_FORMATS : DASHBOARD_FORMATS;
  const [name, setName] = useState(report?.name ?? t("%s report", target.name));
  const [description, setDescription] = useState(report?.description ?? "");
  const [crontab, setCrontab] = useState(report?.crontab ?? "0 9 * * *");
  const [timezone, setTimezone] = useState(report?.timezone ?? browserTimeZone());
  const [format, setFormat] = useState<ReportFormat>(report?.report_format ?? "PNG");
  const [emails, setEmails] = useState(recipientTarget(report, "Email"));
  const [active, setActive] = useState(report?.active ?? true);
  const [anchor, setAnchor] = useState(reportAnchor(report?.extra));
  const [emailsTouched, setEmailsTouched] = useState(false);
  const [slack, setSlack] = useState(slackTarget(report));
  const methods = useNotificationMethods();
  const withSlack = !!methods?.methods.includes("Slack");
  // Recipients this form has no field for are sent back as they are (see otherRecipients); they
  // count as somewhere the report goes.
  const kept = otherRecipients(report, withSlack ? ["Email", "Slack", "SlackV2"] : ["Email"]);
  const emailRequired = !withSlack && kept.length === 0;
  const { busy, errors, failure, save } = useFormSave();

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t("Name is required.");
    if (!crontab.trim()) found.crontab = t("A schedule is required.");
    // Email or Slack (or a kept recipient): a report goes somewhere.
    const slackText = withSlack ? slack : "";
    const bad =
      withSlack && !emails.trim() && !slackText.trim() && kept.length === 0
        ? t("Add an email address or a Slack recipient.")
        : (emailsProblem(emails, emailRequired) ?? slackProblem(slackText, !!methods?.slack.bot_token));
    if (bad) found.recipients = bad;
    const body: ReportPost = {
      type: "Report",
      name: name.trim(),
      description: description.trim() || null,
      crontab: crontab.trim(),
      timezone,
      report_format: format,
      recipients: [...emailRecipients(emails), ...slackRecipients(slackText), ...kept],
      active,
      ...(target.kind === "chart"
        ? { chart: target.id }
        : { dashboard: target.id, extra: withAnchor(report?.extra, anchor) }),
      ...(report ? {} : { creation_method: target.kind === "chart" ? "charts" : "dashboards" }),
    };
    const ok = await save(found, () => (report ? updateReport(report.id, body) : createReport(body)));
    if (!ok) return;
    toast.success(report ? t("Report updated") : t("Report %s created", body.name));
    await revalidateResource(REPORTS);
    onClose();
  };

  return (
    <Stack>
      <TextInput
        label={t("Report name")}
        required
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-test="report-name"
      />
      <Textarea
        label={t("Description")}
        autosize
        minRows={2}
        value={description}
        error={errors.description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        data-test="report-description"
      />
      <SchedulePicker value={crontab} onChange={setCrontab} error={errors.crontab} />
      <TimezoneSelect value={timezone} onChange={setTimezone} error={errors.timezone} />
      <Radio.Group
        label={t("Message content")}
        value={format}
        onChange={(f) => setFormat(f as ReportFormat)}
        error={errors.report_format}
        data-test="report-format"
      >
        <Stack gap={6} mt={4}>
          {formats.map((f) => (
            <Radio key={f.value} value={f.value} label={t(f.label)} data-test={`report-format-${f.value}`} />
          ))}
        </Stack>
      </Radio.Group>
      {target.kind === "dashboard" && (
        <DashboardTabSelect
          dashboardId={target.id}
          value={anchor}
          onChange={setAnchor}
          data-test="report-dashboard-tab"
        />
      )}
      <TextInput
        label={t("Email recipients")}
        description={t("Comma-separated email addresses")}
        required={emailRequired}
        value={emails}
        error={errors.recipients ?? (emailsTouched ? emailsProblem(emails, false) : undefined)}
        onChange={(e) => setEmails(e.currentTarget.value)}
        onBlur={() => setEmailsTouched(true)}
        data-test="report-recipients"
      />
      <SlackRecipientInput value={slack} onChange={setSlack} data-test="report-recipients-slack" />
      <Switch
        label={t("Active")}
        checked={active}
        onChange={(e) => setActive(e.currentTarget.checked)}
        data-test="report-active"
      />
      <UnshownErrors errors={errors} shown={SHOWN} />
      {failure !== null && <ApiErrorDisplay error={failure} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("Cancel")}
        </Button>
        <Button onClick={submit} loading={busy} data-test="report-save">
          {report ? t("Save") : t("Add")}
        </Button>
      </Group>
    </Stack>
  );
}
