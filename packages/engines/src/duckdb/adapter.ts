import path from "node:path";
import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBPreparedStatement,
  type DuckDBResult,
  type DuckDBValue,
  StatementType,
  TIMESTAMP,
  timestampValue,
} from "@duckdb/node-api";
import { ErrorType } from "@strata/contracts";
import { dedupeNames } from "../columnar.ts";
import { abortError, dmlNotAllowed } from "../engine-errors.ts";
import { classifyStatements, splitStatements } from "../sql-lexer.ts";
import type { QualifiedTable, TableName } from "../table-names.ts";
import {
  type ColumnarResult,
  type ColumnInfo,
  type DuckDbConfig,
  EngineError,
  type ExecuteOptions,
  type QueryEngine,
  type StatementInfo,
  type TableRef,
} from "../types.ts";
import { mapDuckDbError } from "./errors.ts";
import { duckDbResourceSettings, duckDbResourcesFromEnv } from "./resources.ts";
import { kindOfUnboundStatement } from "./statement-kind.ts";
import { checkSystemNamesInText, checkSystemNamesInTree, serializeSqlQuery } from "./system-guard.ts";
import { ColumnarBuilder, kindOfDuckDbType } from "./values.ts";

export interface DuckDbEngineOptions {
  /**
   * Sandbox user SQL: no file, network or extension access, and settings locked, so queries
   * cannot read the host's files or ATTACH other databases. Applies to the whole instance.
   */
  sandbox?: boolean;
  /** Extra DuckDB settings applied when the instance is created (e.g. `{ threads: "4" }`). */
  settings?: Record<string, string>;
  /**
   * If the file is already open in this process, share that instance whatever its settings
   * (maintenance such as loading examples, which never runs user SQL).
   */
  shareOpenInstance?: boolean;
}

/** Statement kinds that only read. Everything else needs `allowDml`. */
const READ_ONLY_KINDS = new Set<number>([StatementType.SELECT, StatementType.EXPLAIN]);
const KIND_NAMES = StatementType as unknown as Record<number, string>;

interface SharedInstance {
  instance: DuckDBInstance;
  refs: number;
  key: string;
  settingsKey: string;
  /** A connection opened ahead of need (see `DuckDbEngine.connect`); each is used once. */
  spare?: Promise<DuckDBConnection>;
  /** Connections being rolled back and closed after their query answered. */
  closing: Set<Promise<void>>;
}

/** One DuckDB instance per database file in this process; engines on the same file share it. */
const instances = new Map<string, Promise<SharedInstance>>();

function instanceSettings(config: DuckDbConfig, options: DuckDbEngineOptions): Record<string, string> {
  // An instance that runs user SQL gets bounded memory, threads and spill space (DUCKDB_* env),
  // so one query can neither grow the process without bound nor take every core.
  const settings: Record<string, string> = {
    ...(options.sandbox ? duckDbResourceSettings(duckDbResourcesFromEnv()) : {}),
    ...options.settings,
  };
  if (config.readOnly) settings.access_mode = "READ_ONLY";
  if (config.memoryLimit) settings.memory_limit = config.memoryLimit;
  if (options.sandbox) {
    settings.enable_external_access = "false";
    settings.autoinstall_known_extensions = "false";
    settings.autoload_known_extensions = "false";
    settings.lock_configuration = "true";
  }
  return settings;
}

async function acquireInstance(config: DuckDbConfig, options: DuckDbEngineOptions): Promise<SharedInstance> {
  const settings = instanceSettings(config, options);
  const settingsKey = JSON.stringify(Object.entries(settings).sort());
  const inMemory = config.path === ":memory:" || config.path === "";
  if (inMemory) {
    const instance = await DuckDBInstance.create(":memory:", settings);
    return { instance, refs: 1, key: "", settingsKey, closing: new Set() };
  }
  const key = path.resolve(config.path);
  let pending = instances.get(key);
  if (!pending) {
    pending = DuckDBInstance.create(key, settings).then((instance) => ({
      instance,
      refs: 0,
      key,
      settingsKey,
      closing: new Set<Promise<void>>(),
    }));
    instances.set(key, pending);
    pending.catch(() => instances.delete(key));
  }
  const shared = await pending;
  if (shared.settingsKey !== settingsKey && !options.shareOpenInstance) {
    throw new EngineError(
      `The DuckDB database ${path.basename(key)} is already open with different settings (sandbox, read-only or memory limit).`,
      ErrorType.GENERIC_DB_ENGINE_ERROR,
      500,
    );
  }
  shared.refs += 1;
  return shared;
}

