import type { RenderBlock, RenderRow } from "./render-port.ts";

interface Component {
  type?: string;
  children?: string[];
  meta?: {
    chartId?: number;
    width?: number;
    height?: number;
    text?: string;
    code?: string;
    headerSize?: string;
  };
}

const DEFAULT_WIDTH = 4;
const DEFAULT_HEIGHT = 50;

const headerSize = (size: string | undefined): "SMALL" | "MEDIUM" | "LARGE" =>
  size === "LARGE_HEADER" ? "LARGE" : size === "MEDIUM_HEADER" ? "MEDIUM" : "SMALL";

/**
 * A dashboard's layout (position_json) as the render page's rows, in the order the screen shows
 * them. A report is a document, so tabs are unfolded: each TABS container shows the tab named in
 * `activeTabs` (the report's anchor), else its first tab, under a header with the tab's title.
 * Charts missing from the dashboard's chart list are left out. Null when the layout is unreadable
 * or empty: the caller then stacks the charts one per row.
 */
export function dashboardRenderRows(
  positionJson: string | null | undefined,
  chartIds: ReadonlySet<number>,
  activeTabs: readonly string[] = [],
): RenderRow[] | null {
  let layout: Record<string, Component>;
  try {
    layout = JSON.parse(positionJson ?? "");
  } catch {
    return null;
  }
  if (!layout || typeof layout !== "object") return null;
  const rows: RenderRow[] = [];
  const seen = new Set<string>();
  const childrenOf = (id: string) => (layout[id]?.children ?? []).filter((c) => !seen.has(c) && layout[c]);

  const block = (id: string): RenderBlock | null => {
    const c = layout[id];
    if (!c) return null;
    const width = c.meta?.width ?? DEFAULT_WIDTH;
    const height = c.meta?.height ?? DEFAULT_HEIGHT;
    if (c.type === "CHART") {
      const chartId = c.meta?.chartId;
      return typeof chartId === "number" && chartIds.has(chartId)
        ? { type: "chart", chartId, width, height }
        : null;
    }
    if (c.type === "MARKDOWN") return { type: "markdown", markdown: c.meta?.code ?? "", width, height };
    if (c.type === "COLUMN") {
      seen.add(id);
      const blocks = childrenOf(id).flatMap((child) => {
        if (layout[child]?.type === "ROW") {
          // A row inside a column: its blocks one under another keep the reading order.
          seen.add(child);
          return childrenOf(child).flatMap((b) => block(b) ?? []);
        }
        return block(child) ?? [];
      });
      return blocks.length ? { type: "column", width, blocks } : null;
    }
    return null;
  };

  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const c = layout[id];
    if (!c) return;
    switch (c.type) {
      case "ROW": {
        const blocks = childrenOf(id).flatMap((child) => block(child) ?? []);
        if (blocks.length) rows.push({ blocks });
        return;
      }
      case "HEADER":
        if (id !== "HEADER_ID")
          rows.push({
            blocks: [{ type: "header", text: c.meta?.text ?? "", size: headerSize(c.meta?.headerSize) }],
          });
        return;
      case "DIVIDER":
        rows.push({ blocks: [{ type: "divider" }] });
        return;
      case "TABS": {
        const tabs = childrenOf(id);
        const shown = tabs.find((t) => activeTabs.includes(t)) ?? tabs[0];
        if (!shown) return;
        const text = layout[shown]?.meta?.text;
        if (text) rows.push({ blocks: [{ type: "header", text, size: "MEDIUM" }] });
        walk(shown);
        return;
      }
      case "CHART":
      case "MARKDOWN":
      case "COLUMN": {
        const b = block(id);
        if (b) rows.push({ blocks: [b] });
        return;
      }
      default:
        for (const child of childrenOf(id)) walk(child);
    }
  };

  walk(layout.ROOT_ID ? "ROOT_ID" : layout.GRID_ID ? "GRID_ID" : "");
  return rows.length ? rows : null;
}

/** The render page's pixels per layout height unit (Superset's grid unit). */
const GRID_UNIT_PX = 8;
/** What a header or divider row takes at least, in pixels. */
const LINE_ROW_PX = 40;

const blockPx = (b: RenderBlock): number =>
  b.type === "column"
    ? b.blocks.reduce((sum, inner) => sum + blockPx(inner), 0)
    : b.type === "chart" || b.type === "markdown"
      ? b.height * GRID_UNIT_PX
      : LINE_ROW_PX;

/**
 * The rows that start within the page's first `px` pixels (a thumbnail's top screenful): the
 * charts below are not drawn, so their data is not asked for. Rows' heights are the layout's,
 * an estimate of the page's (gaps and titles add a little): a row that starts before the cut is
 * kept whole.
 */
export function rowsFromTop(rows: RenderRow[], px: number): RenderRow[] {
  const kept: RenderRow[] = [];
  let top = 0;
  for (const row of rows) {
    if (top >= px) break;
    kept.push(row);
    top += Math.max(LINE_ROW_PX, ...row.blocks.map(blockPx));
  }
  return kept;
}
