import * as v from "valibot";

/** Validates with a contracts schema; returns the first message per top-level field (empty when valid). */
export function schemaErrors<TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
): Record<string, string> {
  const result = v.safeParse(schema, value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === "string" ? key : "_form";
    out[field] ??= issue.message;
  }
  return out;
}
