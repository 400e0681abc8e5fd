/**
 * Whole-number settings (limits, timeouts) read from environment variables over their defaults.
 * A value that is not a positive whole number stops the start: a typo must not silently fall back.
 */
export function positiveIntegersFromEnv<T extends { [K in keyof T]: number }>(
  defaults: T,
  names: Record<keyof T, string>,
  env: Record<string, string | undefined>,
): T {
  const out = { ...defaults };
  for (const [field, name] of Object.entries(names) as [keyof T, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`${name} must be a positive whole number, not "${raw}".`);
    out[field] = n as T[keyof T];
  }
  return out;
}
