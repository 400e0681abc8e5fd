import { ErrorType } from "@strata/contracts";
import { AppError, typedError } from "../errors.ts";
import { type FilterUse, type TemplateContextInput, templateContext } from "./context.ts";
import { LiteralPlacementError, LiteralVault, placeLiterals } from "./literal-vault.ts";
import type { RenderedSql } from "./render-sql.ts";
import {
  DEFAULT_TEMPLATE_LIMITS,
  parseTemplate,
  renderBudget,
  renderProgram,
  TemplateLimitError,
  type TemplateLimits,
  TemplateMissingError,
  TemplateRuntimeError,
  TemplateSyntaxError,
} from "./sandbox.ts";
import { nearMatches } from "./suggestions.ts";

/**
 * `renderSql` for text with template markup (see render-sql.ts, which loads this module with the
 * interpreter).
 */
export function renderTemplated(
  text: string,
  input: TemplateContextInput,
  limits: TemplateLimits = DEFAULT_TEMPLATE_LIMITS,
): RenderedSql {
  // Markers stand for values far longer than themselves: the vault holds the limit too.
  const vault = new LiteralVault(limits.maxOutputChars);
  const use: FilterUse = { applied: new Set(), removed: new Set(), cacheKeys: [] };
  try {
    const program = parseTemplate(text);
    const budget = renderBudget(limits);
    // A saved metric's own template renders inside this one: same context, markers and budget,
    // so its request values are placed with the rest and its work counts against the limits.
    const nested = (inner: string) => renderProgram(parseTemplate(inner), context, vault, limits, budget);
    const context = templateContext(input, vault, use, nested);
    const rendered = renderProgram(program, context, vault, limits, budget);
    const sql = placeLiterals(rendered, vault, (v) => input.dialect.quoteLiteral(v));
    if (sql.length > limits.maxOutputChars) throw new TemplateLimitError("the rendered SQL is too large");
    return { sql, removedFilters: [...use.removed], appliedFilters: [...use.applied] };
  } catch (e) {
    throw templateError(e, { ...input.trustedParams, ...input.requestParams });
  }
}

const MISSING_HINT =
  "Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters. Then, try running your query again.";
const MALFORMED = "The query contains one or more malformed template parameters.";
const MALFORMED_HINT =
  'Please check your query and confirm that all template parameters are surround by double braces, for example, "{{ ds }}". Then, try running your query again.';

export function missingParamsError(names: string[], params: Record<string, unknown>): AppError {
  const known = Object.keys(params);
  return typedError(
    400,
    ErrorType.MISSING_TEMPLATE_PARAMS_ERROR,
    `The following parameters in your query are undefined: ${names.map((n) => `"${n}"`).join(", ")}. ${MISSING_HINT}`,
    {
      undefined_parameters: names,
      template_parameters: params,
      suggestions: Object.fromEntries(names.map((n) => [n, nearMatches(n, known)])),
    },
  );
}

function templateError(e: unknown, params: Record<string, unknown>): unknown {
  if (e instanceof AppError) return e;
  if (e instanceof TemplateMissingError) return missingParamsError(e.names, params);
  if (e instanceof TemplateSyntaxError) {
    return typedError(
      400,
      ErrorType.INVALID_TEMPLATE_PARAMS_ERROR,
      `${MALFORMED} ${e.reason}${e.line ? ` (line ${e.line})` : ""}. ${MALFORMED_HINT}`,
      { line: e.line, reason: e.reason },
    );
  }
  if (e instanceof TemplateLimitError) {
    return typedError(
      400,
      ErrorType.INVALID_TEMPLATE_PARAMS_ERROR,
      `The template was refused: ${e.message}.`,
      { reason: e.message },
    );
  }
  if (e instanceof TemplateRuntimeError || e instanceof LiteralPlacementError) {
    return typedError(
      400,
      ErrorType.INVALID_TEMPLATE_PARAMS_ERROR,
      `Error while rendering the template: ${e.message}`,
      {
        reason: e.message,
      },
    );
  }
  return e;
}
