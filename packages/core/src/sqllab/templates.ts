import { ErrorType } from "@strata/contracts";
import { typedError } from "../errors.ts";

/** Levenshtein distance, for "Did you mean" suggestions. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Renders `{{ name }}` placeholders with template parameters (the Jinja subset SQL Lab users
 * write most). The SQL is the user's own, run with their own rights, so values are inserted as
 * text, as Superset does. A missing parameter is a clear error with near-match suggestions.
 */
export function renderTemplate(sql: string, params: Record<string, unknown>): string {
  const missing = new Set<string>();
  const out = sql.replace(PLACEHOLDER, (_, name: string) => {
    if (!(name in params)) {
      missing.add(name);
      return "";
    }
    const v = params[name];
    return typeof v === "string" ? v : JSON.stringify(v);
  });
  if (missing.size) {
    const names = [...missing];
    const known = Object.keys(params);
    const suggestions = Object.fromEntries(names.map((n) => [n, known.filter((k) => distance(k, n) <= 2)]));
    throw typedError(
      400,
      ErrorType.MISSING_TEMPLATE_PARAMS_ERROR,
      `The following parameters in your query are undefined: ${names.map((n) => `"${n}"`).join(", ")}. Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters.`,
      {
        undefined_parameters: names,
        template_parameters: params,
        suggestions,
      },
    );
  }
  return out;
}

export function parseTemplateParams(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw typedError(
    400,
    ErrorType.INVALID_TEMPLATE_PARAMS_ERROR,
    'Template parameters must be a JSON object, e.g. {"state": "CA"}.',
  );
}
