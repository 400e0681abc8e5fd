import type * as Jinja from "@huggingface/jinja";
import { installRuntimeValues } from "./runtime-values.ts";

/**
 * The Jinja interpreter is loaded on first use, not at startup: most SQL has no template, and
 * the API Lambda's cold start reads every byte imported statically (its budget is 1 MB). The
 * async paths that meet SQL (chart data, SQL Lab, datasets, alerts) call `loadTemplating`
 * (render-sql.ts) with their texts before the synchronous render; it loads only when one of them
 * has Jinja markup.
 */
let loaded: typeof Jinja | null = null;

/** Whether text has any Jinja markup; text without it is used as it is (no parse, no cost). */
export function hasTemplate(text: string | null | undefined): text is string {
  return !!text && /\{\{|\{%|\{#/.test(text);
}

/** Loads the interpreter once (through `loadTemplating`). */
export async function loadInterpreter(): Promise<void> {
  if (loaded) return;
  const module = await import("@huggingface/jinja");
  installRuntimeValues(module.Environment);
  loaded = module;
}

/** The loaded interpreter; rendering before `loadTemplating` is a bug in the caller. */
export function jinja(): typeof Jinja {
  if (!loaded)
    throw new Error("The template engine is not loaded: await loadTemplating(texts) before rendering.");
  return loaded;
}
