import { describe, expect, it } from "vitest";
import { dashboardRenderRows, rowsFromTop } from "./render-layout.ts";

const layout = {
  DASHBOARD_VERSION_KEY: "v2",
  ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
  HEADER_ID: { type: "HEADER", id: "HEADER_ID", meta: { text: "Births" } },
  GRID_ID: { type: "GRID", id: "GRID_ID", children: ["HEADER-1", "ROW-1", "DIVIDER-1", "TABS-1"] },
  "HEADER-1": {
    type: "HEADER",
    id: "HEADER-1",
    children: [],
    meta: { text: "Overview", headerSize: "LARGE_HEADER" },
  },
  "ROW-1": { type: "ROW", id: "ROW-1", children: ["CHART-1", "COLUMN-1", "CHART-9"], meta: {} },
  "CHART-1": { type: "CHART", id: "CHART-1", children: [], meta: { chartId: 1, width: 4, height: 50 } },
  "COLUMN-1": { type: "COLUMN", id: "COLUMN-1", children: ["MARKDOWN-1", "CHART-2"], meta: { width: 8 } },
  "MARKDOWN-1": {
    type: "MARKDOWN",
    id: "MARKDOWN-1",
    children: [],
    meta: { code: "# Hi", width: 8, height: 20 },
  },
  "CHART-2": { type: "CHART", id: "CHART-2", children: [], meta: { chartId: 2, width: 8, height: 30 } },
  "CHART-9": { type: "CHART", id: "CHART-9", children: [], meta: { chartId: 9, width: 4, height: 50 } },
  "DIVIDER-1": { type: "DIVIDER", id: "DIVIDER-1", children: [] },
  "TABS-1": { type: "TABS", id: "TABS-1", children: ["TAB-a", "TAB-b"] },
  "TAB-a": { type: "TAB", id: "TAB-a", children: ["ROW-a"], meta: { text: "First" } },
  "TAB-b": { type: "TAB", id: "TAB-b", children: ["ROW-b"], meta: { text: "Second" } },
  "ROW-a": { type: "ROW", id: "ROW-a", children: ["CHART-3"] },
  "ROW-b": { type: "ROW", id: "ROW-b", children: ["CHART-4"] },
  "CHART-3": { type: "CHART", id: "CHART-3", children: [], meta: { chartId: 3, width: 12, height: 40 } },
  "CHART-4": { type: "CHART", id: "CHART-4", children: [], meta: { chartId: 4, width: 6, height: 40 } },
};
const charts = new Set([1, 2, 3, 4]);

describe("dashboardRenderRows", () => {
  it("lays the dashboard out top to bottom, unfolding the first tab and skipping unknown charts", () => {
    expect(dashboardRenderRows(JSON.stringify(layout), charts)).toEqual([
      { blocks: [{ type: "header", text: "Overview", size: "LARGE" }] },
      {
        blocks: [
          { type: "chart", chartId: 1, width: 4, height: 50 },
          {
            type: "column",
            width: 8,
            blocks: [
              { type: "markdown", markdown: "# Hi", width: 8, height: 20 },
              { type: "chart", chartId: 2, width: 8, height: 30 },
            ],
          },
        ],
      },
      { blocks: [{ type: "divider" }] },
      { blocks: [{ type: "header", text: "First", size: "MEDIUM" }] },
      { blocks: [{ type: "chart", chartId: 3, width: 12, height: 40 }] },
    ]);
  });

  it("shows the tab the report is anchored to", () => {
    const rows = dashboardRenderRows(JSON.stringify(layout), charts, ["TAB-b"]);
    expect(rows?.slice(-2)).toEqual([
      { blocks: [{ type: "header", text: "Second", size: "MEDIUM" }] },
      { blocks: [{ type: "chart", chartId: 4, width: 6, height: 40 }] },
    ]);
  });

  it("gives up on an unreadable or empty layout, so the caller stacks the charts", () => {
    expect(dashboardRenderRows("{not json", charts)).toBeNull();
    expect(dashboardRenderRows(null, charts)).toBeNull();
    expect(dashboardRenderRows("{}", charts)).toBeNull();
  });
});

describe("rowsFromTop", () => {
  const row = (height: number) => ({
    blocks: [{ type: "chart" as const, chartId: height, width: 4, height }],
  });

  it("keeps the rows that start above the cut, the one crossing it whole", () => {
    // 50 units are 400 px: rows start at 0, 400, 800 and 1,200 px.
    const rows = [row(50), row(50), row(50), row(50)];
    expect(rowsFromTop(rows, 1200)).toEqual(rows.slice(0, 3));
    expect(rowsFromTop(rows, 1201)).toEqual(rows);
    expect(rowsFromTop(rows, 1)).toEqual(rows.slice(0, 1));
  });

  it("counts a column's blocks one under another, and headers and dividers as a line", () => {
    const column = {
      blocks: [
        {
          type: "column" as const,
          width: 4,
          blocks: [row(50).blocks[0], row(50).blocks[0]],
        },
      ],
    };
    const header = { blocks: [{ type: "header" as const, text: "Part", size: "SMALL" as const }] };
    // The column is 800 px tall, the header 40: the chart after them starts at 840.
    expect(rowsFromTop([column, header, row(10)], 840)).toEqual([column, header]);
    expect(rowsFromTop([column, header, row(10)], 841)).toHaveLength(3);
  });
});
