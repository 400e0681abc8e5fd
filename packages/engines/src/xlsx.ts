import { ErrorType } from "@strata/contracts";
import { dedupeNames } from "./columnar.ts";
import { microsToIso } from "./duckdb/values.ts";
import { type ColumnarResult, type ColumnKind, EngineError, type ResultColumn } from "./types.ts";

export interface XlsxReadOptions {
  /** Sheet to read; the first sheet when absent. */
  sheetName?: string | null;
  /** The first (non-skipped) row holds column names. Default true. */
  header?: boolean;
  skipRows?: number;
  rowsToRead?: number | null;
  columnsRead?: string[] | null;
  nullValues?: string[] | null;
}

type Cell = string | number | boolean | Date | null;

/** exceljs cell values come in several shapes (formula, rich text, hyperlink, error). */
function plainValue(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean" ||
    value instanceof Date
  )
    return value;
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    if ("result" in v) return plainValue(v.result);
    if (Array.isArray(v.richText))
      return (v.richText as { text: string }[]).map((part) => part.text).join("");
    if ("text" in v) return plainValue(v.text);
    if ("error" in v) return null;
  }
  return String(value);
}

function dateToIso(value: Date): string {
  return microsToIso(value.getTime() * 1000) ?? value.toISOString();
}

/** Picks the narrowest type holding every value of a column, like a CSV sniffer would. */
function inferColumn(values: Cell[]): { type: string; kind: ColumnKind; data: unknown[] } {
  const present = values.filter((v) => v !== null);
  if (present.length > 0 && present.every((v) => typeof v === "boolean"))
    return { type: "BOOLEAN", kind: "boolean", data: values };
  if (present.length > 0 && present.every((v) => typeof v === "number")) {
    const integers = present.every((v) => Number.isSafeInteger(v));
    return { type: integers ? "BIGINT" : "DOUBLE", kind: "numeric", data: values };
  }
  if (present.length > 0 && present.every((v) => v instanceof Date)) {
    return {
      type: "TIMESTAMP",
      kind: "temporal",
      data: values.map((v) => (v === null ? null : dateToIso(v as Date))),
    };
  }
  const text = values.map((v) => (v === null ? null : v instanceof Date ? dateToIso(v) : String(v)));
  return { type: "VARCHAR", kind: "string", data: text };
}

/** Reads one sheet of an .xlsx file into columns (exceljs is loaded only when needed). */
export async function readXlsx(filePath: string, options: XlsxReadOptions = {}): Promise<ColumnarResult> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(filePath);
  } catch (error) {
    throw new EngineError(
      `The file is not a readable Excel workbook: ${error instanceof Error ? error.message : String(error)}`,
      ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
      400,
    );
  }
  const sheet = options.sheetName ? workbook.getWorksheet(options.sheetName) : workbook.worksheets[0];
  if (!sheet) {
    const names = workbook.worksheets.map((w) => w.name).join(", ");
    throw new EngineError(
      `Sheet "${options.sheetName}" was not found; the workbook has: ${names}.`,
      ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
      400,
    );
  }
  const nulls = new Set(options.nullValues ?? []);
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = (row.values as unknown[]).slice(1).map(plainValue);
    rows.push(values.map((v) => (typeof v === "string" && nulls.has(v) ? null : v)));
  });
  const body = rows.slice(options.skipRows ?? 0);
  const headerRow = options.header === false ? null : (body.shift() ?? []);
  const width = Math.max(headerRow?.length ?? 0, ...body.map((r) => r.length));
  const names = dedupeNames(
    Array.from({ length: width }, (_, i) => {
      const name = headerRow?.[i];
      if (headerRow === null) return String(i);
      return name === null || name === undefined || name === ""
        ? `Unnamed: ${i}`
        : String(name instanceof Date ? dateToIso(name) : name);
    }),
  );
  const dataRows = options.rowsToRead ? body.slice(0, options.rowsToRead) : body;
  let indexes = names.map((_, i) => i);
  if (options.columnsRead?.length) {
    const missing = options.columnsRead.filter((c) => !names.includes(c));
    if (missing.length > 0) {
      throw new EngineError(
        `Columns not found in the sheet: ${missing.join(", ")}.`,
        ErrorType.COLUMN_DOES_NOT_EXIST_ERROR,
        400,
      );
    }
    indexes = options.columnsRead.map((c) => names.indexOf(c));
  }
  const columns: ResultColumn[] = [];
  const data: unknown[][] = [];
  for (const i of indexes) {
    const inferred = inferColumn(dataRows.map((r) => r[i] ?? null));
    columns.push({ name: names[i], type: inferred.type, kind: inferred.kind });
    data.push(inferred.data);
  }
  return { columns, data, rowcount: dataRows.length, truncated: false };
}
