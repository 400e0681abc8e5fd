import { type EngineName, ErrorType } from "@strata/contracts";
import { dialectFor } from "@strata/engines";
import { typedError } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { loadTemplating, renderSql } from "../templating/render-sql.ts";
import { templateUser } from "../templating/template-user.ts";

/** Who runs SQL Lab's SQL, on which engine, from which page (for url_param). */
export interface SqlLabTemplateScope {
  principal?: Principal;
  engine?: EngineName;
  urlParams?: Record<string, string | null | undefined>;
  now?: Date;
}

/**
 * Renders SQL Lab's SQL with Superset's Jinja context. The SQL and its template parameters are
 * the user's own, run with their own rights, so parameters print as text (as in Superset);
 * URL parameters and the user's attributes print as quoted literals. Missing parameters are
 * MISSING_TEMPLATE_PARAMS_ERROR with near-match suggestions, malformed ones
 * INVALID_TEMPLATE_PARAMS_ERROR with the line.
 */
export async function renderTemplate(
  sql: string,
  params: Record<string, unknown>,
  scope: SqlLabTemplateScope = {},
): Promise<string> {
  await loadTemplating([sql]);
  return renderSql(sql, {
    user: templateUser(scope.principal),
    trustedParams: params,
    request: { urlParams: scope.urlParams },
    dialect: dialectFor(scope.engine ?? "duckdb"),
    now: scope.now ?? new Date(),
  }).sql;
}

export function parseTemplateParams(text: string | null | undefined): Record<string, unknown> {
  if (!text || !text.trim()) return {};
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
