import { ErrorType, type ErrorTypeName, type SupersetError } from "@strata/contracts";

/**
 * A request the query layer refuses: bad time range, unknown column, unsafe custom SQL,
 * invalid post-processing options. Always a client error (400) in Superset's error shape.
 */
export class QueryValidationError extends Error {
  readonly status = 400;

  constructor(
    message: string,
    readonly errorType: ErrorTypeName = ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
    readonly extra: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = "QueryValidationError";
  }

  toSupersetError(): SupersetError {
    return { error_type: this.errorType, message: this.message, level: "error", extra: this.extra };
  }
}

export function isQueryValidationError(error: unknown): error is QueryValidationError {
  return error instanceof QueryValidationError;
}

/** Shorthands for the error types this package raises. */
export const invalidPayload = (message: string, extra?: Record<string, unknown>) =>
  new QueryValidationError(message, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, extra ?? null);

export const invalidSql = (message: string, extra?: Record<string, unknown>) =>
  new QueryValidationError(message, ErrorType.INVALID_SQL_ERROR, extra ?? null);

export const subqueryNotAllowed = (message: string) =>
  new QueryValidationError(message, ErrorType.ADHOC_SUBQUERY_NOT_ALLOWED_ERROR);

export const columnNotFound = (message: string, extra?: Record<string, unknown>) =>
  new QueryValidationError(message, ErrorType.COLUMN_DOES_NOT_EXIST_ERROR, extra ?? null);
