import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App } from "sst/constructs";
import { initProject } from "sst/project.js";
import { afterAll } from "vitest";

/**
 * For a test file that synthesises the stacks offline (no bundling, no AWS call): call it at the
 * top of the file, then `await newApp()` in its setup. CDK writes the synthesised app to a folder;
 * left to itself it makes a temporary one (~27 MB) and never removes it, so the app gets one that
 * is removed after the file's tests.
 */
export function offlineApp(): { newApp(): Promise<App> } {
  const outdir = mkdtempSync(join(tmpdir(), "strata-cdk-"));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
  return {
    async newApp() {
      await initProject({ stage: "test" });
      return new App(
        { mode: "deploy", stage: "test", name: "strata", region: "us-east-1", account: "123456789012" },
        { outdir },
      );
    },
  };
}
