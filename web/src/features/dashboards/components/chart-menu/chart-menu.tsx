import { Menu } from "@mantine/core";
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconCode,
  IconCopy,
  IconDotsVertical,
  IconDownload,
  IconFileSpreadsheet,
  IconFilter,
  IconHierarchy,
  IconMail,
  IconPencil,
  IconPhoto,
  IconRefresh,
  IconTable,
  IconTableShortcut,
} from "@tabler/icons-react";
import { type MouseEvent, useState } from "react";
import { Link } from "react-router";
import { t } from "../../../../lib/i18n";
import type { ChartExport } from "../../export/chart-downloads";
import type { DrillByValue } from "../../model/drill-detail";
import type { ChartDialog } from "./chart-dialogs";
import classes from "./chart-menu.module.css";

export interface ChartMenuProps {
  hasRequest: boolean;
  isPivot: boolean;
  /** Raw-records tables offer the full exports (Superset shows them for table charts). */
  isTable: boolean;
  fullscreen: boolean;
  drillBy: DrillByValue | null;
  canExplore: boolean;
  /** Permalinks need a signed-in user who may share (not an embedded guest). */
  canShare: boolean;
  canCrossFilter: boolean;
  canEditScoping: boolean;
  explorePath: string;
  onOpenExplore: (event: MouseEvent) => void;
  onDialog: (dialog: ChartDialog) => void;
  onRefresh: () => void;
  onToggleFullscreen: () => void;
  onExport: (kind: ChartExport) => void;
  onImage: () => void;
  onCopyLink: () => void;
  onEmail: () => void;
}

/** The menu's "..." button; the menu adds its own handlers and ARIA state once it is mounted. */
function menuButton(asLoneButton?: { onClick: () => void }) {
  return (
    <button
      type="button"
      className={`${classes.button} mantine-focus-auto mantine-active`}
      aria-label={t("More options")}
      data-test="chart-menu"
      {...(asLoneButton && {
        "aria-haspopup": "menu",
        "aria-expanded": false,
        onClick: asLoneButton.onClick,
      })}
    >
      <IconDotsVertical size={14} />
    </button>
  );
}

/**
 * The "..." menu of a dashboard chart (Superset's slice header controls).
 *
 * Mantine's menu (a popover with its floating position, focus trap and hotkeys) does a good deal
 * of work as it mounts, even closed, and a dashboard mounts one per chart as it opens. Until its
 * first use the button stands alone; that click mounts the menu on it, open, and from then on the
 * menu is Mantine's as ever (focus goes into it, and back to the button when it closes).
 */
export function ChartMenu(p: ChartMenuProps) {
  const [used, setUsed] = useState(false);
  if (!used) return menuButton({ onClick: () => setUsed(true) });
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>{menuButton()}</Menu.Target>
      <Menu.Dropdown data-test="chart-menu-dropdown">
        <Menu.Item leftSection={<IconRefresh size={14} />} onClick={p.onRefresh} data-test="force-refresh">
          {t("Force refresh")}
        </Menu.Item>
        <Menu.Item
          leftSection={p.fullscreen ? <IconArrowsMinimize size={14} /> : <IconArrowsMaximize size={14} />}
          onClick={p.onToggleFullscreen}
          data-test="chart-fullscreen"
        >
          {p.fullscreen ? t("Exit fullscreen") : t("Enter fullscreen")}
        </Menu.Item>
        {p.canExplore && (
          <Menu.Item
            leftSection={<IconPencil size={14} />}
            component={Link}
            to={p.explorePath}
            onClick={p.onOpenExplore}
            data-test="edit-chart-menu-item"
          >
            {t("Edit chart")}
          </Menu.Item>
        )}
        {p.canEditScoping && (
          <Menu.Item
            leftSection={<IconFilter size={14} />}
            onClick={() => p.onDialog({ kind: "scoping" })}
            data-test="cross-filter-scoping"
          >
            {t("Cross-filter scoping")}
          </Menu.Item>
        )}
        {p.hasRequest && (
          <>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconCode size={14} />}
              onClick={() => p.onDialog({ kind: "query" })}
              data-test="view-query"
            >
              {t("View query")}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTable size={14} />}
              onClick={() => p.onDialog({ kind: "results" })}
              data-test="view-as-table"
            >
              {t("View as table")}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTableShortcut size={14} />}
              onClick={() => p.onDialog({ kind: "drill-detail", by: null })}
              data-test="drill-to-detail-menu-item"
            >
              {t("Drill to detail")}
            </Menu.Item>
            {p.drillBy && (
              <Menu.Item
                leftSection={<IconTableShortcut size={14} />}
                onClick={() => p.onDialog({ kind: "drill-detail", by: p.drillBy })}
                data-test="drill-to-detail-by-menu-item"
              >
                {t("Drill to detail by %s", String(p.drillBy.value))}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconHierarchy size={14} />}
              onClick={() => p.onDialog({ kind: "drill-by", step: null })}
              data-test="drill-by-menu-item"
            >
              {t("Drill by")}
            </Menu.Item>
            {p.canShare && (
              <>
                <Menu.Divider />
                <Menu.Label>{t("Share")}</Menu.Label>
                <Menu.Item
                  leftSection={<IconCopy size={14} />}
                  onClick={p.onCopyLink}
                  data-test="copy-permalink"
                >
                  {t("Copy permalink to clipboard")}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconMail size={14} />}
                  onClick={p.onEmail}
                  data-test="share-by-email"
                >
                  {t("Share chart by email")}
                </Menu.Item>
              </>
            )}
            <Menu.Divider />
            <Menu.Label>{t("Download")}</Menu.Label>
            <Menu.Item
              leftSection={<IconDownload size={14} />}
              onClick={() => p.onExport("csv")}
              data-test="export-csv"
            >
              {t("Export to .CSV")}
            </Menu.Item>
            {p.isPivot && (
              <Menu.Item
                leftSection={<IconDownload size={14} />}
                onClick={() => p.onExport("pivot_csv")}
                data-test="export-pivot-csv"
              >
                {t("Export to Pivoted .CSV")}
              </Menu.Item>
            )}
            {p.isTable && (
              <Menu.Item
                leftSection={<IconDownload size={14} />}
                onClick={() => p.onExport("full_csv")}
                data-test="export-full-csv"
              >
                {t("Export to full .CSV")}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconFileSpreadsheet size={14} />}
              onClick={() => p.onExport("xlsx")}
              data-test="export-xlsx"
            >
              {t("Export to Excel")}
            </Menu.Item>
            {p.isTable && (
              <Menu.Item
                leftSection={<IconFileSpreadsheet size={14} />}
                onClick={() => p.onExport("full_xlsx")}
                data-test="export-full-xlsx"
              >
                {t("Export to full Excel")}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconPhoto size={14} />} onClick={p.onImage} data-test="download-image">
              {t("Download as image")}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
