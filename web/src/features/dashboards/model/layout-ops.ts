import { newComponent, newEntities } from "./component-factory";
import { shouldWrapInRow } from "./drop-rules";
import { descendantIds, parentMap, topLevelTabsId } from "./layout-tree";
import {
  type ComponentMeta,
  type DropResult,
  GRID_ID,
  GRID_MAX_ROW_UNITS,
  GRID_MIN_COLUMN_COUNT,
  GRID_MIN_ROW_UNITS,
  type Layout,
  type LayoutItem,
  NEW_COMPONENTS_SOURCE_ID,
  ROOT_ID,
} from "./layout-types";

const withChildren = (item: LayoutItem, children: string[]): LayoutItem => ({ ...item, children });

/** Rows and tabs containers left without children are removed, upwards (002 §4). */
export function removeEmptyContainers(layout: Layout, id: string | undefined): Layout {
  let next = layout;
  let current = id;
  while (current) {
    const item = next[current];
    if (!item || !(item.type === "ROW" || item.type === "TABS") || item.children.length > 0) break;
    const parentId = parentMap(next).get(current);
    if (item.type === "TABS" && parentId === ROOT_ID) {
      next = deleteTopLevelTabs(next);
      break;
    }
    next = { ...next };
    delete next[current];
    if (parentId && next[parentId]) {
      next[parentId] = withChildren(
        next[parentId],
        next[parentId].children.filter((c) => c !== current),
      );
    }
    current = parentId;
  }
  return next;
}

/**
 * A drop into the root turns the dashboard into top-level tabs: the grid's content moves into the
 * first tab (002 §4).
 */
export function createTopLevelTabs(layout: Layout, drop: DropResult): Layout {
  const root = layout[ROOT_ID];
  const topId = root.children[0];
  const top = layout[topId];
  if (top?.type !== "GRID") return layout;
  const next: Layout = { ...layout };
  let tabsId: string;
  if (drop.source.id === NEW_COMPONENTS_SOURCE_ID || !layout[drop.dragging.id]) {
    const { root: tabs, all } = newEntities("TABS", drop.dragging.meta);
    Object.assign(next, all);
    tabsId = tabs.id;
  } else {
    tabsId = drop.dragging.id;
    const sourceParent = parentMap(layout).get(tabsId);
    if (sourceParent)
      next[sourceParent] = withChildren(
        next[sourceParent],
        next[sourceParent].children.filter((c) => c !== tabsId),
      );
  }
  const firstTabId = next[tabsId].children[0];
  const moved = next[topId].children.filter((c) => c !== tabsId);
  next[firstTabId] = withChildren(next[firstTabId], [...next[firstTabId].children, ...moved]);
  next[topId] = withChildren(next[topId], []);
  next[ROOT_ID] = withChildren(root, [tabsId]);
  return next;
}

/** Removing the top-level tabs puts the content of every tab back into the grid. */
export function deleteTopLevelTabs(layout: Layout): Layout {
  const tabsId = topLevelTabsId(layout);
  if (!tabsId) return layout;
  const next: Layout = { ...layout };
  const content = next[tabsId].children.flatMap((tab) => next[tab]?.children ?? []);
  for (const tab of next[tabsId].children) delete next[tab];
  delete next[tabsId];
  const grid = next[GRID_ID] ?? newComponent("GRID", {}, GRID_ID);
  next[GRID_ID] = withChildren(grid, [...grid.children, ...content]);
  next[ROOT_ID] = withChildren(next[ROOT_ID], [GRID_ID]);
  return next;
}

/**
 * Applies a checked drop: moves an existing component, or creates the dropped new one (a tabs
 * container with its first tab); charts, markdown and columns dropped into a grid or a tab get
 * a new row around them; the emptied source row or tabs is removed.
 */
