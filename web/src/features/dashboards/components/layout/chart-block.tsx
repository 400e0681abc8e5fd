import { useState } from "react";
import { t } from "../../../../lib/i18n";
import { clampHeight } from "../../model/layout-ops";
import type { LayoutItem } from "../../model/layout-types";
import { useDashboard, useGridMetrics } from "../../state/dashboard-context";
import { ChartHolder } from "./chart-holder";
import { EditChrome } from "./edit-chrome";
import type { NodeProps } from "./node-renderer";
import { ResizeHandle, type ResizeSize } from "./resize-handle";
import { heightPx, maxWidthInParent, metaHeight, metaWidth, widthPx } from "./sizing";

/** A chart component: sized in grid units, resizable in edit mode (width only inside a row). */
export function ChartBlock({ item, parentId, index }: NodeProps & { item: LayoutItem }) {
  const { state, dispatch } = useDashboard();
  const { columnWidth } = useGridMetrics();
  const layout = state.layout.present;
  const [preview, setPreview] = useState<ResizeSize | null>(null);
  // The block is drawn in its parent: no walk of the whole layout to find it.
  const parent = layout[parentId];
  const inColumn = parent?.type === "COLUMN";
  const max = maxWidthInParent(layout, item, parent);
  const columns = inColumn ? metaWidth(parent) : (preview?.width ?? metaWidth(item));
  const units = preview?.height ?? metaHeight(item);
  const width = widthPx(Math.max(1, Math.min(columns, Math.max(max, 1))), columnWidth);
  const height = heightPx(units);
  const name = (item.meta.sliceName as string) || t("Chart");
  return (
    <EditChrome
      component={item}
      parentId={parentId}
      index={index}
      label={name}
      style={{ width, flex: "none" }}
    >
      <ChartHolder component={item} width={width} height={height} />
      {state.editMode && (
        <ResizeHandle
          size={{ width: metaWidth(item), height: metaHeight(item) }}
          columnWidth={columnWidth}
          adjustWidth={!inColumn}
          adjustHeight
          onResize={(s) =>
            setPreview({ width: Math.max(1, Math.min(s.width, max)), height: clampHeight(s.height) })
          }
          onResizeStop={(s) => {
            setPreview(null);
            dispatch({
              type: "RESIZE",
              id: item.id,
              width: inColumn ? undefined : s.width,
              height: s.height,
              maxWidth: max,
            });
          }}
        />
      )}
    </EditChrome>
  );
}
