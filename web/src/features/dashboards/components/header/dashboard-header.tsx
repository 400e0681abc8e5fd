import { ActionIcon, Badge, Button, Group, Menu, Title, Tooltip } from "@mantine/core";
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCertificate,
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconBrush,
  IconClock,
  IconCode,
  IconCopy,
  IconDots,
  IconFileTypePdf,
  IconPhoto,
  IconRefresh,
  IconSettings,
  IconShare,
} from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { FavoriteStar } from "../../../../components/favorite-star";
import { useReportMenu } from "../../../../components/reports";
import { isApiError } from "../../../../lib/api-error";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { saveDashboard } from "../../api/save-dashboard";
import { HEADER_ID } from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";
import { EditableText } from "../layout/editable-text";

export interface HeaderActions {
  onSave: () => void;
  onDiscard: () => void;
  onProperties: () => void;
  onSaveAs: () => void;
  onRefreshInterval: () => void;
  onShare: () => void;
  onRefresh: () => void;
  onDownload: (format: "png" | "pdf") => void;
  onEmbed: () => void;
  onEditCss: () => void;
}

/** `?standalone=1`: the page without the navigation bar, as Superset's dashboard fullscreen. */
function useFullscreen(): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const on = !["", "0", "false", null].includes(params.get("standalone"));
  const toggle = () => {
    const next = new URLSearchParams(params);
    if (on) next.delete("standalone");
    else next.set("standalone", "1");
    setParams(next);
  };
  return [on, toggle];
}

