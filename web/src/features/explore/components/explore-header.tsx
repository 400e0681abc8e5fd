import { ActionIcon, Button, Group, Menu, Text, Title, Tooltip } from "@mantine/core";
import {
  IconDots,
  IconDownload,
  IconEdit,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconLink,
  IconPhoto,
  IconRefresh,
  IconCode,
} from "@tabler/icons-react";
import { useEffect } from "react";
import type { FormData } from "../../../components/charts";
import { FavoriteStar } from "../../../components/favorite-star";
import { useReportMenu } from "../../../components/reports";
import { logEvent } from "../../../lib/event-logger";
import { t } from "../../../lib/i18n";
import type { ExplorePermissions } from "../model/permissions";
import { AlteredBadge } from "./altered-badge";

interface Props {
  title: string;
  savedFormData: Partial<FormData> | null;
  formData: FormData;
  perms: ExplorePermissions;
  hasSlice: boolean;
  /** The saved chart's id: its email report entries need one. */
  sliceId?: number | null;
  canImage: boolean;
  onSave: () => void;
  onEditProperties: () => void;
  onViewQuery: () => void;
  onDownload: (format: "csv" | "xlsx" | "png") => void;
  onCopyPermalink: () => void;
  onForceRefresh: () => void;
}

/** Explore's header: the chart name, the Altered badge, Save and the chart actions menu. */
export function ExploreHeader(props: Props) {
  const { title, savedFormData, formData, perms, hasSlice } = props;
  const reports = useReportMenu(props.sliceId ? { kind: "chart", id: props.sliceId, name: title } : null);
  const sliceId = props.sliceId ?? null;
  // Superset's `mount_explorer` event: what the home page's Recents > Viewed lists for charts.
  useEffect(() => {
    if (sliceId !== null) logEvent("mount_explorer", { slice_id: sliceId });
  }, [sliceId]);
  return (
    <Group justify="space-between" wrap="nowrap" data-test="explore-header">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={3} lineClamp={1} data-test="chart-title">
          {title}
        </Title>
        {sliceId !== null && <FavoriteStar type="chart" id={sliceId} />}
        {hasSlice && <AlteredBadge saved={savedFormData} current={formData} />}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Tooltip
          label={t("You do not have permission to save charts")}
          disabled={perms.canAdd || perms.canOverwrite}
        >
          <Button
            size="sm"
            onClick={props.onSave}
            disabled={!perms.canAdd && !perms.canOverwrite}
            data-test="query-save-button"
          >
            {t("Save")}
          </Button>
        </Tooltip>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("Chart actions")}
              data-test="explore-actions"
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {hasSlice && (
              <Menu.Item
                leftSection={<IconEdit size={14} />}
                onClick={props.onEditProperties}
                disabled={!perms.canOverwrite}
              >
                {t("Edit chart properties")}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconCode size={14} />}
              onClick={props.onViewQuery}
              data-test="view-query-menu-item"
            >
              {t("View query")}
            </Menu.Item>
            <Menu.Item leftSection={<IconRefresh size={14} />} onClick={props.onForceRefresh}>
              {t("Force refresh")}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Label>
              <Group gap={4}>
                <IconDownload size={12} />
                <Text size="xs">{t("Download")}</Text>
              </Group>
            </Menu.Label>
            <Menu.Item
              leftSection={<IconFileTypeCsv size={14} />}
              disabled={!perms.canDownload}
              onClick={() => props.onDownload("csv")}
              data-test="download-csv"
            >
              {t("Export to .CSV")}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileSpreadsheet size={14} />}
              disabled={!perms.canDownload}
              onClick={() => props.onDownload("xlsx")}
              data-test="download-xlsx"
            >
              {t("Export to Excel")}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconPhoto size={14} />}
              disabled={!props.canImage}
              onClick={() => props.onDownload("png")}
              data-test="download-image"
            >
              {t("Download as image")}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconLink size={14} />} onClick={props.onCopyPermalink}>
              {t("Copy permalink to clipboard")}
            </Menu.Item>
            {reports.items}
          </Menu.Dropdown>
        </Menu>
        {reports.modals}
      </Group>
    </Group>
  );
}
