import { containerCapacity, parentOf } from "../../model/layout-tree";
import {
  GRID_BASE_UNIT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GUTTER,
  type Layout,
  type LayoutItem,
} from "../../model/layout-types";

/** Pixel width of `columns` grid columns (gutters between them included). */
export const widthPx = (columns: number, columnWidth: number) =>
  Math.max(0, columns * columnWidth + (columns - 1) * GUTTER);
export const heightPx = (units: number) => units * GRID_BASE_UNIT;

export const metaWidth = (item: LayoutItem) => item.meta.width ?? GRID_DEFAULT_CHART_WIDTH;
export const metaHeight = (item: LayoutItem) => item.meta.height ?? GRID_DEFAULT_CHART_HEIGHT;

/**
 * Columns a component in a row may grow to: the row's room minus its siblings. A block passes the
 * parent it is drawn in; looking it up walks the whole layout, for every block at every render.
 */
export function maxWidthInParent(
  layout: Layout,
  item: LayoutItem,
  parent: LayoutItem | undefined = parentOf(layout, item.id),
): number {
  if (!parent) return metaWidth(item);
  if (parent.type !== "ROW") return containerCapacity(layout, parent.id);
  const others = parent.children
    .filter((c) => c !== item.id)
    .reduce((sum, c) => {
      const child = layout[c];
      return sum + (child ? metaWidth(child) : 0);
    }, 0);
  return containerCapacity(layout, parent.id) - others;
}
