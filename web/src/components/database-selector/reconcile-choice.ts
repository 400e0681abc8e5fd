/**
 * Catalog and schema choice (001 §4): with only one option it is auto-selected; a current value
 * absent from the options is cleared. Returns the value to use (the same one when nothing changes).
 */
export function reconcileChoice(current: string | null, options: string[] | undefined): string | null {
  if (!options) return current;
  if (options.length === 1) return options[0];
  if (current !== null && !options.includes(current)) return null;
  return current;
}
