import type { ErrorTypeName, SupersetError } from "@strata/contracts";
import { withIssueCodes } from "./issue-codes.ts";

/**
 * The one error type the core throws. It carries an HTTP status and Superset's error shape,
 * so the API boundary only serialises it.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string | Record<string, unknown>; errors?: SupersetError[] },
  ) {
    super(typeof body.message === "string" ? body.message : JSON.stringify(body.message));
    this.name = "AppError";
  }
}

export const badRequest = (message: string | Record<string, unknown>) => new AppError(400, { message });
export const unauthorized = (message = "Not authorized") => new AppError(401, { message });
export const forbidden = (message = "Forbidden") => new AppError(403, { message });
export const notFound = (message = "Not found") => new AppError(404, { message });
export const conflict = (message: string) => new AppError(409, { message });
export const unprocessable = (message: string | Record<string, unknown>) => new AppError(422, { message });

/** A structured error (`errors: [...]`) as Superset's SIP-40 endpoints return them, with its issue codes. */
export function typedError(
  status: number,
  error_type: ErrorTypeName,
  message: string,
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError(status, {
    message,
    errors: [{ error_type, message, level: "error", extra: withIssueCodes(error_type, extra) }],
  });
}
