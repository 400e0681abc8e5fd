import { isPrototypePathKey } from "../resources/prototype-keys.ts";

type YamlLibrary = typeof import("yaml");

/**
 * The YAML library (a tenth of the API bundle) is read when an import or export starts, not on
 * every cold start: `Assets` awaits `loadYaml()` before reading or writing a bundle.
 */
let yaml: YamlLibrary | undefined;

export async function loadYaml(): Promise<void> {
  // The package is CommonJS: its exports object is the namespace's default (bundled or not).
  yaml ??= (await import("yaml")).default;
}

function library(): YamlLibrary {
  if (!yaml) throw new Error("The YAML library is not loaded: await loadYaml() first.");
  return yaml;
}

/** Aliases one file may use: real exports have none; a "billion laughs" file needs thousands. */
const MAX_ALIASES = 100;
const MAX_DEPTH = 64;

export class YamlProblem extends Error {}

/**
 * Refuses values a prototype-polluting or exhausting file could carry, after parsing. The key
 * rule is the request guard's (isPrototypePathKey): a dashboard whose `label_colors` has a series
 * called "constructor" could be saved through the API, so its export must import back too.
 */
function checkValue(value: unknown, depth = 0, parentKey?: string): void {
  if (depth > MAX_DEPTH) throw new YamlProblem(`nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    // A list item has no key of its own: `constructor: [{prototype: …}]` is no prototype path.
    for (const item of value) checkValue(item, depth + 1);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (isPrototypePathKey(key, parentKey))
        throw new YamlProblem(
          `the key "${key === "__proto__" ? key : `${parentKey}.${key}`}" is not accepted`,
        );
      checkValue(item, depth + 1, key);
    }
  } else if (typeof value === "bigint") {
    throw new YamlProblem("a number is too large");
  }
}

/**
 * Safe YAML (and JSON, a subset of it): the core schema only (no custom tags, no timestamps
 * turned into dates), a bound on aliases, unique keys, plain data out.
 */
export function parseYaml(text: string): unknown {
  const { parse } = library();
  let value: unknown;
  try {
    value = parse(text, {
      schema: "core",
      maxAliasCount: MAX_ALIASES,
      uniqueKeys: true,
      prettyErrors: false,
    });
  } catch (e) {
    const reason = e instanceof Error ? e.message.split("\n")[0] : "it could not be read";
    throw new YamlProblem(/alias/i.test(reason) ? "it uses too many aliases" : reason);
  }
  checkValue(value);
  return value;
}

/**
 * YAML as PyYAML's `safe_dump(sort_keys=False)` writes it: block style, keys in order, and quoted
 * wherever YAML 1.1 (what Superset reads with) would take a string for something else (`yes`,
 * `on`, an ISO timestamp, `1:20`…).
 */
export function dumpYaml(value: unknown): string {
  return library().stringify(value, {
    version: "1.1",
    singleQuote: true,
    indentSeq: false,
    lineWidth: 0,
    aliasDuplicateObjects: false,
    nullStr: "null",
  });
}
