import { format } from "sql-formatter";
import { ErrorType } from "@strata/contracts";
import { findEngineSpec } from "@strata/engines";
import { typedError } from "../errors.ts";

/** `POST /api/v1/sqllab/format_sql/`: formats in the database's dialect (generic SQL without one). */
export function formatSql(sql: string, engine?: string): string {
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
