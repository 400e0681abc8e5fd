import { badRequest } from "@strata/core";
import { decodeRison } from "@strata/contracts";
import type { Context } from "hono";
import * as v from "valibot";
import { untrustedValueProblem } from "./untrusted-value.ts";

type Issues = [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]];

/** Valibot issues as marshmallow-style field messages: `{ field: ["message"] }`. */
export function issuesToMessage(issues: Issues): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path?.map((p) => String(p.key)).join(".") || "_schema";
    const unknownKey = issue.type === "strict_object" || issue.expected === "never";
    const message = unknownKey ? "Unknown field." : issue.message;
    out[path] = [...(out[path] ?? []), message];
  }
  return out;
}

export function validate<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw badRequest(issuesToMessage(result.issues));
  return result.output;
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

export const RisonIdList = v.array(v.pipe(v.number(), v.integer(), v.minValue(1)));
