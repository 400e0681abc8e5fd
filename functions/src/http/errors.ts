import { AppError } from "@strata/core";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error boundary: typed errors keep their status and Superset shape; anything unknown
 * is logged and answered with a generic 500 that leaks nothing.
 */
export function onError(err: Error, c: Context) {
  if (err instanceof AppError) return c.json(err.body, err.status as ContentfulStatusCode);
  if (err instanceof HTTPException) {
    const status = err.status;
    const message = status === 413 ? "The request is too large." : err.message || "Bad request";
    return c.json({ message }, status);
  }
  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err);
  return c.json(
    {
      message:
        "Internal server error: the failure was logged. Try again, or report it with the time it happened.",
    },
    500,
  );
}
