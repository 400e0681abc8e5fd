import { ErrorType } from "@strata/contracts";
import { scanStatements, type Token } from "../sql-lexer.ts";
import { EngineError } from "../types.ts";

/**
 * Keeps user SQL away from DuckDB's view of the server itself. The sandbox stops file access, but
 * DuckDB still answers questions about its own setup as ordinary query results: the database
 * file's path (`duckdb_databases()`, `PRAGMA database_list`), the temp and secret directories
 * (`current_setting('temp_directory')`, `duckdb_settings()`), spill files, logs, extensions. A user
 * must not learn DATA_DIR or the home directory that way, so these are refused before anything runs.
 *
 * Why names, and why checked twice:
 * - The values can't be hidden in the output: a user can transform them (`reverse(path)`, one
 *   character at a time), so the *sources* are refused, wherever they appear in a statement.
 * - Our lexer sees every identifier of every statement kind (SELECT, EXPLAIN — which folds
 *   `current_setting(…)` into a literal in its plan —, PRAGMA, CALL, CREATE VIEW/MACRO when DML is
 *   allowed). DuckDB's own parse tree (`json_serialize_sql`) covers only SELECT, but it is DuckDB's
 *   reading of the text, so a quirk where our lexer and DuckDB disagree (quoting, comments) cannot
 *   hide a name in a SELECT. Names DuckDB generates itself come only from PRAGMA (refused whole) and
 *   SHOW/DESCRIBE/SUMMARIZE (which read tables and result columns, not settings).
 * - Everything `duckdb_*` / `pragma_*` is refused except the catalogue reads listed below, so a
 *   system function added by a later DuckDB is refused until someone looks at it.
 * - Functions that run SQL from a string (`query`, `query_table`, `json_execute_serialized_sql`)
 *   would defeat any check on the text, so they are refused too.
 * Strata's own metadata reads (`duckdb_databases()` for catalogs, information_schema) don't pass
 * through here: only user SQL (SQL Lab, virtual datasets, chart queries) does.
 */
const CATALOG_READS = new Set([
  "duckdb_tables",
  "duckdb_views",
  "duckdb_columns",
  "duckdb_schemas",
  "duckdb_types",
  "duckdb_functions",
  "duckdb_constraints",
  "duckdb_indexes",
  "duckdb_sequences",
  "duckdb_keywords",
  "duckdb_dependencies",
  "pragma_table_info",
  "pragma_show",
]);

/** Refused when called; as plain names (a column called `query`) they are fine. */
const REFUSED_CALLS = new Set([
  "current_setting",
  "query",
  "query_table",
  "json_execute_serialized_sql",
  "which_secret",
  "enable_logging",
  "disable_logging",
  "truncate_duckdb_logs",
  "enable_profiling",
  "disable_profiling",
  "checkpoint",
  "force_checkpoint",
]);

const isSystemName = (name: string) =>
  (name.startsWith("duckdb_") || name.startsWith("pragma_")) && !CATALOG_READS.has(name);

function refused(name: string): EngineError {
  return new EngineError(
    `${name} is not available here: it describes the server rather than your data. ` +
      "List schemas, tables and columns with information_schema, SHOW TABLES or DESCRIBE.",
    ErrorType.INVALID_SQL_ERROR,
    400,
    { engine_name: "DuckDB" },
  );
}

function identifier(token: Token): string | undefined {
  if (token.kind === "word") return token.text.toLowerCase();
  if (token.kind === "quoted") {
    const q = token.text[0];
    return token.text
      .slice(1, -1)
      .replaceAll(q + q, q)
      .toLowerCase();
  }
  return undefined;
}

/** The lexer pass: throws for a refused name in any statement of `sql`. */
export function checkSystemNamesInText(sql: string): void {
  for (const statement of scanStatements(sql)) {
    const { tokens } = statement;
    if (tokens[0]?.kind === "word" && tokens[0].text === "PRAGMA")
      throw refused(`PRAGMA ${tokens[1]?.text.toLowerCase() ?? ""}`.trim());
    for (let i = 0; i < tokens.length; i++) {
      const name = identifier(tokens[i]);
      if (name === undefined) continue;
      if (isSystemName(name)) throw refused(name);
      const next = tokens[i + 1];
      if (REFUSED_CALLS.has(name) && next?.kind === "punct" && next.text === "(") throw refused(`${name}()`);
    }
  }
}

/** The parse-tree pass over `json_serialize_sql` output (SELECT statements only). */
export function checkSystemNamesInTree(tree: unknown): void {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== "object") return;
    const o = node as Record<string, unknown>;
    if (typeof o.function_name === "string") {
      const name = o.function_name.toLowerCase();
      if (isSystemName(name)) throw refused(name);
      if (REFUSED_CALLS.has(name)) throw refused(`${name}()`);
    }
    if (o.type === "BASE_TABLE" && typeof o.table_name === "string") {
      const name = o.table_name.toLowerCase();
      if (isSystemName(name)) throw refused(name);
    }
    for (const value of Object.values(o)) walk(value);
  };
  walk(tree);
}

/** `json_serialize_sql` of `sql` as a query text (a string literal, so nothing in it runs). */
export function serializeSqlQuery(sql: string): string {
  return `SELECT json_serialize_sql('${sql.replaceAll("'", "''")}')`;
}
