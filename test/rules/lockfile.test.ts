import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * `npm ci` installs exactly what package-lock.json records. npm records a package's optional
 * dependencies for every platform only when the registry served them all at install time; when
 * one is missing, the lockfile still works on this machine but `npm ci` on another platform
 * (macOS, Windows, arm64) calls it out of sync. This reads the lockfile as npm would resolve it
 * there: every optional dependency of a locked package must have an entry of its own.
 */
interface Locked {
  version?: string;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, Locked>;
};

/** Where Node's resolution finds `name` from the package at `from` (nearest node_modules upwards). */
function resolve(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const at = dir.lastIndexOf("/node_modules/");
    dir = at === -1 ? "" : dir.slice(0, at);
  }
}

describe("package-lock.json", () => {
  it("records every platform's optional binaries, so npm ci works on any machine", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(path, name)) missing.push(`${path || "(root)"} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
