import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, type ICruiseOptions, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { describe, expect, it } from "vitest";

const here = fileURLToPath(new URL(".", import.meta.url));
const repositoryRoot = resolve(here, "../..");
const fixtureRoot = resolve(here, "fixtures");

/** The rules exactly as `npm run check:deps` uses them. */
const projectOptions = (): Promise<ICruiseOptions> =>
  extractDepcruiseOptions(join(repositoryRoot, ".dependency-cruiser.cjs"));

/** Cruises `roots` under `baseDir` and lists the violations that fail the check, one line each. */
async function failures(baseDir: string, roots: string[]): Promise<string[]> {
  const { output } = await cruise(roots, { ...(await projectOptions()), baseDir });
  const result = output as ICruiseResult;
  return result.summary.violations
    .filter((violation) => violation.rule.severity === "error")
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`)
    .sort();
}

describe("dependency rules", () => {
  it("report every broken rule in the fixture tree, and nothing that is allowed", async () => {
    const found = await failures(fixtureRoot, ["packages", "functions", "web", "stacks"]);

    expect(found).toEqual(
      [
        "contracts-imports-nothing-of-ours: packages/contracts/src/leaky.ts → packages/core/src/domain.ts",
        "only-declared-packages: packages/contracts/src/leaky.ts → ../../../node_modules/hono/dist/types/index.d.ts",
        "query-imports-contracts-only: packages/query/src/borrowed-dialect.ts → packages/engines/src/dialect.ts",
        "engines-import-contracts-only: packages/engines/src/index.ts → packages/query/src/compile.ts",
        "core-never-imports-entry-points: packages/core/src/webhook.ts → functions/src/handler.ts",
        "functions-import-core-and-contracts-only: functions/src/handler.ts → packages/engines/src/index.ts",
        "stacks-refer-to-handlers-by-path: stacks/api.ts → functions/src/handler.ts",
        "web-imports-contracts-only: web/src/lib/server-reach.ts → packages/core/src/domain.ts",
        "browser-code-without-node-builtins: web/src/lib/server-reach.ts → fs",
        "not-to-unresolvable: web/src/lib/server-reach.ts → ./gone.ts",
        "no-cross-feature-imports: web/src/features/alpha/page.ts → web/src/features/beta/widget.ts",
        "features-never-import-the-app-shell: web/src/features/beta/themed.ts → web/src/app/theme.ts",
        "shared-web-code-never-imports-features: web/src/lib/feature-reach.ts → web/src/features/beta/widget.ts",
        // A runtime cycle is reported; the type-only one through query/src/options.ts is not.
        "no-circular: packages/query/src/compile.ts → packages/query/src/plan.ts",
      ].sort(),
    );
  });

  it("find no violation in the repository beyond the known ones listed in the config", async () => {
    const found = await failures(repositoryRoot, [
      "packages",
      "functions",
      "web/src",
      "stacks",
      "test",
      "sst.config.ts",
    ]);

    expect(found).toEqual([]);
  });
});
