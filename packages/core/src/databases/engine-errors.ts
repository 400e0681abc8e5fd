import { EngineError } from "@strata/engines";
import { AppError, typedError } from "../errors.ts";
import { ErrorType, type ErrorTypeName } from "@strata/contracts";
import { redactServerPaths, redactServerPathsIn } from "../server-paths.ts";

export const ENGINE_LABEL: Record<string, string> = {
  duckdb: "DuckDB",
  postgresql: "PostgreSQL",
  awsathena: "Amazon Athena",
};

/**
 * Engine messages that would mislead a user as they stand (in the spirit of Superset's
 * `custom_errors` on each engine spec): each is matched on the engine's text and replaced by one
 * that says what happened and what to do instead.
 */
interface CustomError {
  pattern: RegExp;
  type: ErrorTypeName;
  message: (match: RegExpExecArray) => string;
}

const CUSTOM_ERRORS: Record<string, CustomError[]> = {
  duckdb: [
    {
      // The sandbox turns file and network access off; DuckDB's text reads like a server fault.
      pattern: /^Permission Error: Cannot access file "([^"]*)" - file system operations are disabled/i,
      type: ErrorType.GENERIC_DB_ENGINE_ERROR,
      message: (m) =>
        `Reading "${m[1]}" was refused: queries on this database may not read files or URLs. Upload the file to a database (Databases → Upload file) and query its table instead.`,
    },
    {
      // Extensions are neither installed nor loaded from user SQL; DuckDB's advice to run
      // INSTALL/LOAD or change settings cannot be followed here.
      pattern:
        /^Catalog Error: (?:Table Function|Scalar Function|Function|Type) with name "?([\w.]+)"? is not in the catalog, but it exists in the (\w+) extension/i,
      type: ErrorType.GENERIC_DB_ENGINE_ERROR,
      message: (m) =>
        `${m[1]} needs the DuckDB extension "${m[2]}", which queries on this database may not load.`,
    },
  ],
};

function customError(engine: string, e: EngineError): { type: ErrorTypeName; message: string } | null {
  for (const custom of CUSTOM_ERRORS[engine] ?? []) {
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
  const label = ENGINE_LABEL[engine] ?? engine;
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
