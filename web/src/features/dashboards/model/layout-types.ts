import { translatable } from "../../../lib/i18n";

/** Dashboard layout components (001 §3): a flat map of components by id, as in position_json. */

export const ComponentTypes = {
  ROOT: "ROOT",
  GRID: "GRID",
  HEADER: "HEADER",
  ROW: "ROW",
  COLUMN: "COLUMN",
  CHART: "CHART",
  MARKDOWN: "MARKDOWN",
  DIVIDER: "DIVIDER",
  TABS: "TABS",
  TAB: "TAB",
  DYNAMIC: "DYNAMIC",
} as const;
export type ComponentType = (typeof ComponentTypes)[keyof typeof ComponentTypes];

export const ROOT_ID = "ROOT_ID";
export const GRID_ID = "GRID_ID";
export const HEADER_ID = "HEADER_ID";
export const DASHBOARD_VERSION_KEY = "DASHBOARD_VERSION_KEY";
/** The source id of drags that start in the new-components pane. */
export const NEW_COMPONENTS_SOURCE_ID = "NEW_COMPONENTS_SOURCE_ID";

export const ROOT_DEPTH = 0;
export const GRID_COLUMN_COUNT = 12;
export const GRID_BASE_UNIT = 8;
export const GUTTER = 16;
export const GRID_MIN_COLUMN_COUNT = 1;
export const GRID_MIN_ROW_UNITS = 5;
export const GRID_MAX_ROW_UNITS = 100;
export const GRID_DEFAULT_CHART_WIDTH = 4;
export const GRID_DEFAULT_CHART_HEIGHT = 50;

/** 001 §9 defaults. */
export const NEW_HEADER_TEXT = translatable("New header");
export const NEW_TAB_TITLE = translatable("Tab title");
export const NEW_MARKDOWN_TEXT =
  "# Markdown\n\nClick here to edit this block in **markdown**. Links, images and simple HTML are allowed.";

export const BACKGROUND_TRANSPARENT = "BACKGROUND_TRANSPARENT";
export const BACKGROUND_WHITE = "BACKGROUND_WHITE";
export type HeaderSize = "SMALL_HEADER" | "MEDIUM_HEADER" | "LARGE_HEADER";

export interface ComponentMeta {
  chartId?: number;
  sliceName?: string;
  sliceNameOverride?: string;
  uuid?: string;
  width?: number;
  height?: number;
  background?: string;
  /** Header and tab titles. */
  text?: string;
  defaultText?: string;
  placeholder?: string;
  headerSize?: HeaderSize;
  /** Markdown source. */
  code?: string;
  [key: string]: unknown;
}

export interface LayoutItem {
  id: string;
  type: ComponentType;
  children: string[];
  parents?: string[];
  meta: ComponentMeta;
}

export type Layout = Record<string, LayoutItem>;

/** What is dragged: an existing component, or a new one from the pane (with its meta). */
export interface DragItem {
  id: string;
  type: ComponentType;
  /** NEW_COMPONENTS_SOURCE_ID for new ones, else the current parent. */
  parentId: string;
  index: number;
  meta?: ComponentMeta;
}

export type DropPosition = "top" | "right" | "bottom" | "left";

export interface DropResult {
  source: { id: string; index: number };
  destination: { id: string; index: number };
  dragging: { id: string; type: ComponentType; meta?: ComponentMeta };
  position?: DropPosition;
}

export const isContainerType = (type: ComponentType) =>
  type === "ROOT" ||
  type === "GRID" ||
  type === "ROW" ||
  type === "COLUMN" ||
  type === "TABS" ||
  type === "TAB";
