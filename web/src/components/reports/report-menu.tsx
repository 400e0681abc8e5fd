import { Menu } from "@mantine/core";
import {
  IconCalendarPlus,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../../lib/api-error";
import { useOptionalCurrentUser } from "../../lib/auth/current-user";
import { t } from "../../lib/i18n";
import { deleteResource, revalidateResource } from "../../lib/resource/resource-write";
import { toast } from "../../lib/toast";
import { DeleteConfirmModal } from "../delete-confirm-modal";
import { REPORTS, setReportActive } from "./report-api";
import { ReportModal } from "./report-modal";
import { type ReportTarget, useMyReport } from "./use-my-reports";
import { useReportDetail } from "./use-report-detail";

export interface ReportMenu {
  /** Menu items to place inside a chart's or dashboard's `Menu.Dropdown` (nothing without the right). */
  items: ReactNode;
  /** The modals they open: render them outside the menu, which unmounts its dropdown when it closes. */
  modals: ReactNode;
}

/**
 * Superset's header report menu: "Set up an email report" when the current user has none on this
 * chart or dashboard, else "Manage email report" with active, edit and delete. Null target: a
 * chart not saved yet, which cannot have reports.
 */
export function useReportMenu(target: ReportTarget | null): ReportMenu {
  const user = useOptionalCurrentUser();
  const allowed = !!user?.can("can_write", "ReportSchedule");
  const { report } = useMyReport(target, allowed);
  const [mode, setMode] = useState<"new" | "edit" | "delete" | null>(null);
  const detail = useReportDetail(mode === "edit" && report ? report.id : null);

  if (!target || !allowed) return { items: null, modals: null };

  const toggleActive = async () => {
    if (!report) return;
    try {
      await setReportActive(report.id, !report.active);
    } catch (err) {
      toast.danger(t("Could not change the report: %s", errorMessage(err)));
    }
  };
  const remove = async () => {
    if (!report) return;
    try {
      await deleteResource(REPORTS, report.id);
      toast.success(t("Deleted: %s", report.name));
    } catch (err) {
      toast.danger(t("There was an issue deleting %s: %s", report.name, errorMessage(err)));
    } finally {
      await revalidateResource(REPORTS);
    }
  };

  const items = report ? (
    <>
      <Menu.Divider />
      <Menu.Label>{t("Manage email report")}</Menu.Label>
      <Menu.Item
        leftSection={report.active ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
        onClick={() => void toggleActive()}
        data-test="report-menu-toggle-active"
      >
        {report.active ? t("Pause email report") : t("Resume email report")}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconPencil size={14} />}
        onClick={() => setMode("edit")}
        data-test="report-menu-edit"
      >
        {t("Edit email report")}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconTrash size={14} />}
        color="red"
        onClick={() => setMode("delete")}
        data-test="report-menu-delete"
      >
        {t("Delete email report")}
      </Menu.Item>
    </>
  ) : (
    <>
      <Menu.Divider />
      <Menu.Item
        leftSection={<IconCalendarPlus size={14} />}
        onClick={() => setMode("new")}
        data-test="report-menu-set-up"
      >
        {t("Set up an email report")}
      </Menu.Item>
    </>
  );

  const close = () => setMode(null);
  const modals = (
    <>
      <ReportModal
        opened={mode === "new" || (mode === "edit" && !!detail.data)}
        target={target}
        report={mode === "edit" ? (detail.data ?? null) : null}
        onClose={close}
      />
      <DeleteConfirmModal
        opened={mode === "delete" && !!report}
        title={t("Delete email report")}
        description={t("This action will permanently delete %s.", report?.name ?? "")}
        onConfirm={remove}
        onClose={close}
      />
    </>
  );
  return { items, modals };
}
