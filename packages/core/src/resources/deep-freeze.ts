/**
 * Freezes a value and everything it holds (plain objects and arrays, as stored items and token
 * claims are): for values one process shares between callers, so none of them can change it.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
