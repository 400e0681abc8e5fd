import { join } from "node:path";
import type { ColumnarResult } from "../types.ts";
import { encodePolyline, GEOHASH_MACROS } from "./geo-encoding.ts";

/**
 * How each example table is read from `examples-data/`: one SELECT, run by the file-reading DuckDB
 * instance, whose result has the table's final shape (Superset's column names and types).
 */
export interface ExampleSource {
  table: string;
  /** The files it needs, relative to the examples directory. */
  files: string[];
  /** Statements to run first on the reading connection (macros). */
  setup?: string[];
  select(file: (name: string) => string): string;
  /** A final touch in JS, for the few values SQL cannot make (small tables only). */
  transform?(result: ColumnarResult): ColumnarResult;
}

const lit = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** pandas' default NA strings: Superset's loaders read these CSVs with pandas. */
const PANDAS_NULLS = [
  "",
  "#N/A",
  "#N/A N/A",
  "#NA",
  "-1.#IND",
  "-1.#QNAN",
  "-NaN",
  "-nan",
  "1.#IND",
  "1.#QNAN",
  "<NA>",
  "N/A",
  "NA",
  "NULL",
  "NaN",
  "None",
  "n/a",
  "nan",
  "null",
];

/** `sampleAll`: sniff types over the whole file (slower; for files whose types we do not pin). */
function csv(path: string, types: Record<string, string> = {}, sampleAll = true): string {
  const typeList = Object.entries(types).map(([k, t]) => `${lit(k)}: ${lit(t)}`);
  return `read_csv(${path}, header = true${sampleAll ? ", sample_size = -1" : ""}, nullstr = [${PANDAS_NULLS.map(lit).join(", ")}]${
    typeList.length ? `, types = {${typeList.join(", ")}}` : ""
  })`;
}

const doubles = (names: string) => Object.fromEntries(names.split(" ").map((n) => [n, "DOUBLE"]));
const bigints = (names: string) => Object.fromEntries(names.split(" ").map((n) => [n, "BIGINT"]));

const FLIGHT_TYPES = {
  ...bigints(
    "YEAR MONTH DAY DAY_OF_WEEK FLIGHT_NUMBER SCHEDULED_DEPARTURE SCHEDULED_TIME DISTANCE SCHEDULED_ARRIVAL DIVERTED CANCELLED",
  ),
  ...doubles(
    "DEPARTURE_TIME DEPARTURE_DELAY TAXI_OUT WHEELS_OFF ELAPSED_TIME AIR_TIME WHEELS_ON TAXI_IN ARRIVAL_TIME ARRIVAL_DELAY " +
      "AIR_SYSTEM_DELAY SECURITY_DELAY AIRLINE_DELAY LATE_AIRCRAFT_DELAY WEATHER_DELAY",
  ),
  ...Object.fromEntries(
    "AIRLINE TAIL_NUMBER ORIGIN_AIRPORT DESTINATION_AIRPORT CANCELLATION_REASON"
      .split(" ")
      .map((n) => [n, "VARCHAR"]),
  ),
};

const AIRPORT_COLUMNS = ["AIRPORT", "CITY", "STATE", "COUNTRY", "LATITUDE", "LONGITUDE"];

const slack = (table: string, select = "*"): ExampleSource => ({
  table,
  files: [`datasets/examples/slack/${table}.csv`],
  select: (f) => `SELECT ${select} FROM ${csv(f(`datasets/examples/slack/${table}.csv`))}`,
});

