import { type DuckDBConnection, DuckDBDataChunk, type DuckDBResult } from "@duckdb/node-api";
import { ErrorType } from "@strata/contracts";
import { mapDuckDbError } from "./errors.ts";
import { quoteDuckDbIdentifier as q, type DuckDbEngine } from "./adapter.ts";
import { storageType, writerFor } from "./writes.ts";
import { type ColumnarResult, EngineError } from "../types.ts";

export type IfExists = "fail" | "replace" | "append";

export interface TableTarget {
  table: string;
  /** Defaults to `main`. */
  schema?: string | null;
  catalog?: string | null;
  /** What to do when the table exists (Superset's `already_exists`). Defaults to `fail`. */
  ifExists?: IfExists;
}

export interface WriteSummary {
  table: string;
  schema: string;
  rowcount: number;
  columns: { name: string; type: string }[];
}

const CHUNK_ROWS = 2048;

function qualified(target: TableTarget): string {
  return [target.catalog, target.schema ?? "main", target.table]
    .filter((p): p is string => !!p)
    .map(q)
    .join(".");
}

async function tableExists(connection: DuckDBConnection, target: TableTarget): Promise<boolean> {
  const reader = await connection.runAndReadAll(
    `SELECT count(*) FROM information_schema.tables
     WHERE table_schema = $1 AND table_name = $2 AND ($3 = '' OR table_catalog = $3)`,
    [target.schema ?? "main", target.table, target.catalog ?? ""],
  );
  return Number(reader.getRows()[0][0]) > 0;
}

function alreadyExists(target: TableTarget): EngineError {
  return new EngineError(
    `Table "${target.table}" already exists. Change the "if table already exists" strategy to append or replace, or choose another table name.`,
    ErrorType.GENERIC_DB_ENGINE_ERROR,
    422,
    { table: target.table },
  );
}

/**
 * Prepares the target table inside the open transaction: fails, drops, or keeps it per `ifExists`.
 * Returns the names of the table's columns in table order.
 */
async function prepareTable(
  connection: DuckDBConnection,
  target: TableTarget,
  columns: { name: string; type: string }[],
): Promise<string[]> {
  const exists = await tableExists(connection, target);
  const mode = target.ifExists ?? "fail";
  if (exists && mode === "fail") throw alreadyExists(target);
  if (exists && mode === "append") {
    const reader = await connection.runAndReadAll(`SELECT * FROM ${qualified(target)} LIMIT 0`);
    return reader.columnNames();
  }
  if (exists) await connection.run(`DROP TABLE ${qualified(target)}`);
  if (columns.length === 0)
    throw new EngineError("The data has no columns.", ErrorType.GENERIC_DB_ENGINE_ERROR, 422);
  const ddl = columns.map((c) => `${q(c.name)} ${c.type}`).join(", ");
  await connection.run(`CREATE TABLE ${qualified(target)} (${ddl})`);
  return columns.map((c) => c.name);
}

/** For append: where each table column comes from in the data (by name, then case-insensitively). */
function columnMapping(tableColumns: string[], dataColumns: string[]): number[] {
  const unknown = dataColumns.filter(
    (name) =>
      !tableColumns.includes(name) && !tableColumns.some((t) => t.toLowerCase() === name.toLowerCase()),
  );
  if (unknown.length > 0) {
    throw new EngineError(
      `The existing table has no column ${unknown.map((n) => `"${n}"`).join(", ")}.`,
      ErrorType.COLUMN_DOES_NOT_EXIST_ERROR,
      422,
    );
  }
  return tableColumns.map((name) => {
    const exact = dataColumns.indexOf(name);
    return exact >= 0 ? exact : dataColumns.findIndex((d) => d.toLowerCase() === name.toLowerCase());
  });
}

async function inTransaction<T>(connection: DuckDBConnection, fn: () => Promise<T>): Promise<T> {
  await connection.run("BEGIN TRANSACTION");
  try {
    const result = await fn();
    await connection.run("COMMIT");
    return result;
  } catch (error) {
    await connection.run("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/**
 * Creates (or replaces, or appends to) a table from columnar data, through DuckDB's appender in
 * 2048-row chunks. Works on a sandboxed engine: nothing is read from files.
 */
export async function createTableFromColumnar(
  engine: DuckDbEngine,
  target: TableTarget,
  result: Pick<ColumnarResult, "columns" | "data">,
): Promise<WriteSummary> {
  const columns = result.columns.map((c) => ({ name: c.name, type: storageType(c) }));
  return engine.withConnection(async (connection) => {
    try {
      return await inTransaction(connection, async () => {
        const tableColumns = await prepareTable(connection, target, columns);
        const mapping = columnMapping(
          tableColumns,
          columns.map((c) => c.name),
        );
        const appender = await connection.createAppender(
          target.table,
          target.schema ?? "main",
          target.catalog ?? null,
        );
        const types = tableColumns.map((_, i) => appender.columnType(i));
        const writers = types.map(writerFor);
        const rowcount = result.data[0]?.length ?? 0;
        for (let start = 0; start < rowcount; start += CHUNK_ROWS) {
          const size = Math.min(CHUNK_ROWS, rowcount - start);
          const chunk = DuckDBDataChunk.create(types, size);
          for (let c = 0; c < types.length; c++) {
            const source = mapping[c] >= 0 ? result.data[mapping[c]] : undefined;
            const values = new Array(size);
            for (let r = 0; r < size; r++) {
              const value = source?.[start + r];
              values[r] = value === null || value === undefined ? null : writers[c](value);
            }
            chunk.setColumnValues(c, values);
          }
          appender.appendDataChunk(chunk);
        }
        appender.closeSync();
        return {
          table: target.table,
          schema: target.schema ?? "main",
          rowcount,
          columns: tableColumns.map((name, i) => ({ name, type: types[i].toString() })),
        };
      });
    } catch (error) {
      throw mapDuckDbError(error);
    }
  });
}

/** Short alias matching the columnar vocabulary: append `data` (one array per column) to a table. */
export function appendColumnar(
  engine: DuckDbEngine,
  target: TableTarget,
  result: Pick<ColumnarResult, "columns" | "data">,
) {
  return createTableFromColumnar(engine, { ifExists: "append", ...target }, result);
}

/**
 * Streams a DuckDB result (typically from a separate, file-reading instance) into a table of
 * `engine` chunk by chunk, with no per-value work in JS.
 */
export async function createTableFromDuckDbResult(
  engine: DuckDbEngine,
  target: TableTarget,
  source: DuckDBResult,
): Promise<WriteSummary> {
  const names = source.columnNames();
  const types = source.columnTypes();
  const columns = names.map((name, i) => ({ name, type: types[i].toString() }));
  return engine.withConnection(async (connection) => {
    try {
      return await inTransaction(connection, async () => {
        const tableColumns = await prepareTable(connection, target, columns);
        if (tableColumns.length !== names.length || tableColumns.some((name, i) => name !== names[i])) {
          throw new EngineError(
            "The existing table's columns differ from the file's; use replace, or a new table name.",
            ErrorType.GENERIC_DB_ENGINE_ERROR,
            422,
          );
        }
        const appender = await connection.createAppender(
          target.table,
          target.schema ?? "main",
          target.catalog ?? null,
        );
        let rowcount = 0;
        for (;;) {
          const chunk = await source.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          appender.appendDataChunk(chunk);
          rowcount += chunk.rowCount;
        }
        appender.closeSync();
        return { table: target.table, schema: target.schema ?? "main", rowcount, columns };
      });
    } catch (error) {
      throw mapDuckDbError(error);
    }
  });
}
