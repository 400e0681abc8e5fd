import { Text } from "@mantine/core";
import { useState } from "react";
import { t } from "../../../../lib/i18n";
import type { LayoutItem } from "../../model/layout-types";
import { useDashboard, useGridMetrics } from "../../state/dashboard-context";
import { EditChrome } from "./edit-chrome";
import classes from "./layout.module.css";
import { ChildNode, type NodeProps } from "./node-renderer";
import { ResizeHandle } from "./resize-handle";
import { maxWidthInParent, metaWidth, widthPx } from "./sizing";

export function EmptyDrop({ label }: { label: string }) {
  return <div className={classes.emptyDrop}>{label}</div>;
}

/** A row: children side by side. */
export function RowBlock({ item, parentId, index }: NodeProps & { item: LayoutItem }) {
  const { state } = useDashboard();
  return (
    <EditChrome component={item} parentId={parentId} index={index} label={t("Row")} className={classes.row}>
      {item.children.map((child, i) => (
        <ChildNode key={child} id={child} parentId={item.id} index={i} />
      ))}
      {item.children.length === 0 && state.editMode && (
        <div style={{ flex: 1 }}>
          <EmptyDrop label={t("Empty row")} />
        </div>
      )}
    </EditChrome>
  );
}

/** A column: a fixed width, children stacked. */
export function ColumnBlock({ item, parentId, index }: NodeProps & { item: LayoutItem }) {
  const { state, dispatch } = useDashboard();
  const { columnWidth } = useGridMetrics();
  const [preview, setPreview] = useState<number | null>(null);
  const width = preview ?? metaWidth(item);
  const max = maxWidthInParent(state.layout.present, item, state.layout.present[parentId]);
  return (
    <EditChrome
      component={item}
      parentId={parentId}
      index={index}
      label={t("Column")}
      className={classes.column}
      style={{ width: widthPx(Math.min(width, Math.max(max, 1)), columnWidth), flex: "none" }}
    >
      {item.children.map((child, i) => (
        <ChildNode key={child} id={child} parentId={item.id} index={i} />
      ))}
      {item.children.length === 0 &&
        (state.editMode ? <EmptyDrop label={t("Empty column")} /> : <Text size="xs" />)}
      {state.editMode && (
        <ResizeHandle
          size={{ width: metaWidth(item), height: 0 }}
          columnWidth={columnWidth}
          adjustWidth
          adjustHeight={false}
          onResize={(s) => setPreview(Math.max(1, Math.min(s.width, max)))}
          onResizeStop={(s) => {
            setPreview(null);
            dispatch({ type: "RESIZE", id: item.id, width: s.width, maxWidth: max });
          }}
        />
      )}
    </EditChrome>
  );
}
