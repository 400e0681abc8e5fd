import { type EngineName, ErrorType } from "@strata/contracts";
import { dialectFor } from "@strata/engines";
import { typedError } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { type MacroSources, resolveMacroScope } from "../templating/macro-scope.ts";
import { hasTemplate, loadTemplating, renderSql } from "../templating/render-sql.ts";
import { templateUser } from "../templating/template-user.ts";

/** Who runs SQL Lab's SQL, on which engine, from which page (for url_param). */
export interface SqlLabTemplateScope {
  principal?: Principal;
  engine?: EngineName;
  urlParams?: Record<string, string | null | undefined>;
  now?: Date;
  /**
   * The datasets `dataset(id)` and `metric(name, id)` may read, as the caller sees them (their
   * access and row-level security); without it both say "Dataset N not found!".
   */
  sources?: Pick<MacroSources, "readable" | "rls" | "maxRows">;
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
  const now = scope.now ?? new Date();
  const user = templateUser(scope.principal);
  // SQL Lab's SQL belongs to no dataset: an unqualified metric() names nothing.
  const macros =
    scope.sources && hasTemplate(sql)
      ? await resolveMacroScope([sql], {
          user,
          currentMetrics: [],
          ...scope.sources,
          now,
        })
      : undefined;
  return renderSql(sql, {
    user,
    trustedParams: params,
    request: { urlParams: scope.urlParams },
    dialect: dialectFor(scope.engine ?? "duckdb"),
    now,
    datasets: macros?.datasets,
    metrics: macros?.metrics,
    metricDatasets: macros?.metricDatasets,
  }).sql;
}

export function parseTemplateParams(text: string | null | undefined): Record<string, unknown> {
  if (!text?.trim()) return {};
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
