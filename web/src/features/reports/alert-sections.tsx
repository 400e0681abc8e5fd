import {
  Box,
  Group,
  Input,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
} from "@mantine/core";
import { type ReportFormat, VALIDATOR_OPERATORS } from "@strata/contracts";
import {
  CHART_FORMATS,
  DASHBOARD_FORMATS,
  DashboardTabSelect,
  emailsProblem,
  SlackRecipientInput,
} from "../../components/reports";
import { t } from "../../lib/i18n";
import { lazyComponent } from "../../lib/lazy-part";
import type { AlertFormValues, Condition } from "./alert-form-model";
import { RelatedSelect } from "./related-select";

const AlertSqlEditor = lazyComponent(() => import("./alert-sql-editor"), <Loader size="sm" m="sm" />);

export interface SectionProps {
  values: AlertFormValues;
  set: (patch: Partial<AlertFormValues>) => void;
  errors: Record<string, string>;
}

const CONDITIONS: { value: Condition; label: string }[] = [
  { value: "not null", label: t("not null") },
  ...VALIDATOR_OPERATORS.map((op) => ({ value: op, label: op })),
];

/** Database, SQL and the condition that triggers the alert. */
export function AlertConditionSection({ values, set, errors }: SectionProps) {
  return (
    <Stack gap="sm">
      <RelatedSelect
        column="database"
        label={t("Database")}
        required
        value={values.database}
        onChange={(database) => set({ database })}
        error={errors.database}
        data-test="alert-database"
      />
      <Input.Wrapper label={t("SQL Query")} required error={errors.sql}>
        <Box
          data-test="alert-sql"
          style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 4 }}
        >
          <AlertSqlEditor value={values.sql} onChange={(sql) => set({ sql })} />
        </Box>
      </Input.Wrapper>
      <Group grow align="flex-start">
        <Select
          label={t("Trigger alert if...")}
          data={CONDITIONS}
          value={values.condition}
          allowDeselect={false}
          onChange={(c) => c && set({ condition: c as Condition })}
          error={errors.validator_type}
          data-test="alert-condition"
          comboboxProps={{ withinPortal: false }}
        />
        <NumberInput
          label={t("Value")}
          disabled={values.condition === "not null"}
          value={values.threshold}
          onChange={(n) => set({ threshold: typeof n === "number" ? n : n === "" ? "" : Number(n) })}
          error={errors.validator_config_json}
          data-test="alert-threshold"
        />
      </Group>
    </Stack>
  );
}

/** What the message carries: a chart or a dashboard, and in which format. */
export function ContentSection({ values, set, errors }: SectionProps) {
  const formats = values.contentKind === "chart" ? CHART_FORMATS : DASHBOARD_FORMATS;
  return (
    <Stack gap="sm">
      <SegmentedControl
        data={[
          { value: "chart", label: t("Chart") },
          { value: "dashboard", label: t("Dashboard") },
        ]}
        value={values.contentKind}
        onChange={(k) => {
          const kind = k as "chart" | "dashboard";
          const allowed = (kind === "chart" ? CHART_FORMATS : DASHBOARD_FORMATS).map((f) => f.value);
          set({ contentKind: kind, format: allowed.includes(values.format) ? values.format : "PNG" });
        }}
        data-test="alert-content-kind"
      />
      {values.contentKind === "chart" ? (
        <RelatedSelect
          column="chart"
          label={t("Select chart")}
          value={values.chart}
          onChange={(chart) => set({ chart })}
          error={errors.chart}
          data-test="alert-chart"
        />
      ) : (
        <>
          <RelatedSelect
            column="dashboard"
            label={t("Select dashboard")}
            value={values.dashboard}
            // Tab ids belong to one dashboard's layout: another dashboard starts from its first tabs.
            onChange={(dashboard) =>
              set({ dashboard, ...(dashboard?.value !== values.dashboard?.value ? { anchor: null } : {}) })
            }
            error={errors.dashboard}
            data-test="alert-dashboard"
          />
          {values.dashboard && (
            <DashboardTabSelect
              dashboardId={values.dashboard.value}
              value={values.anchor}
              onChange={(anchor) => set({ anchor })}
              data-test="alert-dashboard-tab"
            />
          )}
        </>
      )}
      <Select
        label={t("Content format")}
        data={formats.map((f) => ({ value: f.value, label: t(f.label) }))}
        value={values.format}
        allowDeselect={false}
        onChange={(f) => f && set({ format: f as ReportFormat })}
        error={errors.report_format}
        data-test="alert-format"
        comboboxProps={{ withinPortal: false }}
      />
    </Stack>
  );
}

const RETENTION = [1, 7, 14, 30, 60, 90].map((d) => ({
  value: String(d),
  label: d === 1 ? t("1 day") : t("%s days", d),
}));

/** How long logs stay, how long a run may take, and how long a fired alert stays quiet. */
export function LimitsSection({ values, set, errors, isAlert }: SectionProps & { isAlert: boolean }) {
  const retention = RETENTION.some((r) => r.value === String(values.logRetention))
    ? RETENTION
    : [...RETENTION, { value: String(values.logRetention), label: t("%s days", values.logRetention) }];
  return (
    <Group grow align="flex-start">
      <Select
        label={t("Log retention")}
        data={retention}
        value={String(values.logRetention)}
        allowDeselect={false}
        onChange={(d) => d && set({ logRetention: Number(d) })}
        error={errors.log_retention}
        data-test="alert-log-retention"
        comboboxProps={{ withinPortal: false }}
      />
      <NumberInput
        label={t("Working timeout (seconds)")}
        min={1}
        value={values.workingTimeout}
        onChange={(n) => set({ workingTimeout: Number(n) || 1 })}
        error={errors.working_timeout}
        data-test="alert-working-timeout"
      />
      {isAlert && (
        <NumberInput
          label={t("Grace period (seconds)")}
          min={1}
          value={values.gracePeriod}
          onChange={(n) => set({ gracePeriod: Number(n) || 1 })}
          error={errors.grace_period}
          data-test="alert-grace-period"
        />
      )}
    </Group>
  );
}

/** Where it goes: email addresses, Slack (when the server offers it) and a webhook URL. */
export function RecipientsSection({ values, set, errors }: SectionProps) {
  const emailProblem = values.emails.trim() ? emailsProblem(values.emails, false) : undefined;
  return (
    <Stack gap="sm">
      <TextInput
        label={t("Email recipients")}
        description={t("Comma-separated email addresses")}
        value={values.emails}
        onChange={(e) => set({ emails: e.currentTarget.value })}
        error={errors.recipients ?? emailProblem}
        data-test="alert-recipients-email"
      />
      <SlackRecipientInput
        value={values.slack}
        onChange={(slack) => set({ slack })}
        error={errors.slack}
        data-test="alert-recipients-slack"
      />
      <TextInput
        label={t("Webhook URL")}
        placeholder="https://"
        value={values.webhook}
        onChange={(e) => set({ webhook: e.currentTarget.value })}
        data-test="alert-recipients-webhook"
      />
    </Stack>
  );
}
