import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDuckDbEngine, type DuckDbEngine } from "../duckdb/adapter.ts";
import { EXAMPLE_TABLES } from "./example-tables.ts";
import { encodePolyline, geohash } from "./geo-encoding.ts";
import { loadExamples, type LoadExamplesReport } from "./load-examples.ts";

const EXAMPLES_DIR = resolve(import.meta.dirname, "../../../../examples-data");

/** Superset's column names for the tables dashboards and tests rely on most. */
const EXPECTED_COLUMNS: Record<string, string[]> = {
  birth_names: ["ds", "gender", "name", "num", "state", "num_boys", "num_girls"],
  energy_usage: ["source", "target", "value"],
  random_time_series: ["ds"],
  multiformat_time_series: ["ds", "ds2", "epoch_s", "epoch_ms", "string0", "string1", "string2", "string3"],
  sf_population_polygons: ["zipcode", "population", "contour", "area"],
  bart_lines: ["name", "color", "path_json", "polyline"],
  unicode_test: ["phrase", "short_phrase", "with_missing", "dttm", "value"],
  long_lat: [
    "LON",
    "LAT",
    "NUMBER",
    "STREET",
    "UNIT",
    "CITY",
    "DISTRICT",
    "REGION",
    "POSTCODE",
    "ID",
    "datetime",
    "occupancy",
    "radius_miles",
    "geohash",
    "delimited",
  ],
  channel_members: ["channel_id", "user_id"],
  users_channels: ["name", "user_id"],
};

describe("examples loader", () => {
  let dir: string;
  let path: string;
  let first: LoadExamplesReport;
  let engine: DuckDbEngine;
  const logs: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "strata-examples-"));
    path = join(dir, "examples.duckdb");
    first = await loadExamples(path, EXAMPLES_DIR, undefined, (line) => logs.push(line));
    engine = await createDuckDbEngine({ engine: "duckdb", path }, { sandbox: true });
  });

  afterAll(async () => {
    await engine?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates every example table, each with rows", async () => {
    const names = EXAMPLE_TABLES.map((t) => t.table_name);
    expect([...first.loaded].sort()).toEqual([...names].sort());
    expect((await engine.tables("main")).map((t) => t.name).sort()).toEqual([...names].sort());
    for (const name of names) {
      const result = await engine.execute(`SELECT count(*) FROM main.${engine.quoteIdentifier(name)}`);
      expect(result.data[0][0], name).toBeGreaterThan(0);
      expect(first.rowcounts[name], name).toBe(result.data[0][0]);
    }
    expect(logs.join("\n")).toMatch(/22 loaded, 0 already present \(\d+ ms\)/);
  });

  it("uses Superset's column names and types", async () => {
    for (const [table, columns] of Object.entries(EXPECTED_COLUMNS)) {
      expect(
        (await engine.columns(table, "main")).map((c) => c.name),
        table,
      ).toEqual(columns);
    }
    const birthNames = Object.fromEntries((await engine.columns("birth_names")).map((c) => [c.name, c.type]));
    expect(birthNames).toMatchObject({
      ds: "TIMESTAMP",
      num: "BIGINT",
      num_boys: "BIGINT",
      gender: "VARCHAR",
    });
    const flights = (await engine.columns("flights")).map((c) => c.name);
    expect(flights).toEqual(
      expect.arrayContaining([
        "ds",
        "AIRLINE",
        "ORIGIN_AIRPORT",
        "AIRPORT",
        "LATITUDE",
        "AIRPORT_DEST",
        "LATITUDE_DEST",
      ]),
    );
    expect((await engine.columns("cleaned_sales_data")).find((c) => c.name === "order_date")?.type).toBe(
      "TIMESTAMP",
    );
  });

  it("has the metrics' and time columns' columns in their tables", async () => {
    for (const table of EXAMPLE_TABLES) {
      const columns = (await engine.columns(table.table_name)).map((c) => c.name);
      if (table.main_dttm_col) expect(columns, table.table_name).toContain(table.main_dttm_col);
      const metrics = table.metrics
        .map((m) => `${m.expression} AS ${engine.quoteIdentifier(m.metric_name)}`)
        .join(", ");
      const result = await engine.execute(
        `SELECT ${metrics} FROM ${engine.quoteIdentifier(table.table_name)}`,
      );
      expect(result.columns.map((c) => c.name)).toEqual(table.metrics.map((m) => m.metric_name));
      expect(table.metrics[0]).toMatchObject({ metric_name: "count", expression: "COUNT(*)" });
    }
  });

  it("converts epoch milliseconds to timestamps (birth_names.ds)", async () => {
    const result = await engine.execute("SELECT min(ds), max(ds), sum(num) FROM birth_names");
    expect(result.data[0][0]).toBe("1965-01-01T00:00:00");
    expect(result.data[1][0]).toBe("2008-01-01T00:00:00");
    expect(result.data[2][0]).toBeGreaterThan(0);
  });

  it("computes geohashes and polylines like Superset's loaders", async () => {
    const rows = await engine.execute("SELECT LAT, LON, geohash, delimited FROM long_lat LIMIT 50");
    for (let i = 0; i < 50; i++) {
      const [lat, lon, hash, delimited] = rows.data.map((column) => column[i]);
      expect(hash).toBe(geohash(lat as number, lon as number));
      expect(delimited).toBe(`${lat},${lon}`);
    }
    expect(geohash(57.64911, 10.40744, 11)).toBe("u4pruydqqvj");
    expect(
      encodePolyline([
        [38.5, -120.2],
        [40.7, -120.95],
        [43.252, -126.453],
      ]),
    ).toBe("_p~iF~ps|U_ulLnnqC_mqNvxq`@");
    const bart = await engine.execute("SELECT path_json, polyline FROM bart_lines");
    const paths = bart.data[0] as string[];
    expect(bart.data[1]).toEqual(paths.map((p) => encodePolyline(JSON.parse(p))));
  });

  it("is idempotent: a second load skips every table and changes nothing", async () => {
    await engine.close();
    const before = first.rowcounts.flights;
    const again = await loadExamples(path, EXAMPLES_DIR, undefined, () => undefined);
    expect(again.loaded).toEqual([]);
    expect(again.skipped.length).toBe(EXAMPLE_TABLES.length);
    engine = await createDuckDbEngine({ engine: "duckdb", path }, { sandbox: true });
    expect((await engine.execute("SELECT count(*) FROM flights")).data).toEqual([[before]]);
  });

  it("loads into an open sandboxed engine, only the tables asked for", async () => {
    const memory = await createDuckDbEngine({ engine: "duckdb", path: ":memory:" }, { sandbox: true });
    try {
      const report = await loadExamples(
        memory,
        EXAMPLES_DIR,
        ["energy_usage", "bart_lines"],
        () => undefined,
      );
      expect(report.loaded.sort()).toEqual(["bart_lines", "energy_usage"]);
      expect((await memory.tables("main")).map((t) => t.name)).toEqual(["bart_lines", "energy_usage"]);
      await expect(loadExamples(memory, EXAMPLES_DIR, ["no_such_table"])).rejects.toThrow(
        /Unknown example tables: no_such_table/,
      );
      await expect(loadExamples(memory, join(dir, "nowhere"), ["flights"])).rejects.toThrow(
        /files are missing/,
      );
    } finally {
      await memory.close();
    }
  });
});
