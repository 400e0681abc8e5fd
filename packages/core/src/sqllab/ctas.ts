import { ErrorType } from "@strata/contracts";
import type { QueryEngine, StatementInfo } from "@strata/engines";
import type { DatabaseEntity } from "../databases/types.ts";
import { badRequest, typedError } from "../errors.ts";
import type { QueryData } from "./types.ts";

export interface CtasTarget {
  method: "TABLE" | "VIEW";
  table: string;
  schema: string | null;
}

/** Where a CREATE TABLE/VIEW AS run writes, after checking the database allows it and the SQL fits. */
export function ctasTarget(
  db: DatabaseEntity,
  body: { ctas_method?: "TABLE" | "VIEW" | null; tmp_table_name?: string | null; schema?: string | null },
  statements: StatementInfo[],
  userId: number | null,
): CtasTarget {
  const method = body.ctas_method ?? "TABLE";
  const allowed = method === "TABLE" ? db.allow_ctas : db.allow_cvas;
  if (!allowed)
    throw typedError(
      400,
      ErrorType.DML_NOT_ALLOWED_ERROR,
      `"${db.database_name}" does not allow CREATE ${method} AS; an admin can allow it in the database's settings.`,
    );
  if (statements.length !== 1 || !statements[0].readOnly || !/^(SELECT|WITH)/i.test(statements[0].sql.trim()))
    throw typedError(
      400,
      method === "TABLE" ? ErrorType.INVALID_CTAS_QUERY_ERROR : ErrorType.INVALID_CVAS_QUERY_ERROR,
      `CREATE ${method} AS needs exactly one SELECT statement.`,
    );
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, "_");
  const table = body.tmp_table_name?.trim() || `tmp_${userId ?? 0}_table_${stamp}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (table.length > 250 || /[\u0000-\u001f]/.test(table))
    throw badRequest({ tmp_table_name: ["Use a table name of at most 250 printable characters."] });
  return { method, table, schema: db.force_ctas_schema || body.schema || null };
}

/**
 * The one statement a CTAS run executes. Names are quoted by the engine; the SELECT was checked
 * to be a single reading statement, and the whole is re-parsed so nothing can ride along.
 */
export async function ctasStatement(
  engine: QueryEngine,
  q: QueryData,
  select: StatementInfo[],
): Promise<StatementInfo> {
  const name = [q.tmp_schema_name, q.tmp_table_name]
    .filter((p): p is string => !!p)
    .map((p) => engine.quoteIdentifier(p))
    .join(".");
  const sql = `CREATE ${q.ctas_method === "VIEW" ? "VIEW" : "TABLE"} ${name} AS\n${select[0].sql.replace(/;\s*$/, "")}`;
  const parsed = await engine.parseStatements(sql);
  if (parsed.length !== 1)
    throw typedError(
      400,
      ErrorType.INVALID_CTAS_QUERY_ERROR,
      "CREATE TABLE AS needs exactly one SELECT statement.",
    );
  return parsed[0];
}
