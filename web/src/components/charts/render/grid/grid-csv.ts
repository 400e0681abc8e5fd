import { csvField, guardFormula } from "@strata/contracts";
import type { GridColumn, GridRow } from "./types";

/** A value as exported text: the column's formatter when it has one, empty for null. */
export function cellText(column: GridColumn, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (column.format) return column.format(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The rows as CSV (header line first, CRLF line ends), guarded against formula injection. */
export function toCsv(columns: GridColumn[], rows: GridRow[]): string {
  const line = (cells: string[]) => cells.map(csvField).join(",");
  const lines = [line(columns.map((c) => guardFormula(c.label)))];
  // Strings are guarded, numbers are not: -5 is a number, not a formula, however it is formatted.
  const guarded = (value: unknown, text: string) => (typeof value === "string" ? guardFormula(text) : text);
  for (const row of rows) {
    lines.push(line(columns.map((c) => guarded(row[c.key], cellText(c, row[c.key])))));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The rows as tab-separated text for pasting into a spreadsheet; tabs and line breaks become spaces. */
export function toTsv(columns: GridColumn[], rows: GridRow[]): string {
  const field = (text: string) => text.replace(/[\t\r\n]+/g, " ");
  const line = (cells: string[]) => cells.map(field).join("\t");
  return [
    line(columns.map((c) => c.label)),
    ...rows.map((r) => line(columns.map((c) => cellText(c, r[c.key])))),
  ].join("\n");
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: revoking right after click() can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