/**
 * Texts whose DuckDB parse tree passed the system-name check. DuckDB reads a text the same way
 * every time, so a text met again (a chart's query on each refresh, a re-run in SQL Lab) skips
 * the round trip. Bounded in count and text length; the oldest are forgotten first.
 */
const treePassed = {
  texts: new Set<string>(),
  has(sql: string): boolean {
    return this.texts.has(sql);
  },
  remember(sql: string): void {
    if (sql.length > 20_000) return;
    if (this.texts.size >= 1_000) this.texts.delete(this.texts.values().next().value as string);
    this.texts.add(sql);
  },
};

/** Binds JS values the way a caller means them: integers as BIGINT, Dates as TIMESTAMP. */
function bindParams(prepared: DuckDBPreparedStatement, params: unknown[]): void {
  const count = prepared.parameterCount;
  for (let i = 1; i <= count; i++) {
    const value = params[i - 1];
    if (value === null || value === undefined) prepared.bindNull(i);
    else if (typeof value === "number" && Number.isSafeInteger(value)) prepared.bindBigInt(i, BigInt(value));
    else if (typeof value === "number") prepared.bindDouble(i, value);
    else if (typeof value === "bigint") prepared.bindHugeInt(i, value);
    else if (typeof value === "boolean") prepared.bindBoolean(i, value);
    else if (value instanceof Date)
      prepared.bindValue(i, timestampValue(BigInt(value.getTime()) * 1000n), TIMESTAMP);
    else if (typeof value === "string") prepared.bindVarchar(i, value);
    else prepared.bindValue(i, value as DuckDBValue);
  }
}

