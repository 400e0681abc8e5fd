import { t, translatable } from "../../../lib/i18n";
import {
  chartIdsUnder,
  componentWidth,
  containerCapacity,
  depthMap,
  isHorizontal,
  parentMap,
  tabPath,
  topLevelTabsId,
} from "./layout-tree";
import {
  type ComponentType,
  type DragItem,
  type DropPosition,
  type DropResult,
  GRID_COLUMN_COUNT,
  type Layout,
  NEW_COMPONENTS_SOURCE_ID,
  ROOT_DEPTH,
  ROOT_ID,
} from "./layout-types";

/** 001 §8 drop rule messages. */
export const DROP_MESSAGES = {
  noSpace: translatable(
    "There is not enough space for this component. Try decreasing its width, or increasing the destination width.",
  ),
  nestedTopLevelTabs: translatable("Can not move top level tab into nested tabs"),
  scopeChanged: translatable("This chart has been moved to a different filter scope."),
} as const;

/** Drop edges: within 20 px of a component's border (001 §9). */
export const DROP_EDGE_PX = 20;

const d = (n: number) => ROOT_DEPTH + n;

/**
 * Which component types nest in which, and the deepest parent depth that still accepts them
 * (001 §4). Depths derive from the root depth; TABS and TAB do not deepen their children, so the
 * table bounds how far tabs nest: a tab takes containers up to depth 3, leaves up to depth 5.
 */
export const MAX_PARENT_DEPTH: Record<ComponentType, Partial<Record<ComponentType, number>>> = {
  ROOT: { TABS: d(1), GRID: d(1) },
  GRID: {
    CHART: d(1),
    MARKDOWN: d(1),
    COLUMN: d(1),
    DIVIDER: d(1),
    HEADER: d(1),
    ROW: d(1),
    TABS: d(1),
    DYNAMIC: d(1),
  },
  ROW: { CHART: d(4), MARKDOWN: d(4), COLUMN: d(4), DYNAMIC: d(4) },
  TABS: { TAB: d(3) },
  TAB: {
    CHART: d(5),
    MARKDOWN: d(5),
    COLUMN: d(3),
    DIVIDER: d(5),
    HEADER: d(5),
    ROW: d(3),
    TABS: d(3),
    DYNAMIC: d(5),
  },
  COLUMN: { CHART: d(5), HEADER: d(5), MARKDOWN: d(5), ROW: d(3), DIVIDER: d(3), TABS: d(3), DYNAMIC: d(5) },
  CHART: {},
  MARKDOWN: {},
  DIVIDER: {},
  HEADER: {},
  DYNAMIC: {},
};

export function isValidChild(
  parentType: ComponentType | undefined,
  parentDepth: number | undefined,
  childType: ComponentType,
): boolean {
  if (!parentType || typeof parentDepth !== "number") return false;
  const max = MAX_PARENT_DEPTH[parentType]?.[childType];
  return typeof max === "number" && parentDepth <= max;
}

/** Grid and tabs hold charts, markdown and columns inside a row: such drops wrap the item in a new row. */
export function shouldWrapInRow(parentType: ComponentType | undefined, childType: ComponentType): boolean {
  return (
    (parentType === "GRID" || parentType === "TAB") &&
    (childType === "CHART" || childType === "MARKDOWN" || childType === "COLUMN" || childType === "DYNAMIC")
  );
}

