import type { CtasMethod } from "../api/sqllab-api";
import type { QueryRun } from "../model/types";

/**
 * What a run's answer says beyond its rows: whether the display was cut, and the CTAS outcome
 * (002 §3 ctas, ctas_method, tempTable, tempSchema). Kept on the query run next to its other fields.
 */
export interface RunOutcome {
  displayLimitReached?: boolean;
  ctas?: boolean;
  ctas_method?: CtasMethod;
  tempTable?: string | null;
  tempSchema?: string | null;
}

export type QueryRunView = QueryRun & RunOutcome;

const str = (v: unknown): string | null | undefined =>
  typeof v === "string" ? v : v === null ? null : undefined;

/** The outcome fields present in an execute/results answer; absent ones are left out, not undefined. */
export function runOutcome(body: unknown): RunOutcome {
  const b = (body ?? {}) as { displayLimitReached?: unknown; query?: Record<string, unknown> | null };
  const q = b.query ?? {};
  const out: RunOutcome = {};
  if (typeof b.displayLimitReached === "boolean") out.displayLimitReached = b.displayLimitReached;
  if (typeof q.ctas === "boolean") out.ctas = q.ctas;
  if (q.ctas_method === "TABLE" || q.ctas_method === "VIEW") out.ctas_method = q.ctas_method;
  const table = str(q.tmp_table_name) ?? str(q.tempTable);
  if (table !== undefined) out.tempTable = table;
  const schema = str(q.tempSchema) ?? str(q.tmp_schema_name);
  if (schema !== undefined) out.tempSchema = schema;
  return out;
}

/** More rows were produced than the answer carried (the server flag, else rows vs. shown). */
export function displayCut(query: QueryRunView, shown: number): boolean {
  return query.displayLimitReached ?? (shown > 0 && (query.rows ?? 0) > shown);
}
