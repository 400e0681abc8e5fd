import {
  AthenaClient,
  GetQueryExecutionCommand,
  type GetQueryExecutionCommandOutput,
  GetQueryResultsCommand,
  type GetQueryResultsCommandOutput,
  GetTableMetadataCommand,
  type GetTableMetadataCommandOutput,
  ListDatabasesCommand,
  type ListDatabasesCommandOutput,
  ListDataCatalogsCommand,
  type ListDataCatalogsCommandOutput,
  ListTableMetadataCommand,
  type ListTableMetadataCommandOutput,
  StartQueryExecutionCommand,
  type StartQueryExecutionCommandOutput,
  StopQueryExecutionCommand,
} from "@aws-sdk/client-athena";
import { ErrorType } from "@strata/contracts";
import { dedupeNames } from "../columnar.ts";
import { athenaConverter, athenaLiteral, kindOfAthenaType, mapAthenaError } from "./values.ts";
import { abortError, dmlNotAllowed } from "../engine-errors.ts";
import { classifyTokens, type ScannedStatement, scanStatements } from "../sql-lexer.ts";
import {
  type AthenaConfig,
  type ColumnarResult,
  type ColumnInfo,
  EngineError,
  type ExecuteOptions,
  type QueryEngine,
  type StatementInfo,
  type TableRef,
} from "../types.ts";

/** The part of AthenaClient the adapter uses; tests pass a recorded/mocked client. */
export interface AthenaLike {
  send(command: object, options?: { abortSignal?: AbortSignal }): Promise<unknown>;
}

export interface AthenaEngineOptions {
  client?: AthenaLike;
  /** First poll delay in ms; doubles up to 2 s (default 100). */
  pollIntervalMs?: number;
}

const DEFAULT_CATALOG = "AwsDataCatalog";
const PAGE_SIZE = 1000;