export function applyDrop(layout: Layout, drop: DropResult): Layout {
  const { source, destination, dragging } = drop;
  if (destination.id === ROOT_ID) return createTopLevelTabs(layout, drop);
  const isNew = source.id === NEW_COMPONENTS_SOURCE_ID || !layout[dragging.id];
  let next: Layout = { ...layout };
  let itemId: string;
  let index = destination.index;
  if (isNew) {
    const { root, all } = newEntities(dragging.type, dragging.meta);
    Object.assign(next, all);
    itemId = root.id;
  } else {
    itemId = dragging.id;
    const fromId = parentMap(layout).get(itemId);
    if (fromId) {
      const from = next[fromId];
      const oldIndex = from.children.indexOf(itemId);
      next[fromId] = withChildren(
        from,
        from.children.filter((c) => c !== itemId),
      );
      if (fromId === destination.id && oldIndex < index) index -= 1;
    }
  }
  const parent = next[destination.id];
  let insertedId = itemId;
  if (shouldWrapInRow(parent.type, next[itemId].type)) {
    const row = newComponent("ROW");
    row.children = [itemId];
    next[row.id] = row;
    insertedId = row.id;
  }
  const children = [...next[destination.id].children];
  children.splice(Math.max(0, Math.min(index, children.length)), 0, insertedId);
  next[destination.id] = withChildren(next[destination.id], children);
  if (!isNew) {
    const fromId = parentMap(layout).get(itemId);
    if (fromId && fromId !== destination.id) next = removeEmptyContainers(next, fromId);
  }
  return next;
}

/** Deletes a component and everything inside it; an emptied row or tabs goes too. */
export function deleteComponent(layout: Layout, id: string): Layout {
  if (id === topLevelTabsId(layout)) return deleteTopLevelTabs(layout);
  const parentId = parentMap(layout).get(id);
  if (!parentId || id === ROOT_ID || id === GRID_ID) return layout;
  const next: Layout = { ...layout };
  for (const d of descendantIds(layout, id)) delete next[d];
  next[parentId] = withChildren(
    next[parentId],
    next[parentId].children.filter((c) => c !== id),
  );
  const parent = next[parentId];
  // The last tab of the top-level tabs: back to a plain grid.
  if (parent.type === "TABS" && parent.children.length === 0 && parentMap(next).get(parentId) === ROOT_ID) {
    return deleteTopLevelTabs(next);
  }
  return removeEmptyContainers(next, parentId);
}

export function updateMeta(layout: Layout, id: string, meta: ComponentMeta): Layout {
  const item = layout[id];
  if (!item) return layout;
  return { ...layout, [id]: { ...item, meta: { ...item.meta, ...meta } } };
}

export const clampWidth = (width: number, max: number) =>
  Math.max(GRID_MIN_COLUMN_COUNT, Math.min(Math.round(width), Math.max(GRID_MIN_COLUMN_COUNT, max)));
export const clampHeight = (height: number) =>
  Math.max(GRID_MIN_ROW_UNITS, Math.min(Math.round(height), GRID_MAX_ROW_UNITS));

/** Sets width (grid columns) and/or height (grid units) within the grid's bounds. */
export function resizeComponent(
  layout: Layout,
  id: string,
  size: { width?: number; height?: number },
  maxWidth: number,
): Layout {
  const item = layout[id];
  if (!item) return layout;
  const meta: ComponentMeta = {};
  if (size.width !== undefined) meta.width = clampWidth(size.width, maxWidth);
  if (size.height !== undefined) meta.height = clampHeight(size.height);
  return updateMeta(layout, id, meta);
}

/** Sets the `parents` list of every component (as Superset stores position_json). */
export function withParents(layout: Layout): Layout {
  const out: Layout = {};
  const visit = (id: string, parents: string[]) => {
    const item = layout[id];
    if (!item || out[id]) return;
    out[id] = { ...item, parents };
    for (const child of item.children) visit(child, [...parents, id]);
  };
  visit(ROOT_ID, []);
  for (const [id, item] of Object.entries(layout)) if (!out[id]) out[id] = item;
  return out;
}
