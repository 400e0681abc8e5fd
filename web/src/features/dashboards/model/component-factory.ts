import {
  BACKGROUND_TRANSPARENT,
  type ComponentMeta,
  type ComponentType,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  type Layout,
  type LayoutItem,
  NEW_HEADER_TEXT,
  NEW_MARKDOWN_TEXT,
  NEW_TAB_TITLE,
} from "./layout-types";

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";

/** A short random id suffix (nanoid-like). */
export function shortId(size = 10): string {
  const bytes = new Uint8Array(size);
  crypto.getRandomValues(bytes);
  let out = "";
  for (const b of bytes) out += ALPHABET[b & 63];
  return out;
}

export function newComponentId(type: ComponentType): string {
  return `${type}-${shortId()}`;
}

const DEFAULT_META: Partial<Record<ComponentType, ComponentMeta>> = {
  CHART: { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT },
  MARKDOWN: { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT, code: NEW_MARKDOWN_TEXT },
  COLUMN: { width: GRID_DEFAULT_CHART_WIDTH, background: BACKGROUND_TRANSPARENT },
  ROW: { background: BACKGROUND_TRANSPARENT },
  HEADER: { text: NEW_HEADER_TEXT, headerSize: "MEDIUM_HEADER", background: BACKGROUND_TRANSPARENT },
  TAB: { text: NEW_TAB_TITLE, defaultText: NEW_TAB_TITLE, placeholder: NEW_TAB_TITLE },
  TABS: {},
  DIVIDER: {},
};

export function newComponent(
  type: ComponentType,
  meta: ComponentMeta = {},
  id = newComponentId(type),
): LayoutItem {
  return { id, type, children: [], parents: [], meta: { ...(DEFAULT_META[type] ?? {}), ...meta } };
}

/**
 * The components a drop from the new-components pane creates: a TABS comes with its first TAB
 * (Superset's newEntitiesFromDrop).
 */
export function newEntities(
  type: ComponentType,
  meta: ComponentMeta = {},
): { root: LayoutItem; all: Layout } {
  const root = newComponent(type, meta);
  const all: Layout = { [root.id]: root };
  if (type === "TABS") {
    const tab = newComponent("TAB");
    root.children = [tab.id];
    all[tab.id] = tab;
  }
  return { root, all };
}
