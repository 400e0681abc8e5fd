import { ErrorType } from "@strata/contracts";
import pg from "pg";
import { dedupeNames, rowsToColumns } from "../columnar.ts";
import { abortError, dmlNotAllowed } from "../engine-errors.ts";
import { type ClassifiedStatement, classifyTokens, scanStatements } from "../sql-lexer.ts";
import type { QualifiedTable, TableName } from "../table-names.ts";
import {
  type ColumnarResult,
  type ColumnInfo,
  EngineError,
  type ExecuteOptions,
  type PostgresConfig,
  type QueryEngine,
  type ResultColumn,
  type StatementInfo,
  type TableRef,
} from "../types.ts";
import { mapPostgresError } from "./errors.ts";
import { displayPgType, kindOfPgType, PG_TYPES, pgTypeParsers } from "./values.ts";

export interface PostgresEngineOptions {
  /** Server-side statement_timeout, in ms (default 5 minutes). */
  statementTimeoutMs?: number;
  /** How long to wait for a connection, in ms (default 10 s). */
  connectionTimeoutMs?: number;
  /** Pool size per database (default 5). */
  maxConnections?: number;
}

interface Statement extends ClassifiedStatement {
  /** Highest `$n` used, so each statement gets only the parameters it names. */
  paramCount: number;
}

const SELECT_LIKE = new Set(["SELECT", "VALUES", "TABLE"]);

function parse(sql: string): Statement[] {
  return scanStatements(sql).map((s) => ({
    sql: s.sql,
    ...classifyTokens(s.tokens),
    paramCount: s.tokens
      .filter((t) => t.kind === "param")
      .reduce((max, t) => Math.max(max, Number(t.text.slice(1))), 0),
  }));
}

/**
 * A query on the extended protocol (one statement per call: nothing can ride along after a `;`),
 * with rows as arrays and our JSON-safe type parsers. `queryMode` is missing from @types/pg.
 */
function arrayQuery(text: string, values: unknown[] = []): pg.QueryArrayConfig {
  return {
    text,
    values,
    rowMode: "array",
    types: pgTypeParsers,
    queryMode: "extended",
  } as pg.QueryArrayConfig;
}