export function quoteDuckDbIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export class DuckDbEngine implements QueryEngine {
  readonly engine = "duckdb" as const;
  private closed = false;

  constructor(
    private readonly shared: SharedInstance,
    readonly config: DuckDbConfig,
    readonly sandboxed: boolean,
  ) {}

  /** Runs `fn` on a fresh connection, closed afterwards. */
  async withConnection<T>(fn: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = await this.connect();
    try {
      return await fn(connection);
    } finally {
      connection.closeSync();
    }
  }

  /**
   * A fresh connection, never used before: every query gets its own, so nothing a statement sets
   * on its connection reaches another. Opening one is cheap but is a round trip to DuckDB's
   * threads, so the next one is opened now, while this one works.
   */
  private async connect(): Promise<DuckDBConnection> {
    if (this.closed)
      throw new EngineError("The DuckDB engine is closed.", ErrorType.GENERIC_DB_ENGINE_ERROR, 500);
    const shared = this.shared;
    const ready = shared.spare ?? shared.instance.connect();
    const next = shared.instance.connect();
    next.catch(() => undefined);
    shared.spare = next;
    return ready;
  }

  /**
   * Ends a query's connection after its answer has gone: the guard transaction of a read is rolled
   * back and the connection closed in the background (an engine closing waits for them).
   */
  private release(connection: DuckDBConnection, rollback: boolean): void {
    if (!rollback) {
      connection.closeSync();
      return;
    }
    const closing: Promise<void> = connection
      .run("ROLLBACK")
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        connection.closeSync();
        this.shared.closing.delete(closing);
      });
    this.shared.closing.add(closing);
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<ColumnarResult> {
    const { signal, allowDml = false, params = [], limit } = options;
    if (signal?.aborted) throw abortError(signal, "DuckDB");
    const texts = splitStatements(sql);
    if (texts.length === 0)
      throw new EngineError("There is no SQL statement to run.", ErrorType.INVALID_SQL_ERROR);
    const connection = await this.connect();
    let inTransaction = false;
    // Interrupt now and keep interrupting: a statement that starts just after the abort
    // would not see a single interrupt.
    let again: ReturnType<typeof setInterval> | undefined;
    const onAbort = () => {
      connection.interrupt();
      again = setInterval(() => connection.interrupt(), 100);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    // An interrupt only reaches a running statement: an abort between statements (or before
    // the listener existed) is checked here and before each statement.
    const check = () => {
      if (signal?.aborted) throw abortError(signal, "DuckDB");
    };
    try {
      check();
      // DuckDB's reading of the text is checked on a connection of its own while this one
      // prepares: nothing runs before the check passes, and its refusal wins over any error the
      // preparing met (a bind error could otherwise quote a value the check keeps hidden).
      const guard = this.refuseSystemNames(sql);
      guard.catch(() => undefined);
      let statements: Statements;
      const prepared: DuckDBPreparedStatement[] = [];
      try {
        await this.useSchema(connection, options.schema, options.catalog);
        statements = await prepareStatements(connection, sql, texts.length);
        if (!allowDml) {
          // Classify every statement before running any of them.
          for (let i = 0; i < statements.count; i++) {
            const statement = await prepareOrClassify(statements, i, sql);
            if (!READ_ONLY_KINDS.has(statement.statementType))
              throw dmlNotAllowed(KIND_NAMES[statement.statementType]);
            prepared.push(statement);
          }
        }
      } catch (error) {
        await guard;
        throw error;
      }
      await guard;
      if (!allowDml) {
        // Belt and braces: reads run in a transaction that is always rolled back.
        await connection.run("BEGIN TRANSACTION");
        inTransaction = true;
      }
      for (let i = 0; i < statements.count - 1; i++) {
        const statement = prepared[i] ?? (await statements.prepare(i));
        bindParams(statement, params);
        check();
        await statement.run();
      }
      const last = prepared[statements.count - 1] ?? (await statements.prepare(statements.count - 1));
      bindParams(last, params);
      check();
      return await collectColumnar(await last.stream(), limit, options);
    } catch (error) {
      if (signal?.aborted) throw abortError(signal, "DuckDB");
      throw mapDuckDbError(error);
    } finally {
      signal?.removeEventListener("abort", onAbort);
      clearInterval(again);
      this.release(connection, inTransaction);
    }
  }

  /**
   * User SQL (sandboxed engines) may not read DuckDB's own setup, which names server paths
   * (`system-guard.ts`): our lexer's reading of every statement (before this returns), then
   * DuckDB's parse tree of SELECTs, on a connection of its own. A script DuckDB can't serialise
   * (not all SELECT, or not valid) keeps the first check.
   */
  private refuseSystemNames(sql: string): Promise<void> {
    if (!this.sandboxed) return Promise.resolve();
    checkSystemNamesInText(sql);
    if (treePassed.has(sql)) return Promise.resolve();
    return this.withConnection(async (connection) => {
      let tree: { error?: boolean; statements?: unknown } | undefined;
      try {
        const reader = await connection.runAndReadAll(serializeSqlQuery(sql));
        tree = JSON.parse(String(reader.getRowsJson()[0]?.[0] ?? "{}"));
      } catch {
        // Not serialisable: only the lexer's check applies.
      }
      if (tree && !tree.error) checkSystemNamesInTree(tree.statements);
      treePassed.remember(sql);
    });
  }

  private async useSchema(connection: DuckDBConnection, schema?: string | null, catalog?: string | null) {
    // Every query has a fresh connection (see connect), which already reads its database's "main"
    // schema: saying so again cost a round trip to DuckDB's threads, a fifth of a small query, on
    // every dataset query (datasets mostly live in "main").
    if (!catalog && (!schema || schema === "main")) return;
    const target = [catalog, schema]
      .filter((p): p is string => !!p)
      .map(quoteDuckDbIdentifier)
      .join(".");
    await connection.run(`USE ${target}`);
  }

  private async query(sql: string, params: DuckDBValue[] = []): Promise<unknown[][]> {
    return this.withConnection(async (connection) => {
      try {
        const reader = await connection.runAndReadAll(sql, params);
        return reader.getRowsJson() as unknown[][];
      } catch (error) {
        throw mapDuckDbError(error);
      }
    });
  }

  async testConnection(): Promise<void> {
    await this.query("SELECT 1");
  }

  async functionNames(): Promise<string[]> {
    // Operators (`+`, `~~`) and its own `__internal` helpers are functions to DuckDB too: only names
    // a query is meant to call are kept.
    const rows = await this.query(
      "SELECT DISTINCT function_name FROM duckdb_functions() WHERE function_type IN ('scalar', 'aggregate', 'macro', 'table', 'table_macro') AND regexp_matches(function_name, '^[A-Za-z][A-Za-z0-9_]*$') ORDER BY 1",
    );
    return rows.map((r) => String(r[0]));
  }

  async definedRoutines(names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    // Everything DuckDB and its bundled extensions ship is marked internal; macros and functions
    // made with CREATE MACRO / CREATE FUNCTION are not. Read each time: DML may add one any time.
    const rows = await this.query(
      "SELECT DISTINCT lower(function_name) FROM duckdb_functions() WHERE NOT internal",
    );
    const defined = new Set(rows.map((r) => String(r[0])));
    return names.filter((name) => defined.has(name.toLowerCase()));
  }

  async resolveTables(names: TableName[], schema?: string | null): Promise<(QualifiedTable | null)[]> {
    if (names.length === 0) return [];
    // DuckDB matches names without regard to case. A fresh connection has no temporary tables,
    // so an unqualified name is the default schema's table or view if there is one; otherwise
    // DuckDB would look in its system catalogs, which answer null here.
    const rows = await this.query(
      "SELECT table_schema, table_name FROM information_schema.tables WHERE table_catalog = $1",
      [await this.defaultCatalog()],
    );
    const known = rows.map((r) => ({ schema: String(r[0]), table: String(r[1]) }));
    return names.map((name) => {
      const inSchema = (name.schema ?? schema ?? "main").toLowerCase();
      const table = name.table.toLowerCase();
      const hits = known.filter(
        (k) => k.schema.toLowerCase() === inSchema && k.table.toLowerCase() === table,
      );
      return hits.length === 1 ? hits[0] : null;
    });
  }

  async catalogs(): Promise<string[]> {
    const rows = await this.query(
      "SELECT database_name FROM duckdb_databases() WHERE NOT internal ORDER BY 1",
    );
    return rows.map((r) => String(r[0]));
  }

  /** The file's catalog never changes while it is open: asked once. */
  private ownCatalog: Promise<string> | undefined;

  async defaultCatalog(): Promise<string> {
    if (!this.ownCatalog) {
      const asked = this.query("SELECT current_database()").then((rows) => String(rows[0][0]));
      // A failed read is not kept: the next call asks again.
      asked.catch(() => {
        if (this.ownCatalog === asked) this.ownCatalog = undefined;
      });
      this.ownCatalog = asked;
    }
    return this.ownCatalog;
  }

  private async catalogOr(catalog?: string | null): Promise<string> {
    return catalog || this.defaultCatalog();
  }

  async schemas(catalog?: string | null): Promise<string[]> {
    const db = await this.catalogOr(catalog);
    const rows = await this.query(
      `SELECT schema_name FROM information_schema.schemata
       WHERE catalog_name = $1 AND schema_name NOT IN ('information_schema', 'pg_catalog') ORDER BY 1`,
      [db],
    );
    return rows.map((r) => String(r[0]));
  }

  async tables(schema: string, catalog?: string | null): Promise<TableRef[]> {
    const db = await this.catalogOr(catalog);
    const rows = await this.query(
      `SELECT table_name, table_type FROM information_schema.tables
       WHERE table_catalog = $1 AND table_schema = $2 ORDER BY table_name`,
      [db, schema],
    );
    return rows.map((r) => ({ name: String(r[0]), type: r[1] === "VIEW" ? "view" : "table" }));
  }

  async columns(table: string, schema?: string | null, catalog?: string | null): Promise<ColumnInfo[]> {
    const db = await this.catalogOr(catalog);
    const rows = await this.query(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_catalog = $1 AND table_schema = $2 AND table_name = $3 ORDER BY ordinal_position`,
      [db, schema ?? "main", table],
    );
    if (rows.length === 0) {
      throw new EngineError(
        `Table ${schema ?? "main"}.${table} does not exist.`,
        ErrorType.TABLE_DOES_NOT_EXIST_ERROR,
        404,
        {
          engine_name: "DuckDB",
        },
      );
    }
    return rows.map((r) => ({
      name: String(r[0]),
      type: String(r[1]),
      nullable: r[2] === "YES",
      kind: kindOfDuckDbType(String(r[1])),
    }));
  }

  /** Binds the statement without running it: DuckDB reports the result columns of a prepared statement. */
  async describeQuery(sql: string, schema?: string | null): Promise<ColumnInfo[]> {
    if (splitStatements(sql).length === 0)
      throw new EngineError("There is no SQL statement to describe.", ErrorType.INVALID_SQL_ERROR);
    return this.withConnection(async (connection) => {
      try {
        await this.refuseSystemNames(sql);
        await this.useSchema(connection, schema);
        const extracted = await connection.extractStatements(sql);
        const statement = await extracted.prepare(extracted.count - 1);
        const names = dedupeNames(
          Array.from({ length: statement.columnCount }, (_, i) => statement.columnName(i)),
        );
        return names.map((name, i) => {
          const type = statement.columnType(i).toString();
          return { name, type, nullable: true, kind: kindOfDuckDbType(type) };
        });
      } catch (error) {
        throw mapDuckDbError(error);
      }
    });
  }

  async parseStatements(sql: string): Promise<StatementInfo[]> {
    return this.withConnection(async (connection) => {
      let extracted: Extracted;
      try {
        extracted = await connection.extractStatements(sql);
      } catch (error) {
        throw mapDuckDbError(error);
      }
      const texts = splitStatements(sql);
      const infos: StatementInfo[] = [];
      for (let i = 0; i < extracted.count; i++) {
        const text = texts.length === extracted.count ? texts[i] : sql;
        try {
          const statement = await extracted.prepare(i);
          const kind = KIND_NAMES[statement.statementType] ?? "UNKNOWN";
          infos.push({ sql: text, kind, readOnly: READ_ONLY_KINDS.has(statement.statementType) });
        } catch {
          // Binding failed (unknown column or table, a refused file, or it depends on an earlier
          // statement): the parser, not the failure, says whether it is a read.
          infos.push({ sql: text, ...(await kindOfUnboundStatement(connection, text)) });
        }
      }
      return infos;
    });
  }

  quoteIdentifier(name: string): string {
    return quoteDuckDbIdentifier(name);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.shared.refs -= 1;
    if (this.shared.refs > 0) return;
    if (this.shared.key) instances.delete(this.shared.key);
    // Every connection goes before the instance: an open one keeps the database file in use.
    const spare = this.shared.spare;
    this.shared.spare = undefined;
    await Promise.all([spare?.then((c) => c.closeSync()).catch(() => undefined), ...this.shared.closing]);
    this.shared.instance.closeSync();
  }
}

type Extracted = Awaited<ReturnType<DuckDBConnection["extractStatements"]>>;

/** A text's statements, prepared one by one. */
interface Statements {
  count: number;
  prepare(index: number): Promise<DuckDBPreparedStatement>;
}

/**
 * One statement (as our lexer splits the text) is prepared straight from the text, a round trip
 * fewer. DuckDB refuses to prepare more than one at once, and any failure takes the general path,
 * whose errors are the ones users see.
 */
async function prepareStatements(
  connection: DuckDBConnection,
  sql: string,
  lexed: number,
): Promise<Statements> {
  if (lexed === 1) {
    const statement = await connection.prepare(sql).catch(() => undefined);
    if (statement) return { count: 1, prepare: async () => statement };
  }
  const extracted = await connection.extractStatements(sql);
  return { count: extracted.count, prepare: (i) => extracted.prepare(i) };
}

/**
 * Binding can fail before we learn the statement's kind (COPY TO a file the sandbox forbids);
 * then our own lexer decides whether to report a refused write or the engine's error.
 */
async function prepareOrClassify(
  extracted: Statements,
  index: number,
  sql: string,
): Promise<DuckDBPreparedStatement> {
  try {
    return await extracted.prepare(index);
  } catch (error) {
    const write = classifyStatements(sql).find((s) => !s.readOnly);
    if (write) throw dmlNotAllowed(write.kind);
    throw error;
  }
}

/**
 * Reads a (streaming) DuckDB result into columns, stopping after `limit` rows. With `onBatch`,
 * rows leave in batches as they arrive, so only one batch is held at a time.
 */
export async function collectColumnar(
  result: DuckDBResult,
  limit?: number | null,
  stream: Pick<ExecuteOptions, "onBatch" | "batchRows" | "signal"> = {},
): Promise<ColumnarResult> {
  const types = result.columnTypes();
  const names = dedupeNames(result.columnNames());
  const columns = names.map((name, i) => {
    const type = types[i].toString();
    return { name, type, kind: kindOfDuckDbType(type) };
  });
  const max = limit === undefined || limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit);
  const batchRows = Math.max(1, stream.batchRows ?? 50_000);
  let builder = new ColumnarBuilder(types);
  let flushed = 0;
  let truncated = false;
  const flush = async () => {
    flushed += builder.rowcount;
    await stream.onBatch?.({ columns, data: builder.data, rowcount: builder.rowcount, truncated: false });
    builder = new ColumnarBuilder(types);
  };
  for (;;) {
    const chunk = await result.fetchChunk();
    if (stream.signal?.aborted) throw abortError(stream.signal, "DuckDB");
    if (!chunk || chunk.rowCount === 0) break;
    const taken = builder.append(chunk, max - flushed);
    if (taken < chunk.rowCount) {
      truncated = true;
      break;
    }
    if (stream.onBatch && builder.rowcount >= batchRows) await flush();
  }
  if (stream.onBatch) {
    if (builder.rowcount > 0) await flush();
    return { columns, data: columns.map(() => []), rowcount: flushed, truncated };
  }
  return { columns, data: builder.data, rowcount: builder.rowcount, truncated };
}

export async function createDuckDbEngine(
  config: DuckDbConfig,
  options: DuckDbEngineOptions = {},
): Promise<DuckDbEngine> {
  try {
    const shared = await acquireInstance(config, options);
    return new DuckDbEngine(shared, config, options.sandbox === true);
  } catch (error) {
    throw mapDuckDbError(error);
  }
}
