import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The figures `npm run bench` leaves in `.bench/results.json` (git-ignored) for issue 15: each
 * bench script records its own keys into `.bench/partial.json` as it finishes; the runner
 * (`all.ts`) then writes `results.json` with exactly these keys, all numbers, or fails naming
 * what is missing. Ratios are API ÷ raw engine/store measured in the same run.
 */
export const RESULT_KEYS = [
  "chart_data_light_ratio",
  "chart_data_heavy_ratio",
  "cache_hit_ms",
  "dataset_list_ratio",
  "sqllab_small_ratio",
  "sqllab_1m_first_rows_ratio",
  "sqllab_1m_peak_mb",
  "dashboard_20_vs_1_ratio",
  "dashboard_50_first_screen_ms",
  "dashboard_50_all_ms",
  "load_list_rps",
  "load_list_p99_ms",
  "load_chart_rps",
  "load_chart_p99_ms",
  "api_bundle_bytes",
  "cold_start_ms",
] as const;

/**
 * Figures added later, recorded, written and shown when a bench measured them, never required:
 * HTTP requests per 20-async-chart dashboard load with each async-event transport (issue 18),
 * the cheapest authenticated request ÷ the raw small query, the scale sqllab_small_ratio sits on,
 * the small query's ratio again through Node's fetch (the bench client's own cost included),
 * the load run's resident memory (MB) above its start after it, and after the same run again
 * above where the first left it (a leak shows there), and how much a dashboard's metadata and a
 * chart's detail slow down beside many other objects (many ÷ few; 1 is not at all).
 */
export const EXTRA_RESULT_KEYS = [
  "async_requests_per_load_polling",
  "async_requests_per_load_ws",
  "sqllab_small_http_floor_ratio",
  "sqllab_small_fetch_ratio",
  "load_memory_after_mb",
  "load_memory_second_run_mb",
  "scale_dashboard_open_ratio",
  "scale_chart_detail_ratio",
  "scale_chart_list_ms",
  "scale_dashboard_list_ms",
  "scale_dataset_list_ms",
] as const;
type ExtraKey = (typeof EXTRA_RESULT_KEYS)[number];
const KNOWN: readonly string[] = [...RESULT_KEYS, ...EXTRA_RESULT_KEYS];

export type ResultKey = (typeof RESULT_KEYS)[number];
export type Results = Record<ResultKey, number>;

/** Issue 15's targets, shown beside each figure (not checked: timings are never asserted). */
const TARGETS: Record<ResultKey, string> = {
  chart_data_light_ratio: "≤ 1.1",
  chart_data_heavy_ratio: "",
  cache_hit_ms: "≤ 5",
  dataset_list_ratio: "≤ 1.5",
  sqllab_small_ratio: "≤ 2",
  sqllab_1m_first_rows_ratio: "≤ 1.3",
  sqllab_1m_peak_mb: "≤ 3× the result's Arrow size",
  dashboard_20_vs_1_ratio: "≤ 1.3",
  dashboard_50_first_screen_ms: "≤ 1000",
  dashboard_50_all_ms: "≤ 2500",
  load_list_rps: "≥ 200",
  load_list_p99_ms: "≤ 300",
  load_chart_rps: "≥ 300",
  load_chart_p99_ms: "≤ 200",
  api_bundle_bytes: "≤ 1 MB",
  cold_start_ms: "",
};

export const RESULTS_DIR = fileURLToPath(new URL("../../.bench/", import.meta.url));
const PARTIAL = "partial.json";

function readJson(file: string): Record<string, unknown> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
}

/** Starts a run: forgets what an earlier run recorded. */
export function resetResults(dir = RESULTS_DIR): void {
  rmSync(join(dir, PARTIAL), { force: true });
  rmSync(join(dir, "results.json"), { force: true });
}

/** Adds one bench script's figures to the run's partial results (scripts run one after another). */
export function recordResults(part: Partial<Record<ResultKey | ExtraKey, number>>, dir = RESULTS_DIR): void {
  for (const [key, value] of Object.entries(part)) {
    if (!KNOWN.includes(key)) throw new Error(`Unknown bench result "${key}"`);
    if (typeof value !== "number" || !Number.isFinite(value))
      throw new Error(`Bench result "${key}" is not a finite number: ${String(value)}`);
  }
  mkdirSync(dir, { recursive: true });
  const file = join(dir, PARTIAL);
  writeFileSync(file, `${JSON.stringify({ ...readJson(file), ...part }, null, 2)}\n`);
}

/** What the scripts of this run have recorded so far. */
export function readPartialResults(dir = RESULTS_DIR): Partial<Results> {
  return readJson(join(dir, PARTIAL)) as Partial<Results>;
}

/** Exactly the issue's keys, in its order, each a finite number; throws naming any missing or bad one. */
export function completeResults(raw: Record<string, unknown>): Results {
  const bad = RESULT_KEYS.filter((k) => typeof raw[k] !== "number" || !Number.isFinite(raw[k]));
  if (bad.length > 0) throw new Error(`Bench results missing or not numbers: ${bad.join(", ")}`);
  const extras = EXTRA_RESULT_KEYS.filter((k) => typeof raw[k] === "number" && Number.isFinite(raw[k]));
  return Object.fromEntries([...RESULT_KEYS, ...extras].map((k) => [k, raw[k] as number])) as Results;
}

/** Writes `results.json` from the partial results of this run and returns what it wrote. */
export function writeResults(dir = RESULTS_DIR): Results {
  const results = completeResults(readPartialResults(dir));
  writeFileSync(join(dir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

/** The figures as a plain-text table with the targets beside them. */
export function resultsTable(r: Partial<Results>): string {
  const show = (k: ResultKey) => {
    const v = r[k];
    if (v === undefined) return "—";
    if (k === "api_bundle_bytes") return `${v.toLocaleString("en")} (${(v / 1024).toFixed(0)} KB)`;
    return Number.isInteger(v) ? String(v) : v.toFixed(2);
  };
  const width = Math.max(...RESULT_KEYS.map((k) => k.length));
  const valueWidth = Math.max(...RESULT_KEYS.map((k) => show(k).length));
  const extras = EXTRA_RESULT_KEYS.filter((k) => typeof (r as Record<string, unknown>)[k] === "number").map(
    (k) => `${k.padEnd(width)}  ${String((r as Record<string, number>)[k]).padStart(valueWidth)}`,
  );
  return [
    ...RESULT_KEYS.map((k) =>
      `${k.padEnd(width)}  ${show(k).padStart(valueWidth)}  ${TARGETS[k] ? `target ${TARGETS[k]}` : ""}`.trimEnd(),
    ),
    ...extras,
  ].join("\n");
}
