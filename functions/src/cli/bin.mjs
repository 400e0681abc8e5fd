#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (the repository's dev tool, as `npm run dev:server` does), so
// `npx strata` works after `npm install` without a build step.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("./strata.ts", import.meta.url));
const run = spawnSync(process.execPath, ["--import", "tsx", entry, ...process.argv.slice(2)], {
  stdio: "inherit",
});
if (run.error) {
  process.stderr.write(`strata: could not start: ${run.error.message}\n`);
  process.exitCode = 1;
} else {
  process.exitCode = run.status ?? 1;
}
