import type { ResultColumn } from "./types";

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const s = typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of the rows in the browser (RFC 4180 quoting). */
export function toCsv(columns: ResultColumn[], rows: Record<string, unknown>[]): string {
  const keys = columns.map((c) => c.column_name ?? c.name ?? "");
  const lines = [keys.map(cell).join(",")];
  for (const row of rows) lines.push(keys.map((k) => cell(row[k])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
