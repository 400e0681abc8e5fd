import { badRequest } from "@strata/core";
import { decodeRison } from "@strata/contracts";
import type { Context } from "hono";
import * as v from "valibot";
import { untrustedValueProblem } from "./untrusted-value.ts";

type Issues = [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]];

const OBJECT_TYPES = new Set(["object", "strict_object", "loose_object", "object_with_rest"]);

/**
 * Valibot issues as marshmallow-style field messages: `{ field: ["message"] }`, with Superset's
 * words for a key that is not part of the shape and a required one that is absent (clients match
 * on them).
 */
export function issuesToMessage(issues: Issues): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path?.map((p) => String(p.key)).join(".") || "_schema";
    out[path] = [...(out[path] ?? []), fieldMessage(issue)];
  }
  return out;
}

function fieldMessage(issue: v.BaseIssue<unknown>): string {
  // An object schema's own issues are about keys: one it does not know ("never" expected), or a
  // required one the input lacks. Issues of a field's value come from the field's own schema.
  if (issue.expected === "never") return "Unknown field.";
  if (OBJECT_TYPES.has(issue.type) && issue.received === "undefined")
    return "Missing data for required field.";
  return issue.message;
}

export function validate<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw badRequest(issuesToMessage(result.issues));
  return result.output;
}

/**
 * Whether a schema only ever accepts a plain object. Valibot's object schemas accept arrays (an
 * array is an object to `typeof`, and an all-optional shape finds nothing missing in `[]`), so
 * callers refuse arrays themselves where this holds. Pipes keep their root's `type`; unions and
 * variants qualify when every option does.
 */
function expectsObject(schema: v.GenericSchema): boolean {
  const s = schema as v.GenericSchema & { options?: v.GenericSchema[] };
  if (OBJECT_TYPES.has(s.type)) return true;
  if ((s.type === "union" || s.type === "variant") && s.options?.length)
    return s.options.every(expectsObject);
  return false;
}

/** Reads and validates a JSON body; malformed JSON is a 400 with an actionable message. */
export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const text = await c.req.text();
  if (!text.trim()) throw badRequest("Request is not JSON: the body is empty.");
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest("Request is not JSON: the body could not be parsed.");
  }
  const problem = untrustedValueProblem(data, "The request body");
  if (problem) throw badRequest(problem);
  if (Array.isArray(data) && expectsObject(schema)) {
    throw badRequest("The request body must be a JSON object, not an array.");
  }
  return validate(schema, data);
}

/** Reads the rison `q` argument (optional); bad rison is a 400. */
export function risonQuery<S extends v.GenericSchema>(c: Context, schema: S, param = "q"): v.InferOutput<S> {
  const raw = c.req.query(param);
  let data: unknown = {};
  if (raw !== undefined && raw !== "") {
    try {
      data = decodeRison(raw);
    } catch {
      throw badRequest(`Not a valid rison argument in ${param}.`);
    }
    const problem = untrustedValueProblem(data, `The ${param} argument`);
    if (problem) throw badRequest(problem);
  }
  return validate(schema, data);
}

/** A path id: digits only; anything else is a 404 like any unknown object. */
export function pathId(c: Context, name = "id"): number {
  const raw = c.req.param(name) ?? "";
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest(`${name} must be a positive integer.`);
  return id;
}
