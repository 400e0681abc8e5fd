/**
 * A template refused for the work, time or memory it would take (a 400, see render-sql.ts). It
 * has a module of its own so that the literal vault, which the sandbox imports, can throw it too.
 */
export class TemplateLimitError extends Error {}

/** A number of characters as the limits are told: in MB ("1" for 1,000,000). */
export function megabytes(chars: number): string {
  return (chars / 1_000_000).toLocaleString("en-US");
}
