import type { SqlLabQueryRow } from "@strata/contracts";

/**
 * What SQL Lab opens in a new tab when sent to `/sqllab/` with this as the router state's
 * `requestedQuery` (its documented way in for other pages): the run's SQL, database and schema.
 */
export function requestedQueryOf(q: Pick<SqlLabQueryRow, "sql" | "dbId" | "schema">) {
  return { sql: q.sql ?? "", dbId: q.dbId ?? null, schema: q.schema ?? null };
}
