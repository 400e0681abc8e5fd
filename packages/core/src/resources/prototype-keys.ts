/**
 * The one rule for keys that may not appear in untrusted nested data (request bodies, rison
 * arguments, imported YAML and JSON files). Shared by the request guard and the import reader so
 * that whatever a request may store, an export of it may bring back.
 *
 * A key is refused only where it leads to a prototype: `__proto__` anywhere, and `prototype`
 * directly inside `constructor` (the path a deep copy or merge follows to `Object.prototype`).
 * `constructor` and `prototype` on their own stay allowed: they are ordinary names of columns,
 * labels or series (a key of `label_colors` or `column_config`), harmless as own properties.
 */
export function isPrototypePathKey(key: string, parentKey: string | undefined): boolean {
  return key === "__proto__" || (key === "prototype" && parentKey === "constructor");
}
