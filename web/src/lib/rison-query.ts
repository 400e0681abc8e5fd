import { encodeRison } from "@strata/contracts";

/** `path?q=<rison>` as Superset's REST API reads it. */
export function withRisonQuery(path: string, q: unknown): string {
  return `${path}?q=${encodeURIComponent(encodeRison(q))}`;
}

/** Appends plain query parameters, skipping undefined/null ones. */
export function withParams(
  path: string,
  params: Record<string, string | number | boolean | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) search.set(k, String(v));
  const s = search.toString();
  return s ? `${path}${path.includes("?") ? "&" : "?"}${s}` : path;
}