export interface Rect {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

export interface DropTarget {
  type: ComponentType;
  depth: number;
  parentType?: ComponentType;
  parentDepth?: number;
}

export interface DropHit {
  position: DropPosition;
  /** True: the item goes inside the target; false: next to it, in the target's parent. */
  into: boolean;
}

/**
 * Where an item dragged over a component lands (001 §4): a position (top, right, bottom, left)
 * or null when neither the component nor its parent can take it. Next to the component when the
 * pointer is within 20 px of its edge along the parent's axis (or only the parent accepts it);
 * inside it otherwise.
 */
export function getDropPosition(
  draggingType: ComponentType,
  target: DropTarget,
  pointer: { x: number; y: number },
  rect: Rect,
): DropHit | null {
  const validChild = isValidChild(target.type, target.depth, draggingType);
  const validSibling = isValidChild(target.parentType, target.parentDepth, draggingType);
  if (!validChild && !validSibling) return null;

  const siblingHorizontal = isHorizontal(target.parentType);
  const childHorizontal = isHorizontal(target.type);
  const half = (horizontal: boolean): DropPosition =>
    horizontal
      ? pointer.x < (rect.left + rect.right) / 2
        ? "left"
        : "right"
      : pointer.y < (rect.top + rect.bottom) / 2
        ? "top"
        : "bottom";
  const edge = (horizontal: boolean): DropPosition | null => {
    const [start, end, value] = horizontal
      ? [rect.left, rect.right, pointer.x]
      : [rect.top, rect.bottom, pointer.y];
    if (Math.abs(value - start) <= DROP_EDGE_PX) return horizontal ? "left" : "top";
    if (Math.abs(end - value) <= DROP_EDGE_PX) return horizontal ? "right" : "bottom";
    return null;
  };

  if (validSibling && !validChild) return { position: half(siblingHorizontal), into: false };
  if (validChild && !validSibling) return { position: half(childHorizontal), into: true };
  const atEdge = edge(siblingHorizontal);
  if (atEdge) return { position: atEdge, into: false };
  return { position: half(childHorizontal), into: true };
}

/** The component context getDropPosition needs, read from the layout. */
export function dropTargetOf(
  layout: Layout,
  id: string,
  depths = depthMap(layout),
  parents = parentMap(layout),
): DropTarget | null {
  const item = layout[id];
  if (!item) return null;
  const parentId = parents.get(id);
  const parent = parentId ? layout[parentId] : undefined;
  return {
    type: item.type,
    depth: depths.get(id) ?? 0,
    parentType: parent?.type,
    parentDepth: parentId ? depths.get(parentId) : undefined,
  };
}

/** Turns a hit on a component into a drop result (destination container and index). */
export function resolveDrop(
  layout: Layout,
  dragging: DragItem,
  targetId: string,
  hit: DropHit,
): DropResult | null {
  const target = layout[targetId];
  if (!target) return null;
  const before = hit.position === "top" || hit.position === "left";
  let destination: { id: string; index: number };
  if (hit.into) {
    destination = { id: targetId, index: before ? 0 : target.children.length };
  } else {
    const parentId = parentMap(layout).get(targetId);
    if (!parentId) return null;
    const index = layout[parentId].children.indexOf(targetId);
    destination = { id: parentId, index: before ? index : index + 1 };
  }
  return {
    source: { id: dragging.parentId, index: dragging.index },
    destination,
    dragging: { id: dragging.id, type: dragging.type, meta: dragging.meta },
    position: hit.position,
  };
}

export type DropCheck = { ok: true; info?: string } | { ok: false; message?: string };

function draggedWidth(layout: Layout, drop: DropResult): number {
  if (layout[drop.dragging.id]) return componentWidth(layout, drop.dragging.id);
  const { type, meta } = drop.dragging;
  if (type === "CHART" || type === "MARKDOWN" || type === "COLUMN" || type === "DYNAMIC")
    return meta?.width ?? 4;
  return 0;
}

/** Whether the dragged item is wider than the room left in its destination. */
export function doesChildOverflowParent(layout: Layout, drop: DropResult): boolean {
  const parent = layout[drop.destination.id];
  if (!parent) return false;
  const width = draggedWidth(layout, drop);
  if (parent.type === "ROW") {
    const occupied = parent.children
      .filter((c) => c !== drop.dragging.id)
      .reduce((sum, c) => sum + componentWidth(layout, c), 0);
    return occupied + width > containerCapacity(layout, parent.id);
  }
  if (parent.type === "COLUMN" && drop.dragging.type === "ROW")
    return width > containerCapacity(layout, parent.id);
  return width > GRID_COLUMN_COUNT;
}

/** Did moving this item change which tabs hold its charts (their native filter scope)? */
export function movesChartScope(layout: Layout, drop: DropResult): boolean {
  if (drop.source.id === NEW_COMPONENTS_SOURCE_ID || !layout[drop.dragging.id]) return false;
  if (chartIdsUnder(layout, drop.dragging.id).length === 0) return false;
  const parents = parentMap(layout);
  const from = tabPath(layout, drop.dragging.id, parents);
  const destination = layout[drop.destination.id];
  const to = [
    ...tabPath(layout, drop.destination.id, parents),
    ...(destination?.type === "TAB" ? [destination.id] : []),
  ];
  return from.join("/") !== to.join("/");
}

/**
 * The rules a drop must pass before the layout changes (001 §4, §8): the destination takes the
 * type at its depth, the top-level tabs stay at the top, the item fits; a chart changing tabs
 * gets an info message.
 */
export function checkDrop(layout: Layout, drop: DropResult): DropCheck {
  const destination = layout[drop.destination.id];
  if (!destination) return { ok: false };
  const draggingId = drop.dragging.id;
  const topTabs = topLevelTabsId(layout);
  if (draggingId === topTabs && drop.destination.id !== ROOT_ID) {
    return { ok: false, message: t(DROP_MESSAGES.nestedTopLevelTabs) };
  }
  if (draggingId === drop.destination.id) return { ok: false };
  if (layout[draggingId] && isInside(layout, drop.destination.id, draggingId)) return { ok: false };
  const depths = depthMap(layout);
  if (!isValidChild(destination.type, depths.get(destination.id), drop.dragging.type)) return { ok: false };
  if (doesChildOverflowParent(layout, drop)) return { ok: false, message: t(DROP_MESSAGES.noSpace) };
  if (movesChartScope(layout, drop)) return { ok: true, info: t(DROP_MESSAGES.scopeChanged) };
  return { ok: true };
}

/** Is `id` the component `ancestor` or inside it? */
function isInside(layout: Layout, id: string, ancestor: string): boolean {
  const parents = parentMap(layout);
  let current: string | undefined = id;
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    if (current === ancestor) return true;
    seen.add(current);
    current = parents.get(current);
  }
  return false;
}
