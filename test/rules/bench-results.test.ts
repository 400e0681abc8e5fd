import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  completeResults,
  RESULT_KEYS,
  recordResults,
  resetResults,
  resultsTable,
  writeResults,
} from "../bench/results.ts";

/** The bench's results writer on synthetic figures (no timing is measured or asserted here). */
describe("bench results.json", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-bench-results-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("lists exactly the keys issue 15 names", () => {
    expect([...RESULT_KEYS]).toEqual([
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
    ]);
  });

  it("merges what each script records and writes every key as a number, nothing else", () => {
    const half = Math.ceil(RESULT_KEYS.length / 2);
    recordResults(Object.fromEntries(RESULT_KEYS.slice(0, half).map((k, i) => [k, i + 0.5])), dir);
    recordResults(Object.fromEntries(RESULT_KEYS.slice(half).map((k, i) => [k, 100 + i])), dir);
    const written = writeResults(dir);
    const file = JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as Record<string, unknown>;
    expect(file).toEqual(written);
    expect(Object.keys(file)).toEqual([...RESULT_KEYS]);
    for (const value of Object.values(file)) expect(typeof value).toBe("number");
    expect(file.chart_data_light_ratio).toBe(0.5);
    expect(file.cold_start_ms).toBe(100 + RESULT_KEYS.length - half - 1);
    const table = resultsTable(written);
    for (const key of RESULT_KEYS) expect(table).toContain(key);
  });

  it("refuses to write results.json while a key is missing, naming it", () => {
    recordResults({ cache_hit_ms: 3 }, dir);
    expect(() => writeResults(dir)).toThrow(
      /missing or not numbers: chart_data_light_ratio, chart_data_heavy_ratio, dataset_list_ratio/,
    );
    resetResults(dir);
    expect(() => writeResults(dir)).toThrow(/cache_hit_ms/);
  });

  it("accepts only known keys with finite numbers", () => {
    expect(() => recordResults({ cache_hit_ms: Number.NaN }, dir)).toThrow(/not a finite number/);
    expect(() => recordResults({ nope: 1 } as never, dir)).toThrow(/Unknown bench result "nope"/);
    const full = Object.fromEntries(RESULT_KEYS.map((k) => [k, 1]));
    expect(() => completeResults({ ...full, cold_start_ms: "12" })).toThrow(/cold_start_ms/);
    expect(Object.keys(completeResults({ ...full, extra: 5 }))).toEqual([...RESULT_KEYS]);
  });
});
