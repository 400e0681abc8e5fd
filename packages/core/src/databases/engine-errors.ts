import { EngineError, findEngineSpec } from "@strata/engines";
import { isQueryValidationError } from "@strata/query";
import { AppError, typedError } from "../errors.ts";
import { ENGINE_DISPLAY_NAMES, ErrorType, type ErrorTypeName, engineDisplayName } from "@strata/contracts";
import { redactServerPaths, redactServerPathsIn } from "../server-paths.ts";

/** Engine display names by backend id (kept for callers that index it directly). */
export const ENGINE_LABEL: Record<string, string> = ENGINE_DISPLAY_NAMES;

/** An engine's own rewording of a message that would mislead as it stands (its spec's `customErrors`). */
function customError(engine: string, e: EngineError): { type: ErrorTypeName; message: string } | null {
  for (const custom of findEngineSpec(engine)?.customErrors ?? []) {
    const match = custom.pattern.exec(e.message);
    if (match) return { type: custom.type, message: custom.message(match) };
  }
  return null;
}

/**
 * Maps an engine failure to Superset's structured error, titled by engine (issue codes are added
 * by `typedError`). This is where engine text becomes user text (replies, SQL Lab history, async
 * events), so it never carries a stack or a server path.
 */
export function toEngineError(e: unknown, engine: string): AppError {
  if (e instanceof AppError) return e;
  const label = engineDisplayName(engine);
  if (e instanceof EngineError) {
    const custom = customError(engine, e);
    return typedError(
      e.status ?? 400,
      custom?.type ?? (e.errorType as ErrorTypeName),
      redactServerPaths(custom?.message ?? e.message),
      { engine_name: label, ...redactServerPathsIn(e.extra) },
    );
  }
  const message = e instanceof Error ? e.message.split("\n")[0] : String(e);
  return typedError(400, ErrorType.GENERIC_DB_ENGINE_ERROR, redactServerPaths(message), {
    engine_name: label,
  });
}

/**
 * The HTTP boundary's mapping of errors that left core unconverted: an engine error becomes
 * Superset's structured error (titled by the engine it names, if any), a query-layer refusal a 400
 * with its error type. Anything else is not ours to map (null).
 */
export function knownErrorToAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof EngineError) {
    const named = err.extra.engine_name;
    const engine = Object.entries(ENGINE_DISPLAY_NAMES).find(([, name]) => name === named)?.[0];
    if (engine) return toEngineError(err, engine);
    return typedError(
      err.status ?? 400,
      err.errorType as ErrorTypeName,
      redactServerPaths(err.message),
      redactServerPathsIn(err.extra),
    );
  }
  if (isQueryValidationError(err)) {
    return new AppError(err.status, { message: err.message, errors: [err.toSupersetError()] });
  }
  return null;
}
