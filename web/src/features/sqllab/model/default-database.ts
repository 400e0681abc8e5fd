import type { DatabaseRow } from "@strata/contracts";

/** The database Superset ships its example data in. */
const EXAMPLES = "examples";

/**
 * The database a tab without one starts on, so Run works on a first visit without picking one:
 * the configured default (`SQLLAB_DEFAULT_DBID`) when the user can use it, else the only database
 * the user has, else the examples database. With several and no examples, the user chooses.
 */
export function defaultDatabaseId(
  databases: Pick<DatabaseRow, "id" | "database_name">[] | undefined,
  configured?: number,
): number | null {
  if (!databases?.length) return null;
  if (configured && databases.some((d) => d.id === configured)) return configured;
  if (databases.length === 1) return databases[0].id;
  return databases.find((d) => d.database_name.toLowerCase() === EXAMPLES)?.id ?? null;
}
