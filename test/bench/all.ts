import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { RESULTS_DIR, readPartialResults, resetResults, resultsTable, writeResults } from "./results.ts";

/**
 * `npm run bench` (`-- --quick` for a shorter run, a few minutes): every bench script in its own
 * process, one after another, each printing its tables and recording its figures; then
 * `.bench/results.json` with issue 15's keys and a summary table. `--quick` runs fewer rounds,
 * smaller tables and shorter load runs of the cases behind those keys, and leaves out the
 * benches that feed none of them (hostile requests, query history, report delivery).
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const quick = process.argv.includes("--quick");

interface Part {
  script: string;
  /** Environment for a `--quick` run (smaller figures the script reads). */
  quick?: Record<string, string>;
  /** Not run with `--quick`: feeds no key of results.json. */
  fullOnly?: boolean;
}

const PARTS: Part[] = [
  { script: "bundle-size.ts" },
  { script: "run.ts", quick: { BENCH_ROUNDS: "40", BENCH_ROWS: "2000000", BENCH_CHART_ROUNDS: "8" } },
  { script: "sqllab.ts", quick: { BENCH_SQLLAB_ROUNDS: "2", BENCH_SQLLAB_SMALL_ROUNDS: "30" } },
  { script: "load.ts", quick: { BENCH_LOAD_SECONDS: "5" } },
  { script: "cold-start.ts", quick: { BENCH_COLD_ROUNDS: "3" } },
  { script: "dashboard.ts", quick: { BENCH_ROUNDS: "2", BENCH_RATIO_ROUNDS: "3" } },
  { script: "async-transport.ts", quick: { BENCH_ROUNDS: "1" } },
  {
    script: "scale.ts",
    quick: {
      BENCH_SCALE_DATASETS: "60",
      BENCH_SCALE_CHARTS: "300",
      BENCH_SCALE_DASHBOARDS: "40",
      BENCH_SCALE_ROUNDS: "3",
    },
  },
  { script: "hostile.ts", fullOnly: true },
  { script: "history.ts", fullOnly: true },
  { script: "reports.ts", fullOnly: true },
  { script: "report-render.ts", fullOnly: true },
];

/** Runs a command to its end; `quiet` keeps its output unless it fails. */
function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  quiet = false,
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (b: Buffer) => output.push(b));
    child.stderr?.on("data", (b: Buffer) => output.push(b));
    child.on("exit", (code) => {
      if (code !== 0 && quiet) process.stderr.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
    child.on("error", () => resolve(1));
  });
}

async function main() {
  const started = performance.now();
  resetResults();
  // Built once here for the browser benches (dashboard, reports), which then skip their own build.
  console.log("Building the web app…");
  if ((await run("npm", ["run", "build:web"], {}, true)) !== 0) throw new Error("The web build failed");
  const failed: string[] = [];
  for (const part of PARTS) {
    if (quick && part.fullOnly) continue;
    console.log(`\n=== ${part.script}${quick ? " (quick)" : ""}`);
    const code = await run(process.execPath, ["--import", "tsx", join("test/bench", part.script)], {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: "1",
      BENCH_SKIP_WEB_BUILD: "true",
      ...(quick ? part.quick : {}),
    });
    if (code !== 0) failed.push(part.script);
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`\n=== Summary (${quick ? "quick run" : "full run"}, ${minutes} min)`);
  if (failed.length > 0) {
    console.log(resultsTable(readPartialResults()));
    throw new Error(`These benches failed: ${failed.join(", ")}; results.json was not written`);
  }
  console.log(resultsTable(writeResults()));
  console.log(`Written to ${join(RESULTS_DIR, "results.json")}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
