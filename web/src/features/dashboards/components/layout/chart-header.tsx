import { Badge, Loader } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { memo } from "react";
import { t } from "../../../../lib/i18n";
import { ChartMenu, type ChartMenuProps } from "../chart-menu/chart-menu";
import classes from "./chart-holder.module.css";

export const CHART_HEADER_HEIGHT = 32;

export interface ChartHeaderProps {
  title: string;
  /** Where the title links to (Explore), or null: plain text (no Explore rights, edit mode). */
  explorePath: string | null;
  onOpenExplore: (event: React.MouseEvent) => void;
  /** The cross filter this chart emits, shown as a badge that clears it. */
  crossFilter: { column: string; label?: string } | null;
  onClearCrossFilter: () => void;
  /** New data is on the way while the chart still shows the last. */
  refreshing: boolean;
  /** Null in edit mode. */
  menu: ChartMenuProps | null;
}

/**
 * A dashboard chart's title bar: title (a link to Explore), its cross filter, the refresh spinner
 * and the chart menu. Memoised with stable props: a chart re-renders as it comes into view, gets
 * its rows and draws, and none of that changes its header (20 menus re-rendered three times each
 * were a tenth of a 20-chart dashboard's React work).
 */
export const ChartHeader = memo(function ChartHeader({
  title,
  explorePath,
  onOpenExplore,
  crossFilter,
  onClearCrossFilter,
  refreshing,
  menu,
}: ChartHeaderProps) {
  return (
    <div className={classes.header} style={{ height: CHART_HEADER_HEIGHT }}>
      <div className={classes.title} data-test="chart-title" title={title}>
        {explorePath ? (
          // A plain link: its owner's click handler navigates inside the app (a router Link's
          // hooks were a measurable part of each chart's mount); a new tab or a copied address
          // still gets the address.
          <a
            href={explorePath}
            onClick={onOpenExplore}
            className={classes.titleLink}
            data-test="chart-title-link"
          >
            {title}
          </a>
        ) : (
          title
        )}
      </div>
      <div className={classes.tools}>
        {crossFilter && (
          <Badge
            size="sm"
            variant="light"
            rightSection={<IconX size={10} />}
            style={{ cursor: "pointer" }}
            onClick={onClearCrossFilter}
            title={t("Clear cross-filter")}
            data-test="cross-filter-badge"
          >
            {crossFilter.column} = {crossFilter.label}
          </Badge>
        )}
        {refreshing && <Loader size={12} aria-label={t("Refreshing")} />}
        {menu && <ChartMenu {...menu} />}
      </div>
    </div>
  );
});
