import { knownErrorToAppError, redactServerPathsIn } from "@strata/core";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error boundary: typed errors keep their status and Superset shape, engine errors and
 * query-layer refusals get it here; anything unknown is logged and answered with a generic 500
 * that leaks nothing.
 */
export function onError(err: Error, c: Context) {
  const known = knownErrorToAppError(err);
  // Engine errors are redacted when mapped; this catches a path in any other error.
  if (known) return c.json(redactServerPathsIn(known.body), known.status as ContentfulStatusCode);
  if (/greater than Number\.MAX_SAFE_INTEGER/.test(err.message)) {
    // The store refuses numbers it can't write exactly; one reaching it came from the request.
    return c.json({ message: "A number in the request is too large: integers must be below 2^53." }, 400);
  }
  if (isItemTooLarge(err)) {
    // The store checks sizes before writing (store/item-size.ts); this catches any write it misses.
    return c.json(
      {
        message:
          "The object is too large to save: stored objects are limited to 400 KB. Shorten its longest field.",
      },
      413,
    );
  }
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

/** DynamoDB's refusal of an item over 400 KB (the real service and the local stand-in word it alike). */
function isItemTooLarge(err: Error): boolean {
  return err.name === "ValidationException" && /item size .*exceeded/i.test(err.message);
}

/**
 * Unknown routes answer in Superset's JSON shape for every client, API or not: Hono's default is
 * `text/plain "404 Not Found"`, which API clients can't parse. (Browsers asking for a page never
 * get here: the SPA's catch-all answers them.)
 */
export function notFound(c: Context) {
  return c.json({ message: `Not found: ${c.req.method} ${c.req.path} is not a known endpoint.` }, 404);
}
