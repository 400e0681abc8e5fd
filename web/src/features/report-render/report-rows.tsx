import { ReportChart } from "./report-chart";
import { ReportMarkdown } from "./report-markdown";
import classes from "./report-render.module.css";
import { GRID_UNIT, GUTTER, type RenderBlock, type RenderChart, type RenderRow } from "./render-job";
import type { RenderSignal } from "./render-signal";

const HEADER_TAG = { LARGE: "h1", MEDIUM: "h2", SMALL: "h4" } as const;

interface BlockProps {
  block: RenderBlock;
  charts: ReadonlyMap<number, RenderChart>;
  signal: RenderSignal;
}

function Block({ block, charts, signal }: BlockProps) {
  switch (block.type) {
    case "chart": {
      const chart = charts.get(block.chartId);
      if (!chart) return null;
      return (
        <div style={{ gridColumn: `span ${clampColumns(block.width)}`, minWidth: 0 }}>
          <ReportChart chart={chart} height={block.height * GRID_UNIT} signal={signal} />
        </div>
      );
    }
    case "markdown":
      return (
        <div
          className={classes.markdown}
          style={{ gridColumn: `span ${clampColumns(block.width)}`, minHeight: block.height * GRID_UNIT }}
        >
          <ReportMarkdown source={block.markdown} />
        </div>
      );
    case "column":
      return (
        <div className={classes.column} style={{ gridColumn: `span ${clampColumns(block.width)}` }}>
          {block.blocks.map((child, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the layout is fixed for the page's life
            <Block key={i} block={{ ...child, ...spanAll(child) }} charts={charts} signal={signal} />
          ))}
        </div>
      );
    case "header": {
      const Tag = HEADER_TAG[block.size];
      return <Tag className={classes.header}>{block.text}</Tag>;
    }
    case "divider":
      return <hr className={classes.divider} />;
  }
}

/** Inside a column, every block takes the column's whole width. */
const spanAll = (block: RenderBlock) => ("width" in block ? { width: 12 } : {});
const clampColumns = (width: number) => Math.min(12, Math.max(1, Math.round(width) || 1));

/** A dashboard as a document: its rows top to bottom, full length, each a 12-column grid. */
export function ReportRows({
  rows,
  charts,
  signal,
}: {
  rows: RenderRow[];
  charts: RenderChart[];
  signal: RenderSignal;
}) {
  const byId = new Map(charts.map((c) => [c.id, c]));
  return (
    <>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the layout is fixed for the page's life
        <div key={i} className={classes.row} style={{ gap: GUTTER }}>
          {row.blocks.map((block, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the layout is fixed for the page's life
            <Block key={j} block={block} charts={byId} signal={signal} />
          ))}
        </div>
      ))}
    </>
  );
}
