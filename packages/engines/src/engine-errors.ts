import { ErrorType } from "@strata/contracts";
import { EngineError } from "./types.ts";

/** Superset's wording for SQL Lab's refusal of writes. */
export function dmlNotAllowed(kind: string): EngineError {
  return new EngineError(
    "Only SELECT statements are allowed against this database.",
    ErrorType.DML_NOT_ALLOWED_ERROR,
    400,
    { statement_kind: kind },
  );
}

export function cancelledError(engineName: string): EngineError {
  return new EngineError("The query was stopped.", ErrorType.GENERIC_DB_ENGINE_ERROR, 400, {
    engine_name: engineName,
    cancelled: true,
  });
}

export function timeoutError(engineName: string): EngineError {
  return new EngineError(
    "The query was cancelled because it ran longer than the allowed time.",
    ErrorType.DATABASE_TIMEOUT_ERROR,
    400,
    { engine_name: engineName },
  );
}

/** True when an error means the caller stopped the query (not a failure of the query). */
export function isCancelled(error: unknown): boolean {
  return error instanceof EngineError && error.extra.cancelled === true;
}

/** An aborted signal maps to a timeout when it came from `AbortSignal.timeout()`, else to a stop. */
export function abortError(signal: AbortSignal, engineName: string): EngineError {
  const reason = signal.reason as { name?: string } | undefined;
  return reason?.name === "TimeoutError" ? timeoutError(engineName) : cancelledError(engineName);
}

/** Keeps the engine's own words but never a stack or a driver class name. */
export function cleanMessage(message: string): string {
  return message.replace(/\s+$/, "").replace(/^error:\s*/i, "");
}
