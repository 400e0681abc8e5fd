import { ENGINE_DISPLAY_NAMES, ErrorType } from "@strata/contracts";
import { cleanMessage } from "../engine-errors.ts";
import { EngineError } from "../types.ts";

const ENGINE_NAME = ENGINE_DISPLAY_NAMES.duckdb;

/** DuckDB reports errors as "<Kind> Error: <text>"; the kind and text say what went wrong. */
export function mapDuckDbError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  const message = cleanMessage(raw.replace(/^Failed to extract statements:\s*/i, ""));
  const extra = { engine_name: ENGINE_NAME };
  if (/^Parser Error:/i.test(message)) return new EngineError(message, ErrorType.SYNTAX_ERROR, 400, extra);
  if (/^Catalog Error: (Table|View|Table Function) with name .* does not exist/i.test(message))
    return new EngineError(message, ErrorType.TABLE_DOES_NOT_EXIST_ERROR, 400, extra);
  if (
    /^Catalog Error: (Schema with name .* does not exist|SET schema: No catalog \+ schema named)/i.test(
      message,
    )
  )
    return new EngineError(message, ErrorType.SCHEMA_DOES_NOT_EXIST_ERROR, 400, extra);
  if (/^Catalog Error: Catalog .* does not exist/i.test(message))
    return new EngineError(message, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 400, extra);
  if (
    /^Binder Error: (Referenced column|Values list .* does not have a column|Table .* does not have a column)/i.test(
      message,
    )
  )
    return new EngineError(message, ErrorType.COLUMN_DOES_NOT_EXIST_ERROR, 400, extra);
  return new EngineError(message, ErrorType.GENERIC_DB_ENGINE_ERROR, 400, extra);
}

export function isInterrupt(error: unknown): boolean {
  return error instanceof Error && /^INTERRUPT Error/i.test(error.message);
}