/** Athena binds `?` placeholders in order; our callers write `$1 … $n`. */
function toAthenaParams(
  statement: ScannedStatement,
  params: unknown[],
): { sql: string; parameters?: string[] } {
  const placeholders = statement.tokens.filter((t) => t.kind === "param");
  if (placeholders.length === 0) return { sql: statement.sql };
  let text = statement.sql;
  for (const t of [...placeholders].reverse()) {
    const at = t.start - statement.start;
    text = text.slice(0, at) + "?" + text.slice(at + t.text.length);
  }
  return {
    sql: text,
    parameters: placeholders.map((t) => athenaLiteral(params[Number(t.text.slice(1)) - 1])),
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

export function quoteAthenaIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export class AthenaEngine implements QueryEngine {
  readonly engine = "awsathena" as const;
  private readonly client: AthenaLike;

  constructor(
    readonly config: AthenaConfig,
    private readonly options: AthenaEngineOptions = {},
  ) {
    this.client = options.client ?? new AthenaClient({ region: config.region, endpoint: config.endpoint });
  }

  private async send<T>(command: object, signal?: AbortSignal): Promise<T> {
    try {
      return (await this.client.send(command, signal ? { abortSignal: signal } : undefined)) as T;
    } catch (error) {
      throw mapAthenaError(error);
    }
  }

  private catalog(catalog?: string | null): string {
    return catalog || this.config.catalog || DEFAULT_CATALOG;
  }

  /** Starts one statement, waits for it, and returns its id and statement type. */
  private async run(
    sql: string,
    parameters: string[] | undefined,
    options: ExecuteOptions,
  ): Promise<{ id: string; statementType?: string }> {
    const started = await this.send<StartQueryExecutionCommandOutput>(
      new StartQueryExecutionCommand({
        QueryString: sql,
        QueryExecutionContext: {
          Catalog: this.catalog(options.catalog),
          Database: options.schema || this.config.schema || undefined,
        },
        WorkGroup: this.config.workGroup,
        ResultConfiguration: this.config.outputLocation
          ? { OutputLocation: this.config.outputLocation }
          : undefined,
        ExecutionParameters: parameters,
      }),
    );
    const id = started.QueryExecutionId;
    if (!id) throw new EngineError("Athena did not return a query id.", ErrorType.GENERIC_DB_ENGINE_ERROR);
    const { signal } = options;
    const onAbort = () =>
      void this.client.send(new StopQueryExecutionCommand({ QueryExecutionId: id })).catch(() => undefined);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      let delay = this.options.pollIntervalMs ?? 100;
      for (;;) {
        const out = await this.send<GetQueryExecutionCommandOutput>(
          new GetQueryExecutionCommand({ QueryExecutionId: id }),
        );
        const execution = out.QueryExecution;
        const state = execution?.Status?.State;
        if (state === "SUCCEEDED") return { id, statementType: execution?.StatementType };
        if (state === "CANCELLED") {
          if (signal?.aborted) throw abortError(signal, "Amazon Athena");
          throw new EngineError("The query was cancelled.", ErrorType.GENERIC_DB_ENGINE_ERROR, 400, {
            engine_name: "Amazon Athena",
            cancelled: true,
          });
        }
        if (state === "FAILED") {
          const reason =
            execution?.Status?.AthenaError?.ErrorMessage ??
            execution?.Status?.StateChangeReason ??
            "The query failed.";
          throw mapAthenaError(new Error(reason));
        }
        await sleep(delay, signal);
        delay = Math.min(delay * 2, 2000);
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** Pages through results until `limit`+1 rows (a SELECT's first row repeats the column names). */
  /** Reads the result pages; with `onBatch`, rows leave in batches so only one is held at a time. */
  private async fetch(
    id: string,
    statementType: string | undefined,
    limit?: number | null,
    stream: Pick<ExecuteOptions, "onBatch" | "batchRows" | "signal"> = {},
  ): Promise<ColumnarResult> {
    const batchRows = Math.max(1, stream.batchRows ?? 50_000);
    let flushed = 0;
    const max = limit === undefined || limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit);
    let token: string | undefined;
    let first = true;
    let data: unknown[][] = [];
    let converters: ((text: string) => unknown)[] = [];
    let columns: ColumnarResult["columns"] = [];
    let rowcount = 0;
    let truncated = false;
    do {
      const page = await this.send<GetQueryResultsCommandOutput>(
        new GetQueryResultsCommand({ QueryExecutionId: id, NextToken: token, MaxResults: PAGE_SIZE }),
      );
      if (first) {
        const info = page.ResultSet?.ResultSetMetadata?.ColumnInfo ?? [];
        const names = dedupeNames(info.map((c) => c.Name ?? ""));
        columns = info.map((c, i) => ({
          name: names[i],
          type: (c.Type ?? "varchar").toUpperCase(),
          kind: kindOfAthenaType(c.Type ?? ""),
        }));
        converters = info.map((c) => athenaConverter(c.Type ?? "varchar"));
        data = columns.map(() => []);
      }
      if (stream.signal?.aborted) throw abortError(stream.signal, "Amazon Athena");
      let rows = page.ResultSet?.Rows ?? [];
      if (first && statementType === "DML") rows = rows.slice(1);
      first = false;
      for (const row of rows) {
        if (rowcount >= max) {
          truncated = true;
          break;
        }
        const cells = row.Data ?? [];
        for (let c = 0; c < columns.length; c++) {
          const text = cells[c]?.VarCharValue;
          data[c].push(text === undefined ? null : converters[c](text));
        }
        rowcount += 1;
      }
      token = truncated ? undefined : page.NextToken;
      if (stream.onBatch && (rowcount - flushed >= batchRows || (!token && rowcount > flushed))) {
        await stream.onBatch({ columns, data, rowcount: rowcount - flushed, truncated: false });
        flushed = rowcount;
        data = columns.map(() => []);
      }
    } while (token);
    return { columns, data, rowcount, truncated };
  }

  async execute(sql: string, options: ExecuteOptions = {}): Promise<ColumnarResult> {
    const { allowDml = false, params = [], signal } = options;
    const statements = scanStatements(sql).map((s) => ({ ...s, ...classifyTokens(s.tokens) }));
    if (statements.length === 0)
      throw new EngineError("There is no SQL statement to run.", ErrorType.INVALID_SQL_ERROR);
    if (!allowDml) {
      const write = statements.find((s) => !s.readOnly);
      if (write) throw dmlNotAllowed(write.kind);
    }
    let last: { id: string; statementType?: string } | undefined;
    for (const statement of statements) {
      if (signal?.aborted) throw abortError(signal, "Amazon Athena");
      const { sql: text, parameters } = toAthenaParams(statement, params);
      last = await this.run(text, parameters, options);
    }
    return this.fetch(last!.id, last!.statementType, options.limit, options);
  }

  async testConnection(): Promise<void> {
    await this.execute("SELECT 1");
  }

  async catalogs(): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.send<ListDataCatalogsCommandOutput>(
        new ListDataCatalogsCommand({ NextToken: token }),
      );
      for (const c of page.DataCatalogsSummary ?? []) if (c.CatalogName) names.push(c.CatalogName);
      token = page.NextToken;
    } while (token);
    return names.sort();
  }

  async defaultCatalog(): Promise<string> {
    return this.catalog();
  }

  async schemas(catalog?: string | null): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.send<ListDatabasesCommandOutput>(
        new ListDatabasesCommand({ CatalogName: this.catalog(catalog), NextToken: token, MaxResults: 50 }),
      );
      for (const db of page.DatabaseList ?? []) if (db.Name) names.push(db.Name);
      token = page.NextToken;
    } while (token);
    return names.sort();
  }

  async tables(schema: string, catalog?: string | null): Promise<TableRef[]> {
    const tables: TableRef[] = [];
    let token: string | undefined;
    do {
      const page = await this.send<ListTableMetadataCommandOutput>(
        new ListTableMetadataCommand({
          CatalogName: this.catalog(catalog),
          DatabaseName: schema,
          NextToken: token,
          MaxResults: 50,
        }),
      );
      for (const t of page.TableMetadataList ?? []) {
        if (t.Name) tables.push({ name: t.Name, type: t.TableType === "VIRTUAL_VIEW" ? "view" : "table" });
      }
      token = page.NextToken;
    } while (token);
    return tables.sort((a, b) => a.name.localeCompare(b.name));
  }

  async columns(table: string, schema?: string | null, catalog?: string | null): Promise<ColumnInfo[]> {
    const database = schema || this.config.schema;
    if (!database)
      throw new EngineError("A schema is needed to find the table.", ErrorType.SCHEMA_DOES_NOT_EXIST_ERROR);
    const out = await this.send<GetTableMetadataCommandOutput>(
      new GetTableMetadataCommand({
        CatalogName: this.catalog(catalog),
        DatabaseName: database,
        TableName: table,
      }),
    );
    const meta = out.TableMetadata;
    return [...(meta?.Columns ?? []), ...(meta?.PartitionKeys ?? [])].map((c) => ({
      name: c.Name ?? "",
      type: (c.Type ?? "").toUpperCase(),
      nullable: true,
      kind: kindOfAthenaType(c.Type ?? ""),
    }));
  }

  async describeQuery(sql: string, schema?: string | null): Promise<ColumnInfo[]> {
    const statements = scanStatements(sql);
    if (statements.length !== 1)
      throw new EngineError("Only a single SELECT statement can be described.", ErrorType.INVALID_SQL_ERROR);
    const result = await this.execute(`SELECT * FROM (${statements[0].sql}) LIMIT 0`, { schema });
    return result.columns.map((c) => ({ name: c.name, type: c.type, nullable: true, kind: c.kind }));
  }

  async parseStatements(sql: string): Promise<StatementInfo[]> {
    return scanStatements(sql).map((s) => ({ sql: s.sql, ...classifyTokens(s.tokens) }));
  }

  quoteIdentifier(name: string): string {
    return quoteAthenaIdentifier(name);
  }

  async close(): Promise<void> {
    if (!this.options.client && this.client instanceof AthenaClient) this.client.destroy();
  }
}

export function createAthenaEngine(config: AthenaConfig, options?: AthenaEngineOptions): AthenaEngine {
  return new AthenaEngine(config, options);
}
