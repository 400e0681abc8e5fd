import { Anchor, Group, Stack, Text } from "@mantine/core";
import type { ReportLogRow, ReportType } from "@strata/contracts";
import { IconArrowLeft } from "@tabler/icons-react";
import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { type ListColumn, ListView } from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { useReportDetail } from "../../components/reports";
import { paths } from "../../config/paths";
import { formatDateTime, t } from "../../lib/i18n";
import { reportLogResource } from "./api/report-log";
import { StateIcon } from "./report-columns";

const when = (iso: string | null) => (iso ? formatDateTime(iso) : "");

/** "1.2s", "3m 4s": how long a run took. */
export function duration(start: string | null, end: string | null): string {
  if (!start || !end) return "";
  const ms = new Date(end).getTime() - new Date(start).getTime();
  if (!Number.isFinite(ms) || ms < 0) return "";
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${s % 60}s`;
}

const columns: ListColumn<ReportLogRow>[] = [
  {
    id: "state",
    header: t("State"),
    sortable: true,
    render: (l) => (
      <Group gap={6} wrap="nowrap">
        <StateIcon state={l.state} />
        <Text size="sm">{t(l.state)}</Text>
      </Group>
    ),
  },
  { id: "scheduled_dttm", header: t("Scheduled at"), sortable: true, render: (l) => when(l.scheduled_dttm) },
  { id: "start_dttm", header: t("Start at"), sortable: true, render: (l) => when(l.start_dttm) },
  { id: "duration", header: t("Duration"), render: (l) => duration(l.start_dttm, l.end_dttm) },
  {
    id: "value",
    header: t("Value"),
    sortable: true,
    render: (l) => (l.value === null ? "" : String(l.value)),
  },
  {
    id: "error_message",
    header: t("Error message"),
    sortable: true,
    render: (l) => (
      <Text size="sm" c="red" style={{ whiteSpace: "pre-wrap" }} maw={480}>
        {l.error_message}
      </Text>
    ),
  },
];

/** `/alert/{id}/log/` and `/report/{id}/log/`: each run of one schedule, newest first. */
export default function ExecutionLogPage({ type }: { type: ReportType }) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: report } = useReportDetail(valid ? id : null);
  const back = type === "Alert" ? paths.alerts : paths.reports;
  const resource = useMemo(() => reportLogResource(id), [id]);
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={back} size="sm" data-test="execution-log-back">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {type === "Alert" ? t("Back to all alerts") : t("Back to all reports")}
        </Group>
      </Anchor>
      <PageHeader title={report ? t("%s: execution log", report.name) : t("Execution log")} />
      {valid && (
        <ListView<ReportLogRow>
          resource={resource}
          resourceLabel="log"
          columns={columns}
          defaultSort={{ id: "start_dttm", desc: true }}
        />
      )}
    </Stack>
  );
}
