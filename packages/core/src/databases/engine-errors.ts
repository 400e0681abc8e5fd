import { EngineError } from "@strata/engines";
import { AppError, typedError } from "../errors.ts";
import { ErrorType, type ErrorTypeName } from "@strata/contracts";
import { redactServerPaths, redactServerPathsIn } from "../server-paths.ts";

const ENGINE_LABEL: Record<string, string> = {
  duckdb: "DuckDB",
  postgresql: "PostgreSQL",
  awsathena: "Amazon Athena",
};

/**
 * Maps an engine failure to Superset's structured error, titled by engine. This is where engine
 * text becomes user text (replies, SQL Lab history, async events), so it never carries a stack
 * or a server path.
 */
export function toEngineError(e: unknown, engine: string): AppError {
  if (e instanceof AppError) return e;
  const label = ENGINE_LABEL[engine] ?? engine;
  if (e instanceof EngineError) {
    return typedError(e.status ?? 400, e.errorType as ErrorTypeName, redactServerPaths(e.message), {
      engine_name: label,
      ...redactServerPathsIn(e.extra),
    });
  }
  const message = e instanceof Error ? e.message.split("\n")[0] : String(e);
  return typedError(400, ErrorType.GENERIC_DB_ENGINE_ERROR, redactServerPaths(message), {
    engine_name: label,
  });
}
