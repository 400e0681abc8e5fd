import ExcelJS from "exceljs";

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

/** About this many characters of row JSON are written between two turns of the event loop (~1 ms). */
const SLICE_CHARS = 256 * 1024;

/**
 * `rowsJson` for replies that may be large: written in slices of ~256 KB, each charged to
 * `budget` as it is written (so an oversized result is refused once it passes the budget, not
 * after it is whole) and followed by a turn of the event loop — three 10 MB replies written in one
 * go each held the loop for hundreds of milliseconds. Returns the slices of the array's body; the
 * JSON text is `[${slices.join(",")}]` (see `joinRowsJson`), so the caller can encode them one by one.
 */
export async function rowsJsonSlices(t: Columnar, budget: { take(chars: number): void }): Promise<string[]> {
  const keys = t.columns.map((c) => `${JSON.stringify(c)}:`);
  const n = rowCount(t);
  const slices: string[] = [];
  let slice = "";
  for (let i = 0; i < n; i++) {
    let row = slice ? ",{" : "{";
    for (let j = 0; j < keys.length; j++) {
      const v = t.data[j][i];
      row += `${j ? "," : ""}${keys[j]}${v === undefined ? "null" : JSON.stringify(v)}`;
    }
    slice += `${row}}`;
    if (slice.length >= SLICE_CHARS) {
      budget.take(slice.length + 1);
      slices.push(slice);
      slice = "";
      await yieldToLoop();
    }
  }
  if (slice) {
    budget.take(slice.length + 1);
    slices.push(slice);
  }
  budget.take(2);
  return slices;
}

export const joinRowsJson = (slices: string[]): string => `[${slices.join(",")}]`;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV with a header row; quotes cells that need it (and formula-like text, against CSV injection). */
export function toCsv(t: Columnar): string {
  return csvHeader(t.columns) + csvBody(t);
}

export function csvHeader(columns: string[]): string {
  return `${columns.map(csvCell).join(",")}\r\n`;
}

/** The rows of `t` as CSV lines (no header), each ending in CRLF. */
export function csvBody(t: Columnar): string {
  const n = rowCount(t);
  const lines: string[] = new Array(n);
  for (let i = 0; i < n; i++) lines[i] = `${t.data.map((col) => csvCell(col[i])).join(",")}\r\n`;
  return lines.join("");
}

export async function toXlsx(t: Columnar, sheet = "Sheet1"): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  ws.addRow(t.columns);
  const n = rowCount(t);
  for (let i = 0; i < n; i++) ws.addRow(t.data.map((col) => col[i] ?? null));
  return new Uint8Array(await book.xlsx.writeBuffer());
}
