import { csvCell } from "@strata/contracts";
/** A columnar table: one array per column. */
export interface Columnar {
  columns: string[];
  data: unknown[][];
}

const rowCount = (t: Columnar) => t.data[0]?.length ?? 0;

/**
 * Superset's clients read `data` as a list of row objects. We write that JSON text straight
 * from the column arrays, without building an object per row (keys are encoded once).
 */
export function rowsJson(t: Columnar): string {
  return rowsJsonWithin(t, Number.POSITIVE_INFINITY).json;
}

/** Like `rowsJson`, but stops before the text would pass `maxChars`; says how many rows it holds. */
export function rowsJsonWithin(t: Columnar, maxChars: number): { json: string; rows: number } {
  const keys = t.columns.map((c) => `${JSON.stringify(c)}:`);
  const n = rowCount(t);
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; i < n; i++) {
    let row = "{";
    for (let j = 0; j < keys.length; j++) {
      const v = t.data[j][i];
      row += `${j ? "," : ""}${keys[j]}${v === undefined ? "null" : JSON.stringify(v)}`;
    }
    row += "}";
    size += row.length + 1;
    if (size > maxChars) break;
    parts.push(row);
  }
  return { json: `[${parts.join(",")}]`, rows: parts.length };
}

/** Hands the event loop back for a turn: long work in slices lets other requests be answered meanwhile. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * One buffer from many chunks (an S3 upload needs its length up front), copied ~1 MB at a time
 * with a turn of the event loop between: `Buffer.concat` of a 12 MB reply is one step that, three
 * replies at once on a busy machine, held the loop for a noticeable part of a second.
 */
export async function concatInTurns(chunks: Iterable<Uint8Array>): Promise<Buffer> {
  const all = [...chunks];
  const out = Buffer.allocUnsafe(all.reduce((n, c) => n + c.length, 0));
  let at = 0;
  let sinceTurn = 0;
  for (const chunk of all) {
    out.set(chunk, at);
    at += chunk.length;
    sinceTurn += chunk.length;
    if (sinceTurn >= 1024 * 1024) {
      sinceTurn = 0;
      await yieldToLoop();
    }
  }
  return out;
}

/** About this many characters of row JSON are written between two turns of the event loop (~1 ms). */
const SLICE_CHARS = 256 * 1024;

/**
 * `rowsJson` for replies that may be large: the JSON array written in slices of ~256 KB, each
 * encoded to bytes as soon as it is complete, charged to `budget` (so an oversized result is
 * refused once it passes the budget, not after it is whole) and followed by a turn of the event
 * loop — three 10 MB replies written in one go each held the loop for hundreds of milliseconds.
 * The chunks, concatenated, are the array (brackets included). Bytes rather than text: they live
 * outside the JS heap (less for the garbage collector to walk), and the reply, the cache and a
 * job's stored result all send them as they are, never joining or re-encoding megabytes at once.
 */
export async function rowsJsonChunks(
  t: Columnar,
  budget: { take(bytes: number): void },
): Promise<Uint8Array[]> {
  const keys = t.columns.map((c) => `${JSON.stringify(c)}:`);
  const n = rowCount(t);
  const chunks: Uint8Array[] = [];
  const flush = (text: string) => {
    const bytes = Buffer.from(text, "utf8");
    budget.take(bytes.length);
    chunks.push(bytes);
  };
  let slice = "[";
  for (let i = 0; i < n; i++) {
    let row = i ? ",{" : "{";
    for (let j = 0; j < keys.length; j++) {
      const v = t.data[j][i];
      row += `${j ? "," : ""}${keys[j]}${v === undefined ? "null" : JSON.stringify(v)}`;
    }
    slice += `${row}}`;
    if (slice.length >= SLICE_CHARS) {
      flush(slice);
      slice = "";
      await yieldToLoop();
    }
  }
  flush(`${slice}]`);
  return chunks;
}

/** The rows' JSON text from its chunks (small paths that parse it: annotations, CSV from a cache hit). */
export const rowsJsonText = (chunks: Uint8Array[]): string => Buffer.concat(chunks).toString("utf8");

/** CSV with a header row; quotes cells that need it and guards formula-like text (see csvCell). */
export function toCsv(t: Columnar): string {
  return csvHeader(t.columns) + csvBody(t);
}

export function csvHeader(columns: string[]): string {
  return `${columns.map(csvCell).join(",")}\r\n`;
}

/** The rows of `t` as CSV lines (no header), each ending in CRLF. */
export function csvBody(t: Columnar): string {
  const n = rowCount(t);
  const cols = t.data;
  const lines: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    let line = cols.length > 0 ? csvCell(cols[0][i]) : "";
    for (let c = 1; c < cols.length; c++) line += `,${csvCell(cols[c][i])}`;
    lines[i] = `${line}\r\n`;
  }
  return lines.join("");
}

/**
 * An .xlsx workbook of one sheet. exceljs and its zip/stream dependencies are a large part of the
 * API bundle and only these exports need them: loaded on the first export, not at cold start.
 */
export async function toXlsx(t: Columnar, sheet = "Sheet1"): Promise<Uint8Array> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  ws.addRow(t.columns);
  const n = rowCount(t);
  for (let i = 0; i < n; i++) ws.addRow(t.data.map((col) => col[i] ?? null));
  return new Uint8Array(await book.xlsx.writeBuffer());
}
