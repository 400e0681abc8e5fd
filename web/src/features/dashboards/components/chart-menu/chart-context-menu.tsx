import { Divider, Paper, Portal, ScrollArea, Stack, Text, UnstyledButton } from "@mantine/core";
import { useClickOutside, useWindowEvent } from "@mantine/hooks";
import { t } from "../../../../lib/i18n";
import type { DrillByValue } from "../../model/drill-detail";
import classes from "./chart-context-menu.module.css";

export interface ContextMenuAt {
  x: number;
  y: number;
  /** The data point right-clicked, by the chart's dimension, if the click was on one. */
  value: DrillByValue | null;
}

/**
 * The right-click menu on a chart's data point: drill to detail (by the point's value), drill by
 * another column (narrowed to that value), and cross-filter the other charts by it.
 */
export function ChartContextMenu({
  at,
  columns,
  canCrossFilter,
  onClose,
  onDrillDetail,
  onDrillBy,
  onCrossFilter,
}: {
  at: ContextMenuAt;
  columns: string[];
  canCrossFilter: boolean;
  onClose: () => void;
  onDrillDetail: (by: DrillByValue | null) => void;
  onDrillBy: (column: string, by: DrillByValue | null) => void;
  onCrossFilter: (by: DrillByValue) => void;
}) {
  const ref = useClickOutside(onClose);
  useWindowEvent("keydown", (e) => e.key === "Escape" && onClose());
  const { value } = at;
  const act = (fn: () => void) => () => {
    onClose();
    fn();
  };
  const left = Math.min(at.x, window.innerWidth - 240);
  const top = Math.min(at.y, window.innerHeight - 320);
  return (
    <Portal>
      <Paper
        ref={ref}
        shadow="md"
        withBorder
        p={4}
        className={classes.menu}
        style={{ left, top }}
        role="menu"
        data-test="chart-context-menu"
      >
        <Stack gap={0}>
          <UnstyledButton className={classes.item} role="menuitem" onClick={act(() => onDrillDetail(null))}>
            {t("Drill to detail")}
          </UnstyledButton>
          {value && (
            <UnstyledButton
              className={classes.item}
              role="menuitem"
              onClick={act(() => onDrillDetail(value))}
              data-test="context-drill-detail-by"
            >
              {t("Drill to detail by %s", String(value.value))}
            </UnstyledButton>
          )}
          {canCrossFilter && value && (
            <UnstyledButton
              className={classes.item}
              role="menuitem"
              onClick={act(() => onCrossFilter(value))}
              data-test="context-add-cross-filter"
            >
              {t("Add cross-filter")}
            </UnstyledButton>
          )}
          <Divider my={4} />
          <Text size="xs" c="dimmed" px="xs">
            {value ? t("Drill by %s = %s", value.column, String(value.value)) : t("Drill by")}
          </Text>
          <ScrollArea.Autosize mah={200}>
            {columns.map((c) => (
              <UnstyledButton
                key={c}
                className={classes.item}
                role="menuitem"
                onClick={act(() => onDrillBy(c, value))}
                data-test="context-drill-by-column"
              >
                {c}
              </UnstyledButton>
            ))}
          </ScrollArea.Autosize>
        </Stack>
      </Paper>
    </Portal>
  );
}
