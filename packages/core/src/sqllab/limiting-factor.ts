import type { LimitingFactor } from "./types.ts";

/** The SQL's own trailing `LIMIT n` (optionally with OFFSET), ignoring comments and a final semicolon. */
export function trailingLimit(sql: string): number | null {
  const text = sql
    .replace(/--[^\n]*$/gm, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .trim();
  const m = /\blimit\s+(\d+)(\s+offset\s+\d+)?\s*;?\s*$/i.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Why the result has the rows it has: the limit selector cut it (DROPDOWN), the SQL's LIMIT did
 * (QUERY), both at once (QUERY_AND_DROPDOWN), or nothing (NOT_LIMITED).
 */
export function limitingFactor(sql: string, limit: number, rows: number, truncated: boolean): LimitingFactor {
  if (truncated) return "DROPDOWN";
  const own = trailingLimit(sql);
  if (own !== null && rows === own) return own === limit ? "QUERY_AND_DROPDOWN" : "QUERY";
  return "NOT_LIMITED";
}
