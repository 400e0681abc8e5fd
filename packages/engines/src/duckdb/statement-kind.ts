import type { DuckDBConnection } from "@duckdb/node-api";

/**
 * The kind of a statement DuckDB could parse but not bind (a misspelt column, an unknown table, a
 * file the sandbox refuses). Binding failed, so the prepared statement's type is unknown; the
 * parser still knows. `json_serialize_sql` serialises SELECT statements only (WITH … SELECT,
 * UNION, VALUES included) and reports an error for every other kind, so a clean serialisation is
 * the parser's verdict that the text is one read. Anything else stays a possible write, named by
 * its first word: the engine's own refusal at run time (rolled-back transaction, sandbox) is the
 * second line.
 */
export async function kindOfUnboundStatement(
  connection: DuckDBConnection,
  text: string,
): Promise<{ kind: string; readOnly: boolean }> {
  if (await parsesAsSelect(connection, text)) return { kind: "SELECT", readOnly: true };
  const kind = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "UNKNOWN";
  return { kind, readOnly: false };
}

async function parsesAsSelect(connection: DuckDBConnection, text: string): Promise<boolean> {
  try {
    const reader = await connection.runAndReadAll("SELECT json_serialize_sql($1::VARCHAR)", [text]);
    const tree = JSON.parse(String(reader.getRowsJson()[0]?.[0] ?? "{}")) as {
      error?: boolean;
      statements?: unknown[];
    };
    // One text, one statement: a script that slipped through unsplit is not judged as a whole.
    return tree.error === false && Array.isArray(tree.statements) && tree.statements.length === 1;
  } catch {
    return false;
  }
}
