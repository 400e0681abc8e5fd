import { ErrorType, HTTP_STATUS_TEXT, type SupersetError } from "@strata/contracts";
import { t } from "./i18n";

/** Status texts per 001 §8; anything else is 'Unknown error'. */
export function statusText(status: number): string {
  return HTTP_STATUS_TEXT[status] ?? t("Unknown error");
}

export const NETWORK_ERROR_STATUS = 599;

interface ApiErrorInit {
  status: number;
  message: string;
  errors?: SupersetError[];
  fieldErrors?: Record<string, string[]>;
  body?: unknown;
}

/** Every failed call of the api client rejects with this. `message` is ready to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly errors: SupersetError[];
  /** Field-level messages when the server answered `{message: {field: [msgs]}}`. */
  readonly fieldErrors: Record<string, string[]>;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.statusText = statusText(init.status);
    this.errors = init.errors ?? [];
    this.fieldErrors = init.fieldErrors ?? {};
    this.body = init.body;
  }

  /** The first structured error, or one synthesised from the message. */
  get firstError(): SupersetError {
    return (
      this.errors[0] ?? {
        error_type:
          this.status === NETWORK_ERROR_STATUS
            ? ErrorType.FRONTEND_NETWORK_ERROR
            : ErrorType.GENERIC_BACKEND_ERROR,
        message: this.message,
        level: "error",
        extra: null,
      }
    );
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const CSRF_MESSAGE = "Your session timed out, please refresh your page and try again.";

function firstFieldMessage(message: Record<string, unknown>): string {
  const first = Object.values(message)[0];
  if (Array.isArray(first) && typeof first[0] === "string") return first[0];
  if (typeof first === "string") return first;
  return t("Invalid input");
}

function toFieldErrors(message: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(message)) {
    if (Array.isArray(value)) out[field] = value.map(String);
    else if (typeof value === "string") out[field] = [value];
  }
  return out;
}

/** Turns a Superset error body (`{message}` or `{errors: [...]}`) into an ApiError (001 §8). */
export function errorFromBody(status: number, body: unknown, text = ""): ApiError {
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    const errors = Array.isArray(b.errors) ? (b.errors as SupersetError[]) : [];
    let message: string | undefined;
    let fieldErrors: Record<string, string[]> | undefined;
    if (typeof b.stack === "string") {
      const description =
        typeof b.description === "string" ? b.description : t("(no description, click to see stack trace)");
      message = t("Unexpected error: ") + description;
    } else if (errors[0]?.message) {
      message = errors[0].message;
    } else if (b.message && typeof b.message === "object") {
      fieldErrors = toFieldErrors(b.message as Record<string, unknown>);
      message = firstFieldMessage(b.message as Record<string, unknown>);
    } else if (typeof b.message === "string" && b.message) {
      message = b.message;
    } else if (typeof b.error === "string" && b.error) {
      message = b.error;
    }
    if (message?.includes("CSRF")) {
      return new ApiError({
        status,
        message: t(CSRF_MESSAGE),
        errors: [{ error_type: ErrorType.FRONTEND_CSRF_ERROR, message: t(CSRF_MESSAGE), level: "error" }],
        body,
      });
    }
    return new ApiError({ status, message: message ?? fallbackMessage(status), errors, fieldErrors, body });
  }
  if (text.includes("CSRF")) return new ApiError({ status, message: t(CSRF_MESSAGE), body: text });
  return new ApiError({ status, message: fallbackMessage(status), body: text });
}

function fallbackMessage(status: number): string {
  return HTTP_STATUS_TEXT[status] ?? t("An error occurred");
}

export function networkError(cause?: unknown): ApiError {
  const message = t("Network error");
  return new ApiError({
    status: NETWORK_ERROR_STATUS,
    message,
    errors: [{ error_type: ErrorType.FRONTEND_NETWORK_ERROR, message, level: "error" }],
    body: cause,
  });
}

export function timeoutError(timeoutMs: number): ApiError {
  const message = t("Request timed out");
  return new ApiError({
    status: 0,
    message,
    errors: [
      {
        error_type: ErrorType.FRONTEND_TIMEOUT_ERROR,
        message,
        level: "error",
        extra: {
          timeout: timeoutMs / 1000,
          issue_codes: [
            { code: 1000, message: t("Issue 1000 - The dataset is too large to query.") },
            { code: 1001, message: t("Issue 1001 - The database is under an unusual load.") },
          ],
        },
      },
    ],
  });
}

/** Message of anything thrown, for toasts. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return t("An error occurred");
}
