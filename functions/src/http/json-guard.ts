import { badRequest } from "@strata/core";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";
import { untrustedValueProblem } from "./untrusted-value.ts";

/**
 * Every JSON request body is checked once here, before any route reads it, so routes that read
 * `c.req.json()` themselves (legacy endpoints, the event log) are as safe as those going through
 * `jsonBody`: the body must parse, must be an object or an array (no Superset endpoint takes
 * `null`, a string or a number), and must pass the untrusted-value checks (prototype keys, unsafe
 * integers, absurd nesting), and so must any JSON text carried in its string fields. Hono keeps
 * the text it read, so routes read the same body again.
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
    const problem = untrustedValueProblem(data, "The request body") ?? jsonTextProblem(data);
    if (problem) throw badRequest(problem);
    return next();
  };
}

/**
 * Superset sends some fields as JSON text inside the JSON body (`json_metadata`, `position_json`,
 * `params`, `query_context`, `templateParams`, `form_data`, an event batch…). Stored as given, they
 * are parsed later by code that walks them recursively, so text nested thousands of levels deep
 * would exhaust the stack on every later read, export or copy of the object. Each string value
 * that is JSON text is held to the same rules as the body itself, once, here.
 */
function jsonTextProblem(body: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: body, path: "" }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === "string") {
      const problem = embeddedJsonProblem(value, path);
      if (problem) return problem;
    } else if (value !== null && typeof value === "object") {
      // The body already passed the depth check, so this walk is bounded.
      for (const [key, child] of Object.entries(value))
        stack.push({ value: child, path: path ? `${path}.${key}` : key });
    }
  }
  return undefined;
}

function embeddedJsonProblem(text: string, path: string): string | undefined {
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined; // not JSON text (markdown, SQL…): nothing later parses it as JSON
  }
  return untrustedValueProblem(parsed, `The JSON text in ${path || "the request body"}`);
}
