import type { TemplateContextInput } from "./context.ts";
import { hasTemplate, loadInterpreter } from "./jinja-engine.ts";
import type * as Renderer from "./renderer.ts";
import type { TemplateLimits } from "./sandbox.ts";

export interface RenderedSql {
  sql: string;
  /** Columns whose filters the template consumed with `remove_filter=True`: not applied again outside. */
  removedFilters: string[];
  /** Columns whose filters the template read. */
  appliedFilters: string[];
}

export { hasTemplate } from "./jinja-engine.ts";

/**
 * The renderer (the sandbox, Superset's macros, literal placement) is loaded with the Jinja
 * interpreter, on first use: like the interpreter, only SQL with template markup needs it.
 */
let renderer: typeof Renderer | null = null;

/**
 * Loads the interpreter and the renderer once, if any of `texts` (all of them when none are
 * given) has markup. The async paths that meet SQL (chart data, SQL Lab, datasets, alerts) call
 * it with their texts before the synchronous `renderSql`.
 */
export async function loadTemplating(texts?: readonly (string | null | undefined)[]): Promise<void> {
  if (renderer || (texts && !texts.some(hasTemplate))) return;
  const [module] = await Promise.all([import("./renderer.ts"), loadInterpreter()]);
  renderer = module;
}

/**
 * Renders SQL written with Superset's Jinja macros. Errors are Superset's: an undefined name is
 * MISSING_TEMPLATE_PARAMS_ERROR (with near matches among the parameters), anything malformed or
 * over the limits is INVALID_TEMPLATE_PARAMS_ERROR; all 400s. Text without markup comes back as
 * it is; text with markup needs `loadTemplating` first.
 */
export function renderSql(text: string, input: TemplateContextInput, limits?: TemplateLimits): RenderedSql {
  if (!hasTemplate(text)) return { sql: text, removedFilters: [], appliedFilters: [] };
  if (!renderer)
    throw new Error("The template engine is not loaded: await loadTemplating(texts) before rendering.");
  return renderer.renderTemplated(text, input, limits);
}
