import {
  BOOLEAN,
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBType,
  type DuckDBValue,
  INTEGER,
  LIST,
  listValue,
  VARCHAR,
} from "@duckdb/node-api";
import { ErrorType } from "@strata/contracts";
import { type DuckDbEngine, collectColumnar, quoteDuckDbIdentifier as q } from "./duckdb/adapter.ts";
import { mapDuckDbError } from "./duckdb/errors.ts";
import {
  createTableFromColumnar,
  createTableFromDuckDbResult,
  type TableTarget,
  type WriteSummary,
} from "./duckdb/tables.ts";
import { type ColumnarResult, EngineError, type ResultColumn } from "./types.ts";
import { readXlsx } from "./xlsx.ts";

/**
 * Uploaded files are read by a separate, non-sandboxed, in-memory DuckDB instance that only ever
 * runs SQL built here, never user SQL: the file path and every option travel as bound parameters,
 * and column names are used only after they were found among the file's own columns (then quoted).
 * The rows then stream into the target engine, which may be sandboxed and unable to read files.
 */

export type FileFormat = "csv" | "parquet" | "json" | "xlsx";

export interface FileReadOptions {
  /** CSV: field separator (default: sniffed). */
  delimiter?: string;
  /** CSV/XLSX: the file has a header row. Default true. */
  header?: boolean;
  /**
   * CSV/XLSX: which line (after `skipRows`) holds the column names, 0 being the first, as pandas'
   * `header`; the lines above it are skipped.
   */
  headerRow?: number;
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
  /**
   * Superset's index column: the column becomes the frame's index, which is written only with
   * `dataframeIndex` (first, named `indexLabel` when given); without it the column is left out.
   */
  indexColumn?: string;
  dataframeIndex?: boolean;
  indexLabel?: string;
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

const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_ ]*(\(\s*\d+\s*(,\s*\d+\s*)?\))?$/;

function checkedType(type: string): string {
  if (!TYPE_NAME.test(type))
    throw new EngineError(`"${type}" is not a column type.`, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, 400);
  return type;
}

function invalid(message: string): EngineError {
  return new EngineError(message, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, 400);
}

/** A statement with its bound values (`$1`, `$2` … in order). */
export interface BoundSql {
  sql: string;
  values: DuckDBValue[];
  types: DuckDBType[];
}

class Binder {
  readonly values: DuckDBValue[] = [];
  readonly types: DuckDBType[] = [];
  bind(value: DuckDBValue, type: DuckDBType): string {
    this.values.push(value);
    this.types.push(type);
    return `$${this.values.length}`;
  }
}

const count = (n: number | undefined) => Math.max(0, Math.trunc(n ?? 0));

/** Lines above the header: the skipped rows plus the header row's position (pandas' skiprows + header). */
export function linesBeforeHeader(o: FileReadOptions): number {
  return count(o.skipRows) + (o.header === false ? 0 : count(o.headerRow));
}

function sourceFunction(
  filePath: string,
  format: Exclude<FileFormat, "xlsx">,
  o: FileReadOptions,
  b: Binder,
) {
  if (format === "parquet") return `read_parquet(${b.bind(filePath, VARCHAR)})`;
  if (format === "json") return `read_json_auto(${b.bind(filePath, VARCHAR)})`;
  const args = [b.bind(filePath, VARCHAR)];
  if (o.delimiter) args.push(`delim = ${b.bind(o.delimiter, VARCHAR)}`);
  if (o.header !== undefined) args.push(`header = ${b.bind(o.header, BOOLEAN)}`);
  const skip = linesBeforeHeader(o);
  if (skip) args.push(`skip = ${b.bind(skip, INTEGER)}`);
  if (o.nullValues?.length) args.push(`nullstr = ${b.bind(listValue(o.nullValues), LIST(VARCHAR))}`);
  if (o.decimalCharacter) {
    if (o.decimalCharacter !== "." && o.decimalCharacter !== ",")
      throw invalid("The decimal character must be '.' or ','.");
    args.push(`decimal_separator = ${b.bind(o.decimalCharacter, VARCHAR)}`);
  }
  if (o.encoding) args.push(`encoding = ${b.bind(o.encoding, VARCHAR)}`);
  const types = Object.entries(o.columnTypes ?? {});
  if (types.length) {
    // Not reachable over HTTP (no upload field sets it); keys escaped, types checked against a pattern.
    const lit = (v: string) => `'${v.replaceAll("'", "''")}'`;
    args.push(`types = {${types.map(([k, t]) => `${lit(k)}: ${lit(checkedType(t))}`).join(", ")}}`);
  }
  return `read_csv(${args.join(", ")})`;
}

/** Column names the options refer to must be the file's own: anything else is the user's mistake. */
function checkColumns(names: string[], o: FileReadOptions): void {
  const known = new Set(names);
  const asked = [
    ...(o.columnDates ?? []).map((c) => ["date", c]),
    ...(o.columnsRead ?? []).map((c) => ["read", c]),
    ...(o.indexColumn ? [["index", o.indexColumn]] : []),
  ];
  const missing = [...new Set(asked.filter(([, c]) => !known.has(c)).map(([, c]) => c))];
  if (missing.length > 0)
    throw new EngineError(
      `Column${missing.length > 1 ? "s" : ""} not found in the file: ${missing.join(", ")}. The file has: ${names.join(", ")}.`,
      ErrorType.COLUMN_DOES_NOT_EXIST_ERROR,
      400,
    );
}

