import type { EngineName } from "./database.ts";

/**
 * Each engine's name as Superset shows it (`engine_name` in errors, the connection form's list).
 * The server's engine specs and the SPA both read it from here.
 */
export const ENGINE_DISPLAY_NAMES: Readonly<Record<EngineName, string>> = {
  duckdb: "DuckDB",
  postgresql: "PostgreSQL",
  awsathena: "Amazon Athena",
};

/** The display name of a backend id; an unknown id is shown as it is. */
export function engineDisplayName(backend: string): string {
  return (ENGINE_DISPLAY_NAMES as Record<string, string>)[backend] ?? backend;
}
