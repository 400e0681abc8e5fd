import { isPrototypePathKey } from "@strata/core/resources/prototype-keys";

/**
 * Checks a decoded request value (JSON body or rison argument) before any schema or core code
 * sees it. Three things are refused here, once for every route:
 *
 * - keys that reach into prototypes: `__proto__` anywhere, and `prototype` inside `constructor`
 *   (the path a deep copy follows to `Object.prototype`). Harmless while they are own
 *   properties of a parsed object, but any later `target[key] = value` copy turns them into
 *   prototype pollution. No Superset field is named like that; `constructor` alone stays
 *   allowed because it can be a column name (a key in `column_config`, say). The rule is
 *   core's isPrototypePathKey, which the asset import applies to YAML files as well;
 * - integers beyond ±2^53: JavaScript has already rounded them, so an id or a limit would
 *   silently be another number;
 * - nesting deeper than any real payload, which would otherwise exhaust the stack of the
 *   recursive code that walks it.
 *
 * Returns a message for the client, or undefined when the value is fine.
 */
const MAX_DEPTH = 64;

interface Entry {
  value: unknown;
  depth: number;
  path: string;
  key: string;
}

export function untrustedValueProblem(value: unknown, where: string): string | undefined {
  // An explicit stack rather than recursion: the depth limit must hold before the stack is used.
  const stack: Entry[] = [{ value, depth: 0, path: "", key: "" }];
  while (stack.length > 0) {
    const { value: current, depth, path, key: parentKey } = stack.pop() as Entry;
    if (typeof current === "number") {
      if (Number.isInteger(current) && !Number.isSafeInteger(current))
        return `${label(where, path)} is too large: integers must be between -9007199254740991 and 9007199254740991 (2^53 - 1).`;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_DEPTH) return `${where} is nested too deeply (more than ${MAX_DEPTH} levels).`;
    const proto = Object.getPrototypeOf(current);
    // A decoder that assigned `__proto__` leaves no own key behind, only a changed prototype.
    if (proto !== Object.prototype && proto !== Array.prototype && proto !== null)
      return `${where} contains a field named "__proto__", which is not allowed.`;
    // An array's items carry their index as key, so `constructor: [{prototype}]` is no path.
    for (const key of Object.keys(current)) {
      if (isPrototypePathKey(key, parentKey))
        return `${where} contains a field named "${path ? `${path}.` : ""}${key}", which is not allowed.`;
      const child = (current as Record<string, unknown>)[key];
      stack.push({ value: child, depth: depth + 1, path: path ? `${path}.${key}` : key, key });
    }
  }
  return undefined;
}

function label(where: string, path: string): string {
  return path ? `${path} in ${where}` : where;
}