export function quotePgIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export class PostgresEngine implements QueryEngine {
  readonly engine = "postgresql" as const;
  private readonly pools = new Map<string, pg.Pool>();
  private readonly typeNames = new Map<number, string>();

  constructor(
    readonly config: PostgresConfig,
    private readonly options: PostgresEngineOptions = {},
  ) {}

  private clientConfig(database: string): pg.PoolConfig {
    return {
      host: this.config.host,
      port: this.config.port,
      user: this.config.user,
      password: this.config.password,
      database,
      // Superset's "encryption" is libpq's sslmode=require: encrypted, certificate not verified.
      ssl: this.config.ssl ? { rejectUnauthorized: false } : undefined,
      statement_timeout: this.options.statementTimeoutMs ?? 300_000,
      connectionTimeoutMillis: this.options.connectionTimeoutMs ?? 10_000,
      // Timestamps with time zone come back in UTC text, whatever the server's setting.
      options: "-c TimeZone=UTC",
      application_name: "strata",
    };
  }

  /** One pool per database (catalog) of this server. */
  private pool(catalog?: string | null): pg.Pool {
    const database = catalog || this.config.database;
    let pool = this.pools.get(database);
    if (!pool) {
      pool = new pg.Pool({
        ...this.clientConfig(database),
        max: this.options.maxConnections ?? 5,
        idleTimeoutMillis: 30_000,
      });
      // An idle client dying (server restart) must not crash the process.
      pool.on("error", () => undefined);
      this.pools.set(database, pool);
    }
    return pool;
  }

  private errorContext(catalog?: string | null) {
    const { host, port, user, database } = this.config;
    return { host, port, user, database: catalog || database };
  }

  private async connect(catalog?: string | null): Promise<pg.PoolClient> {
    try {
      return await this.pool(catalog).connect();
    } catch (error) {
      throw mapPostgresError(error, this.errorContext(catalog));
    }
  }

  /** Cancels a running statement from a separate connection. */
  private async cancel(pid: number, catalog?: string | null): Promise<void> {
    const client = new pg.Client(this.clientConfig(catalog || this.config.database));
    try {
      await client.connect();
      await client.query("SELECT pg_cancel_backend($1)", [pid]);
    } catch {
      // The statement may have finished meanwhile; nothing to do.
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<ColumnarResult> {
    const { signal, allowDml = false, params = [], limit } = options;
    const statements = parse(sql);
    if (statements.length === 0)
      throw new EngineError("There is no SQL statement to run.", ErrorType.INVALID_SQL_ERROR);
    if (!allowDml) {
      const write = statements.find((s) => !s.readOnly);
      if (write) throw dmlNotAllowed(write.kind);
    }
    if (signal?.aborted) throw abortError(signal, "PostgreSQL");
    const client = await this.connect(options.catalog);
    const pid = (client as unknown as { processID: number }).processID;
    // Cancel now and again while the run goes on: a statement that starts just after the abort
    // would not see a single cancel.
    let again: ReturnType<typeof setInterval> | undefined;
    const onAbort = () => {
      void this.cancel(pid, options.catalog);
      again = setInterval(() => void this.cancel(pid, options.catalog), 250);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    let failed = false;
    let released = false;
    // A cancel only reaches a running statement: check between statements too.
    const check = () => {
      if (signal?.aborted) throw abortError(signal, "PostgreSQL");
    };
    try {
      check();
      // Read-only mode: the server itself refuses writes, whatever the classifier thought. With the
      // schema, one message: two plain statements without parameters go together in PostgreSQL's
      // simple protocol, a network round trip less per query.
      const setup = [
        ...(allowDml ? [] : ["BEGIN READ ONLY"]),
        ...(options.schema
          ? [`SET ${allowDml ? "" : "LOCAL "}search_path TO ${quotePgIdentifier(options.schema)}`]
          : []),
      ];
      if (setup.length > 0) await client.query(setup.join("; "));
      for (const statement of statements.slice(0, -1)) {
        check();
        await client.query(arrayQuery(statement.sql, params.slice(0, statement.paramCount)));
      }
      check();
      const last = statements[statements.length - 1];
      const result = options.onBatch
        ? await this.streamLast(client, last, params, limit, allowDml, options)
        : await this.runLast(client, last, params, limit, allowDml);
      // The rows are in hand: the answer does not wait a round trip for the session to be put
      // back. The client returns to the pool once that is done; if it fails, the client is dropped.
      // A run that may write leaves nothing in the session for whoever uses it next: no settings,
      // and no temporary table, which an unqualified name would read before the schema's own
      // (another user's `SELECT * FROM orders` reading a temporary "orders"). Inside a transaction
      // the script left open, the reset fails and the session is dropped.
      released = true;
      client.query(allowDml ? "DISCARD ALL" : "ROLLBACK").then(
        () => client.release(),
        () => client.release(true),
      );
      return result;
    } catch (error) {
      failed = true;
      if (signal?.aborted) throw abortError(signal, "PostgreSQL");
      throw mapPostgresError(error, this.errorContext(options.catalog));
    } finally {
      signal?.removeEventListener("abort", onAbort);
      clearInterval(again);
      // A failed session may hold transaction or search_path state: drop it rather than reuse it.
      if (!released) client.release(failed);
    }
  }

  /** The last statement's rows; SELECTs with a limit read through a cursor so only limit+1 rows travel. */
  private async runLast(
    client: pg.PoolClient,
    statement: Statement,
    params: unknown[],
    limit: number | undefined,
    allowDml: boolean,
  ) {
    const values = params.slice(0, statement.paramCount);
    const useCursor =
      limit !== undefined && limit !== null && statement.readOnly && SELECT_LIKE.has(statement.kind);
    let result: pg.QueryArrayResult<unknown[]>;
    if (useCursor) {
      if (allowDml) await client.query("BEGIN");
      await client.query(arrayQuery(`DECLARE strata_cursor NO SCROLL CURSOR FOR ${statement.sql}`, values));
      result = await client.query(arrayQuery(`FETCH FORWARD ${Math.max(0, limit) + 1} FROM strata_cursor`));
      await client.query("CLOSE strata_cursor");
      if (allowDml) await client.query("COMMIT");
    } else {
      result = await client.query(arrayQuery(statement.sql, values));
    }
    const fields = result.fields ?? [];
    const rows = (result.rows ?? []) as unknown[][];
    const max = limit === undefined || limit === null ? rows.length : Math.max(0, limit);
    const truncated = rows.length > max;
    const kept = truncated ? rows.slice(0, max) : rows;
    const columns = await this.resultColumns(client, fields);
    return { columns, data: rowsToColumns(kept, columns.length), rowcount: kept.length, truncated };
  }

  /** The last statement's rows through a cursor, `batchRows` at a time, handed to `onBatch`. */
  private async streamLast(
    client: pg.PoolClient,
    statement: Statement,
    params: unknown[],
    limit: number | undefined,
    allowDml: boolean,
    options: ExecuteOptions,
  ): Promise<ColumnarResult> {
    if (!(statement.readOnly && SELECT_LIKE.has(statement.kind))) {
      // Not a cursor-able query (e.g. DML): run it whole and hand over one batch.
      const whole = await this.runLast(client, statement, params, limit, allowDml);
      if (whole.rowcount > 0) await options.onBatch?.(whole);
      return { ...whole, data: whole.columns.map(() => []) };
    }
    const max = limit === undefined || limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit);
    const batchRows = Math.max(1, options.batchRows ?? 50_000);
    if (allowDml) await client.query("BEGIN");
    await client.query(
      arrayQuery(
        `DECLARE strata_cursor NO SCROLL CURSOR FOR ${statement.sql}`,
        params.slice(0, statement.paramCount),
      ),
    );
    let columns: ResultColumn[] | undefined;
    let total = 0;
    let truncated = false;
    for (;;) {
      // One row beyond the limit tells whether the limit cut the result.
      const want = Math.min(batchRows, max - total + 1);
      if (options.signal?.aborted) throw abortError(options.signal, "PostgreSQL");
      const page = await client.query(arrayQuery(`FETCH FORWARD ${want} FROM strata_cursor`));
      columns ??= await this.resultColumns(client, page.fields ?? []);
      let rows = (page.rows ?? []) as unknown[][];
      if (total + rows.length > max) {
        truncated = true;
        rows = rows.slice(0, max - total);
      }
      if (rows.length > 0) {
        await options.onBatch?.({
          columns,
          data: rowsToColumns(rows, columns.length),
          rowcount: rows.length,
          truncated: false,
        });
      }
      total += rows.length;
      if (truncated || page.rows.length < want) break;
    }
    await client.query("CLOSE strata_cursor");
    if (allowDml) await client.query("COMMIT");
    const cols = columns ?? [];
    return { columns: cols, data: cols.map(() => []), rowcount: total, truncated };
  }

  private async resultColumns(client: pg.PoolClient, fields: pg.FieldDef[]): Promise<ResultColumn[]> {
    const unknown = [...new Set(fields.map((f) => f.dataTypeID))].filter(
      (oid) => !PG_TYPES[oid] && !this.typeNames.has(oid),
    );
    if (unknown.length > 0) {
      const res = await client.query(
        "SELECT oid::int, format_type(oid, NULL) FROM pg_type WHERE oid = ANY($1::oid[])",
        [unknown],
      );
      for (const [oid, name] of res.rows.map((r) => [r.oid, r.format_type] as const))
        this.typeNames.set(oid, displayPgType(name));
    }
    const names = dedupeNames(fields.map((f) => f.name));
    return fields.map((f, i) => {
      const known = PG_TYPES[f.dataTypeID];
      const type = known?.name ?? this.typeNames.get(f.dataTypeID) ?? `OID ${f.dataTypeID}`;
      return { name: names[i], type, kind: known?.kind ?? kindOfPgType(type) };
    });
  }

  private async query(sql: string, params: unknown[] = [], catalog?: string | null): Promise<unknown[][]> {
    try {
      const result = await this.pool(catalog).query({ text: sql, values: params, rowMode: "array" });
      return result.rows as unknown[][];
    } catch (error) {
      throw mapPostgresError(error, this.errorContext(catalog));
    }
  }

  async testConnection(): Promise<void> {
    await this.query("SELECT 1");
  }

  /** `names`: function names lower-cased (as readReferences gives them), operators as written. */
  async definedRoutines(names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    // What PostgreSQL ships lives in pg_catalog (and information_schema); anything elsewhere was
    // created in this database, by someone or by an extension, and may read any table. Matched by
    // name alone, whatever the schema or argument types: a call can resolve to any overload.
    const rows = await this.query(
      `SELECT lower(p.proname) FROM pg_catalog.pg_proc p
         JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND lower(p.proname) = ANY($1)
       UNION
       SELECT o.oprname FROM pg_catalog.pg_operator o
         JOIN pg_catalog.pg_namespace n ON n.oid = o.oprnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND o.oprname = ANY($1)`,
      [names],
    );
    const defined = new Set(rows.map((r) => String(r[0])));
    return names.filter((name) => defined.has(name));
  }

  async resolveTables(names: TableName[], schema?: string | null): Promise<(QualifiedTable | null)[]> {
    if (names.length === 0) return [];
    // PostgreSQL looks the names up itself (to_regclass), under the search path the query runs
    // with, so a name leads where the query's would: pg_catalog first for an unqualified one.
    const quoted = names.map((n) =>
      n.schema === undefined
        ? quotePgIdentifier(n.table)
        : `${quotePgIdentifier(n.schema)}.${quotePgIdentifier(n.table)}`,
    );
    const client = await this.connect();
    let failed = false;
    try {
      await client.query("BEGIN READ ONLY");
      if (schema)
        await client.query("SELECT set_config('search_path', $1, true)", [quotePgIdentifier(schema)]);
      const result = await client.query({
        text: `SELECT n.nspname, c.relname
               FROM unnest($1::text[]) WITH ORDINALITY AS asked(name, i)
               LEFT JOIN pg_class c ON c.oid = to_regclass(asked.name)
               LEFT JOIN pg_namespace n ON n.oid = c.relnamespace
               ORDER BY asked.i`,
        values: [quoted],
        rowMode: "array",
      });
      await client.query("ROLLBACK");
      return (result.rows as unknown[][]).map(([nsp, rel]) =>
        typeof nsp === "string" && typeof rel === "string" ? { schema: nsp, table: rel } : null,
      );
    } catch (error) {
      failed = true;
      throw mapPostgresError(error, this.errorContext());
    } finally {
      client.release(failed);
    }
  }

  async catalogs(): Promise<string[]> {
    const rows = await this.query(
      "SELECT datname FROM pg_database WHERE NOT datistemplate AND datallowconn ORDER BY 1",
    );
    return rows.map((r) => String(r[0]));
  }

  async defaultCatalog(): Promise<string> {
    return this.config.database;
  }

  async functionNames(): Promise<string[]> {
    // What an unqualified call finds on the search path: functions, aggregates and window
    // functions (not procedures), without the trigger and internal-type plumbing.
    const rows = await this.query(
      `SELECT DISTINCT p.proname FROM pg_catalog.pg_proc p
        WHERE pg_catalog.pg_function_is_visible(p.oid)
          AND p.prokind IN ('f', 'a', 'w')
          AND p.prorettype NOT IN ('pg_catalog.trigger'::regtype, 'pg_catalog.event_trigger'::regtype, 'pg_catalog.internal'::regtype)
          AND p.proname ~ '^[A-Za-z][A-Za-z0-9_]*$'
        ORDER BY 1`,
    );
    return rows.map((r) => String(r[0]));
  }

  async schemas(catalog?: string | null): Promise<string[]> {
    // Like SQLAlchemy's inspector: system schemas (pg_*) hidden, information_schema kept.
    const rows = await this.query(
      "SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' ORDER BY 1",
      [],
      catalog,
    );
    return rows.map((r) => String(r[0]));
  }

  async tables(schema: string, catalog?: string | null): Promise<TableRef[]> {
    const rows = await this.query(
      `SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1`,
      [schema],
      catalog,
    );
    return rows.map((r) => ({ name: String(r[0]), type: r[1] === "v" || r[1] === "m" ? "view" : "table" }));
  }

  async columns(table: string, schema?: string | null, catalog?: string | null): Promise<ColumnInfo[]> {
    const rows = await this.query(
      `SELECT a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
      [schema ?? "public", table],
      catalog,
    );
    if (rows.length === 0) {
      throw new EngineError(
        `Table ${schema ?? "public"}.${table} does not exist.`,
        ErrorType.TABLE_DOES_NOT_EXIST_ERROR,
        404,
        {
          engine_name: "PostgreSQL",
        },
      );
    }
    return rows.map((r) => {
      const type = displayPgType(String(r[1]));
      return { name: String(r[0]), type, nullable: r[2] === true, kind: kindOfPgType(String(r[1])) };
    });
  }

  /** Plans the query with LIMIT 0 inside a read-only transaction: columns without rows. */
  async describeQuery(sql: string, schema?: string | null): Promise<ColumnInfo[]> {
    const statements = parse(sql);
    const last = statements[statements.length - 1];
    if (!last || statements.length > 1 || !last.readOnly || !SELECT_LIKE.has(last.kind)) {
      throw new EngineError("Only a single SELECT statement can be described.", ErrorType.INVALID_SQL_ERROR);
    }
    const result = await this.execute(`SELECT * FROM (${last.sql}) AS strata_describe LIMIT 0`, {
      schema,
      allowDml: false,
    });
    return result.columns.map((c) => ({ name: c.name, type: c.type, nullable: true, kind: c.kind }));
  }

  async parseStatements(sql: string): Promise<StatementInfo[]> {
    return parse(sql).map(({ sql: text, kind, readOnly }) => ({ sql: text, kind, readOnly }));
  }

  quoteIdentifier(name: string): string {
    return quotePgIdentifier(name);
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  }
}

export function createPostgresEngine(
  config: PostgresConfig,
  options?: PostgresEngineOptions,
): PostgresEngine {
  return new PostgresEngine(config, options);
}
