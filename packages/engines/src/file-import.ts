import { type DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { ErrorType } from "@strata/contracts";
import { type DuckDbEngine, collectColumnar, quoteDuckDbIdentifier as q } from "./duckdb.ts";
import { mapDuckDbError } from "./duckdb-errors.ts";
import {
  createTableFromColumnar,
  createTableFromDuckDbResult,
  type TableTarget,
  type WriteSummary,
} from "./duckdb-tables.ts";
import { type ColumnarResult, EngineError } from "./types.ts";
import { readXlsx } from "./xlsx.ts";

/**
 * Uploaded files are read by a separate, non-sandboxed, in-memory DuckDB instance that only ever
 * runs SQL built here (file path and options as escaped literals), never user SQL. The rows then
 * stream into the target engine, which may be sandboxed and unable to read files itself.
 */

export type FileFormat = "csv" | "parquet" | "json" | "xlsx";

export interface FileReadOptions {
  /** CSV: field separator (default: sniffed). */
  delimiter?: string;
  /** CSV/XLSX: the first (non-skipped) row holds column names. Default true. */
  header?: boolean;
  /** CSV/XLSX: rows to skip before the header. */
  skipRows?: number;
  /** CSV/XLSX: strings read as NULL. */
  nullValues?: string[];
  /** CSV: decimal separator, `.` or `,`. */
  decimalCharacter?: string;
  /** CSV: encoding (`utf-8`, `utf-16`, `latin-1`). */
  encoding?: string;
  /** Columns to parse as timestamps. */
  columnDates?: string[];
  /** Explicit column types, e.g. `{ zip: "VARCHAR" }` (Superset's dtype). */
  columnTypes?: Record<string, string>;
  /** Only these columns, in this order. */
  columnsRead?: string[];
  /** At most this many rows. */
  rowsToRead?: number;
  /** XLSX: sheet to read (default: the first). */
  sheetName?: string;
}

let reader: Promise<DuckDBInstance> | undefined;

function fileReader(): Promise<DuckDBInstance> {
  reader ??= DuckDBInstance.create(":memory:", { threads: "2" });
  return reader;
}

async function withReader<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  const connection = await (await fileReader()).connect();
  try {
    return await fn(connection);
  } catch (error) {
    throw mapDuckDbError(error);
  } finally {
    connection.closeSync();
  }
}

function lit(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_ ]*(\(\s*\d+\s*(,\s*\d+\s*)?\))?$/;

function checkedType(type: string): string {
  if (!TYPE_NAME.test(type))
    throw new EngineError(`"${type}" is not a column type.`, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, 400);
  return type;
}

function sourceFunction(filePath: string, format: Exclude<FileFormat, "xlsx">, o: FileReadOptions): string {
  if (format === "parquet") return `read_parquet(${lit(filePath)})`;
  if (format === "json") return `read_json_auto(${lit(filePath)})`;
  const args = [lit(filePath)];
  if (o.delimiter) args.push(`delim = ${lit(o.delimiter)}`);
  if (o.header !== undefined) args.push(`header = ${o.header ? "true" : "false"}`);
  if (o.skipRows) args.push(`skip = ${Math.max(0, Math.trunc(o.skipRows))}`);
  if (o.nullValues?.length) args.push(`nullstr = [${o.nullValues.map(lit).join(", ")}]`);
  if (o.decimalCharacter) args.push(`decimal_separator = ${lit(o.decimalCharacter)}`);
  if (o.encoding) args.push(`encoding = ${lit(o.encoding)}`);
  const types = Object.entries(o.columnTypes ?? {});
  if (types.length)
    args.push(`types = {${types.map(([k, t]) => `${lit(k)}: ${lit(checkedType(t))}`).join(", ")}}`);
  return `read_csv(${args.join(", ")})`;
}

/** The SELECT that reads a file with the upload options applied. */
export function fileSelectSql(
  filePath: string,
  format: Exclude<FileFormat, "xlsx">,
  o: FileReadOptions = {},
): string {
  const dates = new Set(o.columnDates ?? []);
  const cast = (c: string) => (dates.has(c) ? `CAST(${q(c)} AS TIMESTAMP) AS ${q(c)}` : q(c));
  let select: string;
  if (o.columnsRead?.length) select = o.columnsRead.map(cast).join(", ");
  else if (dates.size) select = `* REPLACE (${[...dates].map(cast).join(", ")})`;
  else select = "*";
  const limit = o.rowsToRead ? ` LIMIT ${Math.max(0, Math.trunc(o.rowsToRead))}` : "";
  return `SELECT ${select} FROM ${sourceFunction(filePath, format, o)}${limit}`;
}

/** Reads a CSV, Parquet, JSON or Excel file into columnar data (for previews and small files). */
export async function readTabularFile(
  filePath: string,
  format: FileFormat,
  options: FileReadOptions = {},
): Promise<ColumnarResult> {
  if (format === "xlsx") return readXlsx(filePath, options);
  return withReader(async (connection) =>
    collectColumnar(await connection.stream(fileSelectSql(filePath, format, options))),
  );
}

/** Loads a file into a table of `engine`: CSV/Parquet/JSON stream chunk by chunk; Excel goes through columns. */
export async function importFile(
  engine: DuckDbEngine,
  filePath: string,
  format: FileFormat,
  target: TableTarget,
  options: FileReadOptions = {},
): Promise<WriteSummary> {
  if (format === "xlsx") return createTableFromColumnar(engine, target, await readXlsx(filePath, options));
  return withReader(async (connection) => {
    const result = await connection.stream(fileSelectSql(filePath, format, options));
    return createTableFromDuckDbResult(engine, target, result);
  });
}

/** Gives trusted code (the examples loader) a connection on the file-reading instance. */
export function withFileReader<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  return withReader(fn);
}
