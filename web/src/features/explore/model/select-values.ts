import type { Choice } from "./control-types";

/** Pasted values are split at commas, CRLF, newlines, tabs and semicolons (000 §5). */
export const PASTE_SEPARATORS = /\r\n|[,\n\t;]/;

export function splitPastedValues(text: string): string[] {
  return text
    .split(PASTE_SEPARATORS)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A select with fixed choices drops a current value that is not among them (000 §5): a multi
 * select keeps the values that are, a single select loses its value. Free-form selects keep
 * anything. Returns `undefined` for a dropped single value.
 */
export function dropMissingChoices(
  value: unknown,
  choices: Choice[],
  options: { multi?: boolean; freeForm?: boolean },
): unknown {
  if (options.freeForm || value === null || value === undefined) return value;
  const allowed = new Set(choices.map(([v]) => v));
  if (options.multi || Array.isArray(value)) {
    const list = Array.isArray(value) ? value : [value];
    return list.filter((v) => allowed.has(v as string | number | null));
  }
  return allowed.has(value as string | number | null) ? value : undefined;
}
