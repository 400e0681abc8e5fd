import { Text } from "@mantine/core";
import { useMemo } from "react";
import { t } from "../../../../lib/i18n";
import { useMeasuredSize } from "../../../../lib/use-measured-size";
import { topLevelTabsId } from "../../model/layout-tree";
import { GRID_COLUMN_COUNT, GRID_ID, GUTTER, ROOT_ID } from "../../model/layout-types";
import { GridMetricsContext, useDashboard } from "../../state/dashboard-context";
import { EmptyDrop } from "./container-blocks";
import { useDnd } from "./dnd";
import classes from "./layout.module.css";
import { LayoutNode } from "./layout-node";
import { NodeRendererContext } from "./node-renderer";

/** The dashboard body: top-level tabs or the grid, sized from its measured width (12 columns). */
export function DashboardGrid() {
  const { state } = useDashboard();
  const { draggingType } = useDnd();
  const { ref, width, measured } = useMeasuredSize<HTMLDivElement>("width");
  const layout = state.layout.present;
  const metrics = useMemo(
    () => ({
      columnWidth: Math.max(20, ((width || 1200) - (GRID_COLUMN_COUNT - 1) * GUTTER) / GRID_COLUMN_COUNT),
    }),
    [width],
  );
  const topTabs = topLevelTabsId(layout);
  const grid = layout[GRID_ID];
  return (
    <GridMetricsContext.Provider value={metrics}>
      <NodeRendererContext.Provider value={LayoutNode}>
        <div
          ref={ref}
          style={{ width: "100%", minWidth: 0, position: "relative" }}
          data-test="dashboard-grid"
        >
          {state.editMode && !topTabs && draggingType === "TABS" && (
            <div className={classes.rootDrop} data-dnd-id={ROOT_ID} data-test="root-drop-zone">
              {t("Drop here to make these the dashboard's top-level tabs")}
            </div>
          )}
          {/* The layout renders once the grid's width is known (before the first paint): its charts
              mount at their size, instead of mounting at a guessed one and rendering all again. */}
          {!measured ? null : topTabs ? (
            <LayoutNode id={topTabs} parentId={ROOT_ID} index={0} />
          ) : grid ? (
            <div
              className={classes.stack}
              data-dnd-id={GRID_ID}
              style={{ minHeight: state.editMode ? 200 : undefined, paddingBottom: state.editMode ? 48 : 0 }}
            >
              {grid.children.map((child, i) => (
                <LayoutNode key={child} id={child} parentId={GRID_ID} index={i} />
              ))}
              {grid.children.length === 0 &&
                (state.editMode ? (
                  <EmptyDrop label={t("Drag and drop components and charts to the dashboard")} />
                ) : (
                  <Text c="dimmed" ta="center" py="xl" data-test="empty-dashboard">
                    {t("There are no charts added to this dashboard")}
                  </Text>
                ))}
            </div>
          ) : null}
        </div>
      </NodeRendererContext.Provider>
    </GridMetricsContext.Provider>
  );
}
