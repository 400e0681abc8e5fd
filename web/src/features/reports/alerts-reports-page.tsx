import { Anchor, Button, Tabs, Text } from "@mantine/core";
import { REPORT_STATES, type ReportRow, type ReportType } from "@strata/contracts";
import { IconList, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ownersColumn, recencySortOptions, rowActionsColumn } from "../../components/list-columns";
import { type ListColumn, type ListFilterConfig, ListView } from "../../components/list-view";
import { PageHeader } from "../../components/page-header";
import { REPORTS } from "../../components/reports";
import { useDeleteFlow } from "../../components/use-delete-flow";
import { paths } from "../../config/paths";
import { localizeHumanized, t } from "../../lib/i18n";
import { useResourcePermissions } from "../../lib/resource/resource-info";
import { optionsLoader } from "../../lib/resource/resource-options";
import { AlertModal } from "./alert-modal";
import { ActiveToggle, NotificationMethods, StateIcon } from "./report-columns";

const filters: ListFilterConfig[] = [
  {
    id: "owners",
    title: t("Owner"),
    input: "select",
    operator: "rel_m_m",
    fetchOptions: optionsLoader("related", REPORTS, "owners"),
  },
  {
    id: "created_by",
    title: t("Created by"),
    input: "select",
    operator: "rel_o_m",
    fetchOptions: optionsLoader("related", REPORTS, "created_by"),
  },
  {
    id: "last_state",
    title: t("Status"),
    input: "select",
    operator: "eq",
    options: REPORT_STATES.map((s) => ({ label: t(s), value: s })),
  },
  { id: "name", title: t("Search"), input: "search", operator: "report_all_text" },
];

const userName = (u: { first_name: string; last_name: string } | null) =>
  u ? `${u.first_name} ${u.last_name}` : "";

export const logPath = (type: ReportType, id: number) =>
  type === "Alert" ? paths.alertLog(id) : paths.reportLog(id);

/** `/alert/list/` and `/report/list/`: Settings → Alerts & reports, a tab each. */
export default function AlertsReportsPage({ type }: { type: ReportType }) {
  const perms = useResourcePermissions(REPORTS);
  const navigate = useNavigate();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const isAlert = type === "Alert";
  const noun = isAlert ? "alert" : "report";
  const { askDelete, modal } = useDeleteFlow<ReportRow>({
    resource: REPORTS,
    label: noun,
    nameOf: (r) => r.name,
  });
  const baseFilters = useMemo(() => [{ col: "type", opr: "eq", value: type }], [type]);
  const columns = useMemo<ListColumn<ReportRow>[]>(
    () => [
      {
        id: "last_state",
        header: t("Last run"),
        sortable: true,
        render: (r) => <StateIcon state={r.last_state} at={r.last_eval_dttm} />,
      },
      {
        id: "name",
        header: t("Name"),
        sortable: true,
        render: (r) => (
          <Anchor component={Link} to={logPath(type, r.id)} data-test="report-name-link">
            {r.name}
          </Anchor>
        ),
      },
      {
        id: "crontab_humanized",
        header: t("Schedule"),
        sortable: true,
        render: (r) => (
          <Text size="sm" title={`${r.crontab} (${r.timezone})`}>
            {r.crontab_humanized || r.crontab}
          </Text>
        ),
      },
      { id: "recipients", header: t("Notification method"), render: (r) => <NotificationMethods row={r} /> },
      {
        id: "created_by",
        header: t("Created by"),
        sortable: false,
        render: (r) => userName(r.created_by),
      },
      ownersColumn<ReportRow>(),
      {
        id: "changed_on_delta_humanized",
        header: t("Modified"),
        sortable: true,
        render: (r) => <Text size="sm">{localizeHumanized(r.changed_on_delta_humanized)}</Text>,
      },
      {
        id: "active",
        header: t("Active"),
        sortable: true,
        render: (r) => <ActiveToggle row={r} canWrite={perms.canWrite} />,
      },
      rowActionsColumn<ReportRow>({
        canWrite: perms.canWrite,
        askDelete,
        onEdit: (r) => setEditing(r.id),
        more: (r) => [
          {
            label: t("Execution log"),
            icon: <IconList size={16} />,
            test: "execution-log",
            onClick: () => navigate(logPath(type, r.id)),
          },
        ],
      }),
    ],
    [type, perms.canWrite, askDelete, navigate],
  );
  return (
    <>
      <PageHeader
        title={t("Alerts & reports")}
        actions={
          perms.canWrite && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing("new")}
              data-test="alert-report-add"
            >
              {isAlert ? t("Alert") : t("Report")}
            </Button>
          )
        }
      />
      <Tabs value={type} onChange={(v) => navigate(v === "Alert" ? paths.alerts : paths.reports)} mb="md">
        <Tabs.List>
          <Tabs.Tab value="Alert" data-test="alerts-tab">
            {t("Alerts")}
          </Tabs.Tab>
          <Tabs.Tab value="Report" data-test="reports-tab">
            {t("Reports")}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ListView<ReportRow>
        key={type}
        resource={REPORTS}
        resourceLabel={noun}
        columns={columns}
        filters={filters}
        baseFilters={baseFilters}
        sortOptions={recencySortOptions("name")}
        bulkActions={
          perms.canWrite ? [{ key: "delete", name: t("Delete"), type: "danger", onSelect: askDelete }] : []
        }
      />
      <AlertModal type={type} editing={editing} onClose={() => setEditing(null)} />
      {modal}
    </>
  );
}