/** Title, published toggle, favourite, share, edit / save, and the dashboard menu. */
export function DashboardHeader(actions: HeaderActions) {
  const { state, dispatch, permissions } = useDashboard();
  const { info, editMode, layout } = state;
  const title = (layout.present[HEADER_ID]?.meta.text as string | undefined) ?? info.title;
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const reports = useReportMenu(editMode ? null : { kind: "dashboard", id: info.id, name: info.title });

  const togglePublished = async () => {
    const published = !info.published;
    try {
      const res = await saveDashboard(info.id, { published });
      dispatch({ type: "SET_INFO", info: { published, lastModifiedTime: res.last_modified_time } });
      toast.success(published ? t("This dashboard is now published") : t("This dashboard is now hidden"));
    } catch (err) {
      toast.danger(
        isApiError(err) && err.status === 403
          ? t("You do not have permissions to edit this dashboard.")
          : t("Sorry, there was an error saving this %s: %s", t("dashboard"), (err as Error).message),
      );
    }
  };

  const menu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("More dashboard actions")}
          data-test="dashboard-menu"
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-test="dashboard-menu-dropdown">
        {!editMode && (
          <Menu.Item
            leftSection={<IconRefresh size={14} />}
            onClick={actions.onRefresh}
            data-test="refresh-dashboard"
          >
            {t("Refresh dashboard")}
          </Menu.Item>
        )}
        {!editMode && (
          <Menu.Item
            leftSection={fullscreen ? <IconArrowsMinimize size={14} /> : <IconArrowsMaximize size={14} />}
            onClick={toggleFullscreen}
            data-test="dashboard-fullscreen"
          >
            {fullscreen ? t("Exit fullscreen") : t("Enter fullscreen")}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconClock size={14} />}
          onClick={actions.onRefreshInterval}
          data-test="set-refresh-interval"
        >
          {editMode ? t("Set auto-refresh interval") : t("Set auto-refresh interval (this session)")}
        </Menu.Item>
        {permissions.canEdit && (
          <Menu.Item
            leftSection={<IconSettings size={14} />}
            onClick={actions.onProperties}
            data-test="edit-properties"
          >
            {t("Edit properties")}
          </Menu.Item>
        )}
        {permissions.canCopy && (
          <Menu.Item leftSection={<IconCopy size={14} />} onClick={actions.onSaveAs} data-test="save-as">
            {t("Save as")}
          </Menu.Item>
        )}
        {permissions.canEdit && (
          <Menu.Item leftSection={<IconBrush size={14} />} onClick={actions.onEditCss} data-test="edit-css">
            {t("Edit CSS")}
          </Menu.Item>
        )}
        {!editMode && (
          <>
            <Menu.Divider />
            <Menu.Label>{t("Download")}</Menu.Label>
            <Menu.Item
              leftSection={<IconFileTypePdf size={14} />}
              onClick={() => actions.onDownload("pdf")}
              data-test="download-pdf"
            >
              {t("Export to PDF")}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconPhoto size={14} />}
              onClick={() => actions.onDownload("png")}
              data-test="download-dashboard-image"
            >
              {t("Download as Image")}
            </Menu.Item>
          </>
        )}
        {!editMode && permissions.canEdit && (
          <Menu.Item
            leftSection={<IconCode size={14} />}
            onClick={actions.onEmbed}
            data-test="embed-dashboard"
          >
            {t("Embed dashboard")}
          </Menu.Item>
        )}
        {reports.items}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Group justify="space-between" wrap="nowrap" mb="md" data-test="dashboard-header">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={2} style={{ minWidth: 0 }} data-test="dashboard-title">
          <EditableText
            value={title}
            editable={editMode}
            label={t("Dashboard title")}
            onChange={(text) => dispatch({ type: "UPDATE_META", id: HEADER_ID, meta: { text } })}
            testId="dashboard-title-text"
          />
        </Title>
        {info.certifiedBy && (
          <Tooltip
            label={
              t("Certified by %s", info.certifiedBy) +
              (info.certificationDetails ? ` — ${info.certificationDetails}` : "")
            }
          >
            <IconCertificate size={20} color="var(--mantine-color-blue-6)" aria-label={t("Certified")} />
          </Tooltip>
        )}
        {!editMode && <FavoriteStar dashboardId={info.id} />}
        <Tooltip
          label={
            permissions.canEdit
              ? info.published
                ? t("Click to make it a draft")
                : t("Click to publish")
              : ""
          }
          disabled={!permissions.canEdit}
        >
          <Badge
            variant="light"
            color={info.published ? "teal" : "gray"}
            style={{ cursor: permissions.canEdit ? "pointer" : undefined }}
            onClick={permissions.canEdit ? togglePublished : undefined}
            role={permissions.canEdit ? "button" : undefined}
            data-test="publish-toggle"
          >
            {info.published ? t("Published") : t("Draft")}
          </Badge>
        </Tooltip>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {editMode ? (
          <>
            <Tooltip label={t("Undo the action")}>
              <ActionIcon
                variant="default"
                size="lg"
                disabled={!state.layout.past.length}
                onClick={() => dispatch({ type: "UNDO" })}
                aria-label={t("Undo")}
                data-test="undo"
              >
                <IconArrowBackUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("Redo the action")}>
              <ActionIcon
                variant="default"
                size="lg"
                disabled={!state.layout.future.length}
                onClick={() => dispatch({ type: "REDO" })}
                aria-label={t("Redo")}
                data-test="redo"
              >
                <IconArrowForwardUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Button variant="default" onClick={actions.onDiscard} data-test="discard-changes">
              {t("Discard")}
            </Button>
            <Button
              onClick={actions.onSave}
              loading={state.isSaving}
              disabled={!state.hasUnsavedChanges || !permissions.canSave}
              data-test="header-save-button"
            >
              {t("Save")}
            </Button>
          </>
        ) : (
          <>
            {permissions.canShare && (
              <Button
                variant="default"
                leftSection={<IconShare size={16} />}
                onClick={actions.onShare}
                data-test="share-dashboard"
              >
                {t("Share")}
              </Button>
            )}
            {permissions.canEdit && (
              <Button
                onClick={() => dispatch({ type: "SET_EDIT_MODE", editMode: true })}
                data-test="edit-dashboard-button"
              >
                {t("Edit dashboard")}
              </Button>
            )}
          </>
        )}
        {menu}
        {reports.modals}
      </Group>
    </Group>
  );
}
