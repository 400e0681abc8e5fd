import { EngineError } from "@strata/engines";
import { AppError, typedError } from "../errors.ts";
import { ErrorType, type ErrorTypeName } from "@strata/contracts";

const ENGINE_LABEL: Record<string, string> = {
  duckdb: "DuckDB",
  postgresql: "PostgreSQL",
  awsathena: "Amazon Athena",
};

/** Maps an engine failure to Superset's structured error, titled by engine; never leaks a stack. */
export function toEngineError(e: unknown, engine: string): AppError {
  if (e instanceof AppError) return e;
  const label = ENGINE_LABEL[engine] ?? engine;
  if (e instanceof EngineError) {
    return typedError(e.status ?? 400, e.errorType as ErrorTypeName, e.message, {
      engine_name: label,
      ...e.extra,
    });
  }
  const message = e instanceof Error ? e.message.split("\n")[0] : String(e);
  return typedError(400, ErrorType.GENERIC_DB_ENGINE_ERROR, message, { engine_name: label });
}
