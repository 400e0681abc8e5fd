import { ErrorType } from "@strata/contracts";
import { findEngineSpec } from "@strata/engines";
import { typedError } from "../errors.ts";

/**
 * `POST /api/v1/sqllab/format_sql/`: formats in the database's dialect (generic SQL without one).
 * sql-formatter (a tenth of the API bundle, with every dialect's grammar) is loaded on the first
 * call, so a cold start that never formats SQL does not pay for reading it.
 */
export async function formatSql(sql: string, engine?: string): Promise<string> {
  const { format } = await import("sql-formatter");
  try {
    return format(sql, {
      language: findEngineSpec(engine ?? "")?.capabilities.formatterLanguage ?? "sql",
      keywordCase: "upper",
      tabWidth: 2,
    });
  } catch (e) {
    throw typedError(
      400,
      ErrorType.INVALID_SQL_ERROR,
      `The SQL could not be formatted: ${(e as Error).message.split("\n")[0]}`,
    );
  }
}
