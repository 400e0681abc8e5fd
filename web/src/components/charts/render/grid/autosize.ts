export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 480;
/** Cell padding (8 px each side) plus a little air. */
const CELL_PADDING = 20;
/** Room for the sort arrow and the menu button next to a header's label. */
const HEADER_EXTRA = 44;
/** Values measured per column: enough to see typical widths, cheap on 100k rows. */
export const AUTOSIZE_SAMPLE = 200;

export type Measure = (text: string, bold?: boolean) => number;

/** Width that fits the header and the sampled values, clamped to sensible bounds. */
export function autosizeWidth(header: string, values: string[], measure: Measure): number {
  let widest = measure(header, true) + HEADER_EXTRA;
  for (const value of values) widest = Math.max(widest, measure(value));
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.ceil(widest + CELL_PADDING)));
}

/** Text width in pixels from a canvas with the grid's font; a character-count guess without canvas. */
export function textMeasure(font: string): Measure {
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = document.createElement("canvas").getContext("2d");
  } catch {
    context = null;
  }
  if (!context || typeof context.measureText !== "function") {
    return (text, bold) => text.length * (bold ? 8 : 7.5);
  }
  const ctx = context;
  return (text, bold) => {
    ctx.font = bold ? `600 ${font}` : font;
    return ctx.measureText(text).width;
  };
}
