/**
 * CSV cells as every export writes them, on the server (chart data, SQL Lab, reports) and in the
 * browser (table and pivot downloads), so a file reads the same wherever it was made.
 *
 * Spreadsheets run a cell that starts with = + - @ | or % as a formula, also after leading
 * spaces or a doubled quote, and treat a leading tab or carriage return as a way in too (CSV
 * injection). Quoting the field does not stop that: Excel, LibreOffice and Google Sheets evaluate
 * `"=1+1"` all the same. Such text gets a leading apostrophe, which spreadsheets read as "this is
 * text" and most hide. Numbers are never touched, nor text that is a plain negative number.
 */
const FORMULA_START = /^(?:(?:""|\s+)[-=+@|%]|[-=+@|%\t\r])/;
const NEGATIVE_NUMBER = /^-[0-9.]+$/;

/** Text as a spreadsheet may safely read it (see above). */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One value as a CSV field: empty for null, JSON for lists and objects, strings guarded. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return csvField(guardFormula(value));
  return csvField(typeof value === "object" ? JSON.stringify(value) : String(value));
}
