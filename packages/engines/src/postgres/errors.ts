import { ENGINE_DISPLAY_NAMES, ErrorType } from "@strata/contracts";
import { cleanMessage } from "../engine-errors.ts";
import { EngineError } from "../types.ts";

const ENGINE_NAME = ENGINE_DISPLAY_NAMES.postgresql;

/** SQLSTATE → Superset error type. */
const BY_SQLSTATE: Record<string, string> = {
  "42P01": ErrorType.TABLE_DOES_NOT_EXIST_ERROR,
  "42703": ErrorType.COLUMN_DOES_NOT_EXIST_ERROR,
  "42601": ErrorType.SYNTAX_ERROR,
  "3F000": ErrorType.SCHEMA_DOES_NOT_EXIST_ERROR,
  "28P01": ErrorType.CONNECTION_INVALID_PASSWORD_ERROR,
  "28000": ErrorType.CONNECTION_ACCESS_DENIED_ERROR,
  "3D000": ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR,
  "42501": ErrorType.CONNECTION_DATABASE_PERMISSIONS_ERROR,
  "57014": ErrorType.DATABASE_TIMEOUT_ERROR,
  // The engine itself refused a write inside our READ ONLY transaction.
  "25006": ErrorType.DML_NOT_ALLOWED_ERROR,
};

/** Node socket errors → Superset connection error types. */
const BY_ERRNO: Record<string, string> = {
  ECONNREFUSED: ErrorType.CONNECTION_PORT_CLOSED_ERROR,
  ENOTFOUND: ErrorType.CONNECTION_INVALID_HOSTNAME_ERROR,
  EAI_AGAIN: ErrorType.CONNECTION_INVALID_HOSTNAME_ERROR,
  EHOSTUNREACH: ErrorType.CONNECTION_HOST_DOWN_ERROR,
  ETIMEDOUT: ErrorType.CONNECTION_HOST_DOWN_ERROR,
  ECONNRESET: ErrorType.CONNECTION_HOST_DOWN_ERROR,
};

interface PgLikeError {
  message?: string;
  code?: string;
  errno?: number | string;
  hostname?: string;
  address?: string;
  port?: number;
  position?: string;
}

export function mapPostgresError(
  error: unknown,
  context: { host?: string; port?: number; database?: string; user?: string } = {},
): EngineError {
  if (error instanceof EngineError) return error;
  const e = (error ?? {}) as PgLikeError;
  // AggregateError (several addresses tried) carries the socket errors in `errors`.
  const inner = (error as { errors?: PgLikeError[] })?.errors?.[0];
  const code = e.code ?? inner?.code ?? "";
  const extra: Record<string, unknown> = { engine_name: ENGINE_NAME };
  if (BY_ERRNO[code]) {
    const where = `${context.host ?? e.hostname ?? "the host"}${context.port ? `:${context.port}` : ""}`;
    const message =
      code === "ECONNREFUSED"
        ? `Port ${context.port ?? e.port ?? ""} on hostname "${context.host ?? e.address ?? ""}" refused the connection.`
        : code === "ENOTFOUND" || code === "EAI_AGAIN"
          ? `The hostname "${context.host ?? e.hostname ?? ""}" cannot be resolved.`
          : `The host ${where} might be down, and can't be reached.`;
    return new EngineError(message, BY_ERRNO[code], 400, {
      ...extra,
      host: context.host,
      port: context.port,
    });
  }
  const type = BY_SQLSTATE[code];
  const raw = cleanMessage(e.message ?? inner?.message ?? String(error));
  if (code === "28P01") {
    return new EngineError(
      `The password provided for username "${context.user ?? ""}" is incorrect.`,
      type,
      400,
      extra,
    );
  }
  if (code === "3D000") {
    return new EngineError(`Unable to connect to database "${context.database ?? ""}".`, type, 400, extra);
  }
  if (code === "25006") {
    return new EngineError("Only SELECT statements are allowed against this database.", type, 400, {
      ...extra,
      detail: raw,
    });
  }
  if (e.position) extra.position = Number(e.position);
  if (code) extra.sqlstate = code;
  return new EngineError(
    raw || "The database returned an error.",
    type ?? ErrorType.GENERIC_DB_ENGINE_ERROR,
    400,
    extra,
  );
}