export const EXAMPLE_SOURCES: ExampleSource[] = [
  {
    table: "birth_names",
    files: ["birth_names2.json.gz"],
    select: (
      f,
    ) => `SELECT EPOCH_MS(CAST(ds AS BIGINT)) AS ds, CAST(gender AS VARCHAR) AS gender, CAST(name AS VARCHAR) AS name,
      CAST(num AS BIGINT) AS num, CAST(state AS VARCHAR) AS state, CAST(num_boys AS BIGINT) AS num_boys,
      CAST(num_girls AS BIGINT) AS num_girls FROM read_json_auto(${f("birth_names2.json.gz")})`,
  },
  {
    table: "energy_usage",
    files: ["energy.json.gz"],
    select: (f) =>
      `SELECT source, target, CAST(value AS DOUBLE) AS value FROM read_json_auto(${f("energy.json.gz")})`,
  },
  {
    // Superset joins each flight with its origin airport (plain names) and destination (_DEST).
    table: "flights",
    files: ["flight_data.csv.gz", "airports.csv.gz"],
    select: (
      f,
    ) => `WITH fl AS (SELECT *, ROW_NUMBER() OVER () AS strata_row FROM ${csv(f("flight_data.csv.gz"), FLIGHT_TYPES, false)}),
      ap AS (SELECT * FROM ${csv(f("airports.csv.gz"))})
      SELECT fl.* EXCLUDE (strata_row), CAST(MAKE_DATE(fl.YEAR, fl.MONTH, fl.DAY) AS TIMESTAMP) AS ds,
        ${AIRPORT_COLUMNS.map((c) => `o.${c}`).join(", ")},
        ${AIRPORT_COLUMNS.map((c) => `d.${c} AS ${c}_DEST`).join(", ")}
      FROM fl LEFT JOIN ap o ON o.IATA_CODE = fl.ORIGIN_AIRPORT LEFT JOIN ap d ON d.IATA_CODE = fl.DESTINATION_AIRPORT
      ORDER BY fl.strata_row`,
  },
  {
    table: "random_time_series",
    files: ["random_time_series.json.gz"],
    select: (f) =>
      `SELECT EPOCH_MS(CAST(ds AS BIGINT) * 1000) AS ds FROM read_json_auto(${f("random_time_series.json.gz")})`,
  },
  {
    table: "multiformat_time_series",
    files: ["multiformat_time_series.json.gz"],
    select: (
      f,
    ) => `SELECT CAST(EPOCH_MS(CAST(ds AS BIGINT) * 1000) AS DATE) AS ds, EPOCH_MS(CAST(ds2 AS BIGINT) * 1000) AS ds2,
      CAST(epoch_s AS BIGINT) AS epoch_s, CAST(epoch_ms AS BIGINT) AS epoch_ms,
      CAST(string0 AS VARCHAR) AS string0, CAST(string1 AS VARCHAR) AS string1,
      CAST(string2 AS VARCHAR) AS string2, CAST(string3 AS VARCHAR) AS string3
      FROM read_json_auto(${f("multiformat_time_series.json.gz")})`,
  },
  {
    table: "sf_population_polygons",
    files: ["sf_population.json.gz"],
    select: (f) => `SELECT CAST(zipcode AS BIGINT) AS zipcode, CAST(population AS BIGINT) AS population,
      CAST(TO_JSON(contour) AS VARCHAR) AS contour, CAST(area AS DOUBLE) AS area FROM read_json_auto(${f("sf_population.json.gz")})`,
  },
  {
    table: "bart_lines",
    files: ["bart-lines.json.gz"],
    select: (f) =>
      `SELECT name, color, CAST(TO_JSON(path) AS VARCHAR) AS path_json, '' AS polyline FROM read_json_auto(${f("bart-lines.json.gz")})`,
    transform(result) {
      const paths = result.data[2] as string[];
      const data = [...result.data];
      data[3] = paths.map((p) => encodePolyline(JSON.parse(p) as number[][]));
      return { ...result, data };
    },
  },
  {
    table: "unicode_test",
    files: ["datasets/examples/unicode_test.csv"],
    select: (
      f,
    ) => `SELECT phrase, short_phrase, with_missing, CAST(dttm AS DATE) AS dttm, CAST(value AS DOUBLE) AS value
      FROM ${csv(f("datasets/examples/unicode_test.csv"))}`,
  },
  {
    table: "covid_vaccines",
    files: ["datasets/examples/covid_vaccines.csv"],
    select: (f) =>
      `SELECT * FROM ${csv(f("datasets/examples/covid_vaccines.csv"), { date_last_updated: "VARCHAR" })}`,
  },
  {
    table: "cleaned_sales_data",
    files: ["datasets/examples/sales.csv"],
    select: (f) =>
      `SELECT * REPLACE (STRPTIME(order_date, '%m/%d/%Y') AS order_date) FROM ${csv(
        f("datasets/examples/sales.csv"),
        {
          order_date: "VARCHAR",
          postal_code: "VARCHAR",
          phone: "VARCHAR",
          price_each: "DOUBLE",
          sales: "DOUBLE",
        },
      )}`,
  },
  {
    table: "video_game_sales",
    files: ["datasets/examples/video_game_sales.csv"],
    select: (f) => `SELECT * FROM ${csv(f("datasets/examples/video_game_sales.csv"), { year: "BIGINT" })}`,
  },
  {
    table: "tutorial_flights",
    files: ["tutorial_flights.csv"],
    select: (f) => `SELECT * FROM ${csv(f("tutorial_flights.csv"), { "Travel Date": "DATE" })}`,
  },
  {
    table: "birth_france_by_region",
    files: ["birth_france_data_for_country_map.csv"],
    select: (f) =>
      `SELECT *, CURRENT_DATE AS dttm FROM ${csv(f("birth_france_data_for_country_map.csv"), {
        DEPT_ID: "VARCHAR",
        ...bigints("2003 2004 2005 2006 2007 2008 2009 2010 2011 2012 2013 2014"),
      })}`,
  },
  {
    table: "FCC 2018 Survey",
    files: ["datasets/examples/fcc_survey_2018.csv.gz"],
    select: (f) => `SELECT * FROM ${csv(f("datasets/examples/fcc_survey_2018.csv.gz"), { ID: "VARCHAR" })}`,
  },
  {
    // Superset adds a time spread over today, random occupancy and radius, a geohash and "lat,lon".
    // Ours are deterministic (hash of the row number) so every load gives the same table.
    table: "long_lat",
    files: ["san_francisco.csv.gz"],
    setup: GEOHASH_MACROS,
    select: (f) => `WITH src AS (
        SELECT *, ROW_NUMBER() OVER () - 1 AS strata_row, COUNT(*) OVER () AS strata_rows,
          strata_geo_bits(LAT, -90, 180) AS strata_lat_bits, strata_geo_bits(LON, -180, 360) AS strata_lon_bits
        FROM ${csv(f("san_francisco.csv.gz"), { NUMBER: "VARCHAR", STREET: "VARCHAR", UNIT: "VARCHAR", ...doubles("LON LAT CITY DISTRICT REGION ID"), POSTCODE: "BIGINT" }, false)}),
      coded AS (SELECT *, strata_geohash_interleave(strata_lat_bits, strata_lon_bits) AS strata_code FROM src)
      SELECT LON, LAT, NUMBER, STREET, UNIT, CITY, DISTRICT, REGION, POSTCODE, ID,
        CAST(CURRENT_DATE AS TIMESTAMP) + TO_MICROSECONDS(CAST(strata_row * 86400000000 // GREATEST(strata_rows - 1, 1) AS BIGINT)) AS datetime,
        CAST(HASH(strata_row) % 6 + 1 AS DOUBLE) AS occupancy,
        1 + CAST(HASH(strata_row + 1000003) % 1000000 AS DOUBLE) / 500000 AS radius_miles,
        strata_geohash_text(strata_code) AS geohash,
        CAST(LAT AS VARCHAR) || ',' || CAST(LON AS VARCHAR) AS delimited
      FROM coded ORDER BY strata_row`,
  },
  slack("channel_members"),
  slack("channels"),
  slack("exported_stats", "* REPLACE (CAST(date AS TIMESTAMP) AS date)"),
  slack("messages"),
  slack("threads"),
  slack("users"),
  slack("users_channels"),
];

export function sourceFileReader(examplesDir: string): (name: string) => string {
  return (name) => lit(join(examplesDir, name));
}
