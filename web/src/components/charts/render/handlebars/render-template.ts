import { sanitizeCss } from "@strata/contracts";
import dayjs from "dayjs";
import DOMPurify from "dompurify";
import { DEFAULT_HANDLEBARS_TEMPLATE } from "./default-template";
import { type Helper, runTemplate } from "./template-interpreter";

type Options = { hash?: Record<string, unknown> };

/**
 * Superset's helpers. Every one is a pure function of its arguments: none reads `window`, the
 * document or the network, so a template can only shape the rows it is given.
 */
const HELPERS: Record<string, Helper> = {
  dateFormat: (value: unknown, options: unknown) => {
    const hash = (options as Options)?.hash;
    const format = typeof hash?.format === "string" ? hash.format : "YYYY-MM-DD";
    const d = dayjs(value as string | number);
    return d.isValid() ? d.format(format) : "";
  },
  stringify: (value: unknown) =>
    typeof value === "object" && value !== null ? JSON.stringify(value) : String(value ?? ""),
  formatNumber: (value: unknown, locale: unknown) => {
    const n = Number(value);
    if (!Number.isFinite(n)) return String(value ?? "");
    try {
      return n.toLocaleString(typeof locale === "string" ? locale : "en-US");
    } catch {
      return n.toLocaleString("en-US");
    }
  },
  parseJson: (value: unknown) => {
    try {
      return JSON.parse(String(value));
    } catch {
      return null;
    }
  },
  eq: (a: unknown, b: unknown) => a === b,
  ne: (a: unknown, b: unknown) => a !== b,
  lt: (a: unknown, b: unknown) => (a as number) < (b as number),
  gt: (a: unknown, b: unknown) => (a as number) > (b as number),
  lte: (a: unknown, b: unknown) => (a as number) <= (b as number),
  gte: (a: unknown, b: unknown) => (a as number) >= (b as number),
  and: (...args: unknown[]) => args.slice(0, -1).every(Boolean),
  or: (...args: unknown[]) => args.slice(0, -1).some(Boolean),
  not: (a: unknown) => !a,
};

/** The template applied to `{ data: rows }`, as raw HTML (not yet sanitised). */
export function applyTemplate(template: string, rows: Record<string, unknown>[]): string {
  return runTemplate(template || DEFAULT_HANDLEBARS_TEMPLATE, { data: rows }, HELPERS);
}

/**
 * The template applied to `{ data: rows }` and made safe: the output goes through DOMPurify
 * (no scripts, event handlers, javascript: URLs, forms or styles), since the template and the
 * data are both user-controlled. A template that does not compile throws (the chart's error).
 */
export function renderHandlebars(template: string, rows: Record<string, unknown>[]): string {
  return DOMPurify.sanitize(applyTemplate(template, rows), {
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    ALLOW_DATA_ATTR: false,
  });
}

/** The chart's CSS (`styleTemplate`), cleaned and nested under the chart's own element. */
export function scopedStyle(css: unknown, scope: string): string {
  const clean = sanitizeCss(typeof css === "string" ? css : "");
  return clean.trim() ? `${scope} { ${clean} }` : "";
}