/** The output columns as SELECT items, once the file's column names are known. */
function selectList(names: string[], o: FileReadOptions): string {
  checkColumns(names, o);
  const dates = new Set(o.columnDates ?? []);
  const cast = (c: string) => (dates.has(c) ? `CAST(${q(c)} AS TIMESTAMP) AS ${q(c)}` : q(c));
  const base = o.columnsRead?.length ? o.columnsRead : names;
  const items = base.filter((c) => c !== o.indexColumn).map(cast);
  if (o.indexColumn && o.dataframeIndex)
    items.unshift(`${cast(o.indexColumn).replace(/ AS .*$/, "")} AS ${q(o.indexLabel || o.indexColumn)}`);
  if (items.length === 0) throw invalid("No columns are left to read.");
  return items.join(", ");
}

async function describeColumns(connection: DuckDBConnection, source: string, b: Binder): Promise<string[]> {
  const described = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`, b.values, b.types);
  return described.getRowObjects().map((r) => String(r.column_name));
}

/** The SELECT that reads a file with the upload options applied, its values bound. */
export async function fileSelect(
  connection: DuckDBConnection,
  filePath: string,
  format: Exclude<FileFormat, "xlsx">,
  o: FileReadOptions = {},
): Promise<BoundSql> {
  const b = new Binder();
  const source = sourceFunction(filePath, format, o, b);
  const needsNames = Boolean(o.columnDates?.length || o.columnsRead?.length || o.indexColumn);
  const select = needsNames ? selectList(await describeColumns(connection, source, b), o) : "*";
  const limit = o.rowsToRead ? ` LIMIT ${b.bind(count(o.rowsToRead), INTEGER)}` : "";
  return { sql: `SELECT ${select} FROM ${source}${limit}`, values: b.values, types: b.types };
}

/** Excel through exceljs, with the same header/skip/index options as CSV. */
async function readSheet(filePath: string, o: FileReadOptions): Promise<ColumnarResult> {
  const sheet = await readXlsx(filePath, {
    sheetName: o.sheetName,
    header: o.header,
    skipRows: linesBeforeHeader(o),
    rowsToRead: o.rowsToRead,
    nullValues: o.nullValues,
  });
  const names = sheet.columns.map((c) => c.name);
  checkColumns(names, o);
  let order = (o.columnsRead?.length ? o.columnsRead : names).filter((c) => c !== o.indexColumn);
  if (o.indexColumn && o.dataframeIndex) order = [o.indexColumn, ...order];
  const columns: ResultColumn[] = [];
  const data: unknown[][] = [];
  for (const name of order) {
    const i = names.indexOf(name);
    const renamed = name === o.indexColumn && o.indexLabel ? o.indexLabel : name;
    columns.push({ ...sheet.columns[i], name: renamed });
    data.push(sheet.data[i]);
  }
  return { ...sheet, columns, data };
}

/** Reads a CSV, Parquet, JSON or Excel file into columnar data (for previews and small files). */
export async function readTabularFile(
  filePath: string,
  format: FileFormat,
  options: FileReadOptions = {},
): Promise<ColumnarResult> {
  if (format === "xlsx") return readSheet(filePath, options);
  return withReader(async (connection) => {
    const { sql, values, types } = await fileSelect(connection, filePath, format, options);
    return collectColumnar(await connection.stream(sql, values, types));
  });
}

/** What the upload form shows before anything is written: per sheet, its columns and first rows. */
export interface FilePreview {
  sheet_name: string | null;
  column_names: string[];
  column_types: string[];
  rows: unknown[][];
}

/** Sheet names of a workbook, in order (none when it can't be read: the sheet read says why). */
async function sheetNames(filePath: string): Promise<string[]> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(filePath);
  } catch {
    return [];
  }
  return workbook.worksheets.map((w) => w.name);
}

function toRows(result: ColumnarResult): unknown[][] {
  return Array.from({ length: result.rowcount }, (_, r) => result.data.map((column) => column[r]));
}

/** The file's columns and first `previewRows` rows with the options applied (Excel: every sheet). */
export async function previewFile(
  filePath: string,
  format: FileFormat,
  options: FileReadOptions = {},
  previewRows = 10,
): Promise<FilePreview[]> {
  const read = { ...options, rowsToRead: previewRows };
  const item = (sheet: string | null, r: ColumnarResult): FilePreview => ({
    sheet_name: sheet,
    column_names: r.columns.map((c) => c.name),
    column_types: r.columns.map((c) => c.type),
    rows: toRows(r),
  });
  if (format !== "xlsx") return [item(null, await readTabularFile(filePath, format, read))];
  const names = await sheetNames(filePath);
  if (names.length === 0) return [item(null, await readSheet(filePath, read))];
  // The chosen sheet gets the options; the others are listed with their own header row.
  const items: FilePreview[] = [];
  for (const name of names) {
    const chosen = options.sheetName ? name === options.sheetName : name === names[0];
    items.push(
      item(
        name,
        await readSheet(
          filePath,
          chosen ? { ...read, sheetName: name } : { sheetName: name, rowsToRead: previewRows },
        ),
      ),
    );
  }
  return items;
}

/** Loads a file into a table of `engine`: CSV/Parquet/JSON stream chunk by chunk; Excel goes through columns. */
export async function importFile(
  engine: DuckDbEngine,
  filePath: string,
  format: FileFormat,
  target: TableTarget,
  options: FileReadOptions = {},
): Promise<WriteSummary> {
  if (format === "xlsx") return createTableFromColumnar(engine, target, await readSheet(filePath, options));
  return withReader(async (connection) => {
    const { sql, values, types } = await fileSelect(connection, filePath, format, options);
    return createTableFromDuckDbResult(engine, target, await connection.stream(sql, values, types));
  });
}

/** Gives trusted code (the examples loader) a connection on the file-reading instance. */
export function withFileReader<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  return withReader(fn);
}
