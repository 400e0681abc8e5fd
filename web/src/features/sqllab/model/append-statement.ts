import { localPlaceholder, NEW_TAB_SQL } from "./editor-state";

/** Nothing written yet: blank, or the placeholder a new tab starts with (002 §2). */
export function isBlankEditor(sql: string): boolean {
  const text = sql.trim();
  return text === "" || text === NEW_TAB_SQL || text === localPlaceholder().trim();
}

/**
 * The tab's SQL with `statement` added at the end, or only `statement` when nothing was written
 * yet. The previous text is closed with a semicolon so that running everything still runs both.
 */
export function appendStatement(sql: string, statement: string): string {
  if (isBlankEditor(sql)) return statement;
  const before = sql.trimEnd();
  return `${before}${before.endsWith(";") ? "" : ";"}\n\n${statement}`;
}
