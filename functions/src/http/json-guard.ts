import { badRequest } from "@strata/core";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";
import { untrustedValueProblem } from "./untrusted-value.ts";

/**
 * Every JSON request body is checked once here, before any route reads it, so routes that read
 * `c.req.json()` themselves (legacy endpoints, the event log) are as safe as those going through
 * `jsonBody`: the body must parse, must be an object or an array (no Superset endpoint takes
 * `null`, a string or a number), and must pass the untrusted-value checks (prototype keys, unsafe
 * integers, absurd nesting). Hono keeps the text it read, so routes read the same body again.
 */
export function jsonBodyGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (c.req.method === "GET" || c.req.method === "HEAD" || !/^application\/json\b/i.test(type))
      return next();
    const text = await c.req.text();
    if (!text.trim()) return next();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw badRequest("Request is not JSON: the body could not be parsed.");
    }
    if (data === null || typeof data !== "object")
      throw badRequest(
        `The request body must be a JSON object, not ${data === null ? "null" : typeof data}.`,
      );
    const problem = untrustedValueProblem(data, "The request body");
    if (problem) throw badRequest(problem);
    return next();
  };
}
