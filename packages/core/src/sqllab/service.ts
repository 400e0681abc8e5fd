import { randomUUID } from "node:crypto";
import {
  ErrorType,
  type EstimateQueryRequest,
  type FormatSqlRequest,
  genericDataTypeOf,
  type ListQuery,
  type SqlLabExecuteBody,
  type SqlLabQueryRow,
} from "@strata/contracts";
import {
  type ColumnarResult,
  classifyStatements,
  type QueryEngine,
  type StatementInfo,
} from "@strata/engines";
import { csvBody, csvHeader, rowsJsonWithin } from "../chart-data/format.ts";
import { toEngineError } from "../databases/engine-errors.ts";
import type { Databases } from "../databases/service.ts";
import { DATABASE, type DatabaseData, type DatabaseEntity } from "../databases/types.ts";
import { AppError, badRequest, forbidden, notFound, typedError, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { applyListQuery, idFilter, type ListSpec } from "../resources/list-query.ts";
import { canAccessDatabase, hasAnyAccessIn } from "../security/data-access.ts";
import { can, type Principal, requirePermission } from "../security/principal.ts";
import { type DatasetList, requireTableAccess } from "../security/table-access.ts";
import { USER, type UserData } from "../security/types.ts";
import { BackgroundWrites } from "../store/background-writes.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { newestWithin } from "../store/newest-window.ts";
import type { ResultStore } from "../store/result-store.ts";
import { type DatasetAccess, readableAs } from "../templating/macro-scope.ts";
import { ctasStatement, ctasTarget } from "./ctas.ts";
import { formatSql } from "./format.ts";
import { limitingFactor } from "./limiting-factor.ts";
import { DEFAULT_SQLLAB_LIMITS, type SqlLabLimits } from "./limits.ts";
import { RunRecord } from "./run-record.ts";
import { HEARTBEAT_MS, RunningRuns } from "./running-runs.ts";
import { BATCH_ROWS, type ResultManifest, StoredResults } from "./stored-results.ts";
import { parseTemplateParams, renderTemplate, type SqlLabTemplateScope } from "./templates.ts";
import { QUERY, type QueryData, type QueryEntity } from "./types.ts";

export const SQLLAB_JOB = "sqllab";

/** The query list's filterable and sortable columns (the SPA filters by editor and orders by start). */
const HISTORY_LIST: ListSpec<Omit<ReturnType<SqlLab["row"]>, "id"> & { id: number }> = {
  filterColumns: [
    "client_id",
    "sql_editor_id",
    "status",
    "state",
    "sql",
    "schema",
    "tab_name",
    "user_id",
    "dbId",
    "start_time",
    "end_time",
    "changed_on",
  ],
  orderColumns: ["start_time", "end_time", "changed_on", "rows", "status", "state", "id"],
  defaultOrder: { column: "start_time", direction: "desc" },
};
/** Query ids reserved per counter write. */
const ID_BLOCK = 20;
/** A synchronous run still going after this long gets its stored record (history, stop). */
const RECORD_SLOW_RUN_AFTER_MS = 100;
/** Resolves on the event loop's next turn: after the reply in hand has been written out. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Statement kinds our lexer may classify on its own (see `statements`). */
const PLAIN_READS = new Set(["SELECT", "VALUES", "TABLE", "SHOW", "DESCRIBE", "DESC"]);

/** A run as the API asks for it. */
export type ExecuteBody = SqlLabExecuteBody;

/** The first rows of a result with its columns and total row count. */
interface StoredHead {
  columns: ColumnarResult["columns"];
  data: unknown[][];
  rowcount: number;
}

export type ExecuteReply = { status: 200; body: string } | { status: 202; body: Record<string, unknown> };

/** SQL Lab runs: parse, refuse DML unless allowed, render templates, limit, run inline or as a job. */
export class SqlLab {
  /** Runs in this process, by client id, so a stop can interrupt the engine. */
  private readonly running = new Map<string, { controller: AbortController; userId: number | null }>();
  /** Records and results of fast runs, stored after their reply. */
  private readonly writes = new BackgroundWrites("sqllab");

  /**
   * Waits for this instance's runs still being stored: a read right after a run's reply sees it.
   * Other instances never lag: a Lambda settles its writes before answering (`core.settleWrites`).
   */
  async caughtUp(): Promise<void> {
    // A run that has just replied queues its writes on the next turn (see `run`): they queue
    // first. Then stored runs waiting to go out together with the next ones go now.
    await nextTurn();
    this.deps.meta.flushCoalesced();
    await this.writes.settled();
  }

  constructor(
    private readonly deps: {
      meta: MetaStore;
      results: ResultStore;
      jobs: JobQueue;
      databases: Databases;
      principalOf: (userId: number | null) => Promise<Principal>;
      /** Other datasets for `dataset()`/`metric()` in templates, read as the caller may. */
      datasetAccess?: DatasetAccess;
      /** Every dataset: those a caller has datasource_access on name tables they may query. */
      datasets?: DatasetList;
    },
    readonly limits: SqlLabLimits = DEFAULT_SQLLAB_LIMITS,
  ) {
    this.stored = new StoredResults(deps.results, deps.meta);
    // History and the SQL Lab poll read one user's queries by key, never the whole table.
    deps.meta.indexByOwner<QueryData>(QUERY, (q) => q.user_id);
    // A run's id is a handle (history orders by start time): reserved in blocks, so a run costs
    // no counter round trip most of the time.
    deps.meta.allocateIdsInBlocks(QUERY, ID_BLOCK);
  }

  private readonly stored: StoredResults;

  row(q: QueryEntity): SqlLabQueryRow {
    return {
      id: q.client_id,
      query_id: q.id,
      client_id: q.client_id,
      sql_editor_id: q.sql_editor_id,
      dbId: q.database_id,
      database: { id: q.database_id },
      schema: q.schema,
      catalog: q.catalog,
      sql: q.sql,
      executed_sql: q.executed_sql,
      sqlEditorId: q.sql_editor_id,
      tab: q.tab_name,
      tab_name: q.tab_name,
      state: q.status,
      status: q.status,
      progress: q.progress,
      rows: q.rows,
      limit: q.limit,
      limitingFactor: q.limiting_factor,
      resultsKey: q.results_key,
      results_key: q.results_key,
      errorMessage: q.error_message,
      errors: q.errors,
      startDttm: q.start_time,
      start_time: q.start_time,
      endDttm: q.end_time,
      end_time: q.end_time,
      changed_on: new Date(q.changed_on_ms).toISOString(),
      changed_on_delta_humanized: humanizeSince(new Date(q.changed_on_ms).toISOString()),
      user_id: q.user_id,
      templateParams: q.template_params,
      ctas: q.select_as_cta ?? false,
      ctas_method: q.ctas_method ?? null,
      tempTable: q.tmp_table_name ?? null,
      tmp_table_name: q.tmp_table_name ?? null,
      tempSchema: q.tmp_schema_name ?? null,
    };
  }

  private canSee(p: Principal, q: QueryEntity): boolean {
    return (
      p.isAdmin ||
      can(p, "all_query_access", "all_query_access") ||
      (p.user !== null && q.user_id === p.user.id)
    );
  }

  async get(p: Principal, id: number): Promise<QueryEntity> {
    requirePermission(p, "can_read", "Query");
    await this.caughtUp();
    const q = await this.deps.meta.get<QueryData>(QUERY, id);
    if (!q || !this.canSee(p, q)) throw notFound("Query not found");
    return q;
  }

  async byClientId(p: Principal, clientId: string): Promise<QueryEntity> {
    await this.caughtUp();
    const id = await this.deps.meta.getValue<number>(`query-client#${clientId}`);
    if (id === undefined) throw notFound("Query not found");
    return this.get(p, id);
  }

  /**
   * The newest `historyWindow` queries the caller may list: their own through the per-user index;
   * with admin or `all_query_access` (Superset's QueryFilter) everyone's through the type's index,
   * or one user's when the list filters on `user_id`.
   */
  private async visible(p: Principal, filters?: ListQuery["filters"]): Promise<QueryEntity[]> {
    requirePermission(p, "can_read", "Query");
    await this.caughtUp();
    const asked = idFilter(filters, "user_id");
    let owner: number | undefined;
    if (p.isAdmin || can(p, "all_query_access", "all_query_access")) owner = asked;
    else if (p.user && (asked === undefined || asked === p.user.id)) owner = p.user.id;
    else return [];
    return newestWithin<QueryData>(this.deps.meta, QUERY, { owner, window: this.limits.historyWindow });
  }

  /**
   * `GET /api/v1/query/`: the generic list semantics (filters, order, page) over the visible
   * queries (the newest `historyWindow` of them: filters and sorting apply within those).
   */
  async history(p: Principal, q: ListQuery) {
    const visible = await this.visible(p, q.filters);
    const names = await this.namesOf(visible);
    // Each row names its database and user, as Superset's list does (`database.database_name`,
    // `user.first_name`…), so a client needs no lookups of its own.
    const rows = visible.map((x) => ({
      ...this.row(x),
      id: x.id,
      database: { id: x.database_id, database_name: names.databases.get(x.database_id)?.database_name },
      user: x.user_id === null ? null : (names.users.get(x.user_id) ?? null),
    }));
    const page = applyListQuery(rows, q, HISTORY_LIST);
    // Rows keep SQL Lab's shape (`id` is the client id); `ids` are the numeric query ids.
    const result = page.result.map((r) => ("id" in r ? { ...r, id: r.client_id ?? r.id } : r));
    return { count: page.count, ids: page.ids, result };
  }

  /** The databases and users the queries name, read together (one batch each). */
  private async namesOf(queries: QueryEntity[]) {
    const unique = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];
    const [databases, users] = await Promise.all([
      this.deps.meta.getMany<DatabaseData>(DATABASE, unique(queries.map((q) => q.database_id))),
      this.deps.meta.getMany<UserData>(USER, unique(queries.map((q) => q.user_id))),
    ]);
    return {
      databases: new Map(databases.map((d) => [d.id, d])),
      users: new Map(
        users.map((u) => [u.id, { id: u.id, first_name: u.first_name, last_name: u.last_name }]),
      ),
    };
  }

  /**
   * `GET /api/v1/query/updated_since`: the caller's own queries changed after `ms` (as Superset's),
   * read by a key condition on the per-user index, so the poll costs the same however many
   * queries other users have.
   */
  async updatedSince(p: Principal, ms: number) {
    requirePermission(p, "can_read", "Query");
    if (!p.user) return [];
    await this.caughtUp();
    const after = Number.isFinite(ms) && ms > 0 ? new Date(Math.min(ms, 8.64e15)).toISOString() : undefined;
    const recent = await this.deps.meta.listByOwner<QueryData>(QUERY, p.user.id, { changedAfter: after });
    return recent.filter((q) => q.changed_on_ms > ms).map((q) => this.row(q));
  }

  /** Where the caller's templates read other datasets from (see SqlLabTemplateScope). */
  private macroSources(p: Principal): SqlLabTemplateScope["sources"] {
    return this.deps.datasetAccess ? readableAs(this.deps.datasetAccess, p) : undefined;
  }

  private async engineFor(
    p: Principal,
    databaseId: number,
  ): Promise<{ db: DatabaseEntity; engine: QueryEngine; wholeDatabase: boolean }> {
    const found = await this.deps.databases.engineForSql(p, databaseId);
    if (!found.db.expose_in_sqllab)
      throw unprocessable("This database is not exposed in SQL Lab; an admin can expose it in its settings.");
    return found;
  }

  private async statements(db: DatabaseEntity, engine: QueryEngine, sql: string): Promise<StatementInfo[]> {
    // One plain read needs no engine round trip to be classified: the engine's own guard (a
    // rolled-back transaction, read-only in PostgreSQL; DuckDB's statement types) still refuses a
    // write hidden in it. Scripts, writes and anything the lexer can't vouch for ask the engine.
    const lexed = classifyStatements(sql);
    if (lexed.length === 1 && lexed[0].readOnly && PLAIN_READS.has(lexed[0].kind)) return lexed;
    let statements: StatementInfo[];
    try {
      statements = await engine.parseStatements(sql);
    } catch (e) {
      throw toEngineError(e, db.engine);
    }
    if (statements.length === 0)
      throw typedError(400, ErrorType.INVALID_SQL_ERROR, "There is no SQL statement to run.");
    if (!db.allow_dml && statements.some((s) => !s.readOnly)) {
      throw typedError(
        400,
        ErrorType.DML_NOT_ALLOWED_ERROR,
        `DML is not allowed on "${db.database_name}": only reading statements can run. An admin can allow DML in the database's settings.`,
      );
    }
    return statements;
  }

  /**
   * For a caller with access to only some tables of `db`: the query's tables must all be among
   * them, and it runs on the connection's own catalog (their access names none other).
   */
  private async requireTables(
    p: Principal,
    db: DatabaseEntity,
    engine: QueryEngine,
    sql: string,
    where: { schema?: string | null; catalog?: string | null },
  ): Promise<void> {
    if (where.catalog && where.catalog !== (await engine.defaultCatalog()))
      throw typedError(
        403,
        ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
        `Your access covers some tables of "${db.database_name}" in its default catalog only: leave the catalog empty to query them.`,
      );
    try {
      await requireTableAccess(p, db, engine, sql, { schema: where.schema, datasets: this.deps.datasets });
    } catch (e) {
      throw e instanceof AppError ? e : toEngineError(e, db.engine);
    }
  }

  /** `background`: a scheduled run, queued whatever the database's allow_run_async. */
  async execute(
    p: Principal,
    body: ExecuteBody,
    opts: { background?: boolean; urlParams?: Record<string, string> } = {},
  ): Promise<ExecuteReply> {
    requirePermission(p, "can_sqllab", "SQLLab");
    // The query's id is taken alongside the database read (a refused run just skips an id).
    const [{ db, engine, wholeDatabase }, id] = await Promise.all([
      this.engineFor(p, body.database_id),
      this.deps.meta.nextId(QUERY),
    ]);
    // Before anything renders or runs: the catalog decides which database the engine connects to.
    await this.deps.databases.requireCatalogAllowed(db, body.catalog, { engine });
    const sql = await renderTemplate(body.sql, parseTemplateParams(body.templateParams), {
      principal: p,
      engine: db.engine,
      urlParams: opts.urlParams,
      sources: this.macroSources(p),
    });
    if (!wholeDatabase) {
      if (body.select_as_cta)
        throw typedError(
          403,
          ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
          `Creating a table from a query needs access to the whole database "${db.database_name}".`,
        );
      await this.requireTables(p, db, engine, sql, body);
    }
    const statements = await this.statements(db, engine, sql);
    const ctas = body.select_as_cta ? ctasTarget(db, body, statements, p.user?.id ?? null) : null;
    if (body.runAsync && !db.allow_run_async && !opts.background) {
      throw unprocessable(
        `"${db.database_name}" does not allow asynchronous queries; run it without "async", or ask an admin to allow it.`,
      );
    }
    const limit = body.queryLimit ?? this.limits.defaultLimit;
    if (limit > this.limits.maxRows)
      throw badRequest({
        queryLimit: [`The limit can be at most ${this.limits.maxRows.toLocaleString("en-US")} rows.`],
      });
    const now = Date.now();
    const clientId = body.client_id || randomUUID().slice(0, 11);
    const record = new RunRecord(this.deps.meta, id, {
      client_id: clientId,
      database_id: db.id,
      user_id: p.user?.id ?? null,
      schema: body.schema ?? null,
      catalog: body.catalog ?? null,
      sql: body.sql,
      executed_sql: sql,
      sql_editor_id: body.sql_editor_id ?? null,
      tab_name: body.tab ?? null,
      status: body.runAsync ? "pending" : "running",
      progress: 0,
      rows: null,
      limit,
      limiting_factor: "UNKNOWN",
      results_key: null,
      error_message: null,
      errors: [],
      start_time: now,
      end_time: null,
      changed_on_ms: now,
      run_async: Boolean(body.runAsync),
      template_params: body.templateParams ?? null,
      select_as_cta: ctas !== null,
      ctas_method: ctas?.method ?? null,
      tmp_table_name: ctas?.table ?? null,
      tmp_schema_name: ctas?.schema ?? null,
    });
    if (body.runAsync) {
      const query = await record.create();
      await this.deps.jobs.send({ id: query.client_id, kind: SQLLAB_JOB, payload: { queryId: query.id } });
      return { status: 202, body: { query: this.row(query) } };
    }
    // A run still going after a moment gets its record, so history and other instances see it.
    const slow = setTimeout(() => void record.create().catch(() => undefined), RECORD_SLOW_RUN_AFTER_MS);
    const { query: done, head } = await this.run(
      record,
      db,
      engine,
      this.limits.syncTimeoutSec,
      statements,
    ).finally(() => clearTimeout(slow));
    if (done.status === "stopped")
      return {
        status: 200,
        body: JSON.stringify({ status: "stopped", query_id: done.id, query: this.row(done) }),
      };
    if (done.status === "failed" || done.status === "timed_out") {
      throw new AppError(done.status === "timed_out" ? 408 : 400, {
        message: done.error_message ?? "The query failed",
        errors: done.errors as never,
      });
    }
    return { status: 200, body: this.resultsBody(done, head ?? { columns: [], data: [], rowcount: 0 }) };
  }

  /**
   * Runs every statement; the last one's rows stream into the ResultStore, chunk by chunk, under
   * a new key (a CTAS run stores nothing: its rows went into the new table). Never throws: the
   * outcome is in the saved query's status.
   */
  private async run(
    record: RunRecord,
    db: DatabaseEntity,
    engine: QueryEngine,
    timeoutSec: number,
    parsed?: StatementInfo[],
  ): Promise<{ query: QueryEntity; head?: StoredHead }> {
    const query = record.data;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException("timeout", "TimeoutError")),
      timeoutSec * 1000,
    );
    this.running.set(query.client_id, { controller, userId: query.user_id });
    // While it runs, a stored run says it is alive; the sweeper fails runs whose heartbeat stops.
    const heartbeat = setInterval(() => void record.heartbeat().catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref?.();
    try {
      if (query.status === "pending") await record.save({ status: "running" });
      // Again for queued and scheduled runs: the database may have stopped allowing other catalogs
      // since the run was accepted.
      await this.deps.databases.requireCatalogAllowed(db, query.catalog, { engine });
      const statements = parsed ?? (await this.statements(db, engine, query.executed_sql ?? query.sql));
      if (query.select_as_cta)
        statements.splice(0, statements.length, await ctasStatement(engine, query, statements));
      const key = randomUUID();
      const writer = this.stored.writer(key, this.limits.displayRows);
      let result: ColumnarResult | undefined;
      for (const [i, st] of statements.entries()) {
        const last = i === statements.length - 1;
        result = await engine.execute(st.sql, {
          limit: query.limit,
          schema: query.schema,
          catalog: query.catalog,
          signal: controller.signal,
          allowDml: db.allow_dml || query.select_as_cta === true,
          ...(last && !query.select_as_cta ? { onBatch: writer.append, batchRows: BATCH_ROWS } : {}),
        });
      }
      // Engines that cannot stream hand back whole rows: store them the same way.
      if (!query.select_as_cta && result && (result.data[0]?.length ?? 0) > 0) await writer.append(result);
      const columns = query.select_as_cta ? [] : (result?.columns ?? []);
      const outcome = {
        status: "success" as const,
        progress: 100,
        rows: writer.rowcount,
        results_key: key,
        limiting_factor: limitingFactor(
          statements.at(-1)?.sql ?? "",
          query.limit,
          writer.rowcount,
          result?.truncated ?? false,
        ),
        end_time: Date.now(),
      };
      const meta = { queryId: record.id, userId: query.user_id, columns };
      let saved: QueryEntity;
      if (query.run_async) {
        // Pollers read an async run once it says success, so its result is stored first.
        saved = await writer.finish(meta).then(() => record.save(outcome));
      } else if (!record.written) {
        // A fast synchronous run: nobody else knows of it yet, so it replies with what it holds
        // and stores its record and result after. Readers here wait for those writes (`caughtUp`).
        // Even making the store items waits for the next turn, once the reply has been written:
        // it was about a tenth of the server's own time in a small query's reply.
        const afterReply = nextTurn();
        const { entity, written } = record.finishUnwritten(outcome, afterReply);
        this.writes.track(
          Promise.all([written, afterReply.then(() => writer.finish(meta, { coalesce: true }))]),
        );
        saved = entity;
      } else {
        // A slow synchronous run is on record (a stop may race it): both writes before the reply.
        saved = (await Promise.all([record.save(outcome), writer.finish(meta)]))[0];
      }
      if (saved.status === "stopped") return { query: saved }; // a stop won the race: keep it stopped
      return { query: saved, head: { columns, data: writer.head, rowcount: writer.rowcount } };
    } catch (e) {
      const reason = (controller.signal.reason as Error | undefined)?.name;
      if (controller.signal.aborted && reason === "TimeoutError") {
        const message = `The query exceeded the ${timeoutSec} seconds timeout.`;
        return {
          query: await record.save({
            status: "timed_out",
            error_message: message,
            errors: [
              {
                message,
                error_type: ErrorType.SQLLAB_TIMEOUT_ERROR,
                level: "error",
                extra: { timeout: timeoutSec },
              },
            ],
            end_time: Date.now(),
          }),
        };
      }
      if (controller.signal.aborted)
        return { query: await record.save({ status: "stopped", end_time: Date.now() }) };
      const err = toEngineError(e, db.engine);
      return {
        query: await record.save({
          status: "failed",
          error_message: err.message,
          errors: err.body.errors ?? [],
          end_time: Date.now(),
        }),
      };
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
      this.running.delete(query.client_id);
    }
  }

  private save(q: QueryEntity, changes: Partial<QueryData>): Promise<QueryEntity> {
    return this.deps.meta.update<QueryData>(QUERY, q, { ...changes, changed_on_ms: Date.now() }, q.user_id);
  }

  /** The worker's handler for async runs (a duplicate delivery of a finished query does nothing). */
  async runJob(job: Job): Promise<void> {
    const { queryId } = job.payload as { queryId: number };
    const query = await this.deps.meta.get<QueryData>(QUERY, queryId);
    if (query?.status !== "pending") return;
    const p = await this.deps.principalOf(query.user_id);
    const { db, engine, wholeDatabase } = await this.engineFor(p, query.database_id);
    // Checked again as the run's owner when it starts: access taken away while it waited counts.
    if (!wholeDatabase) {
      try {
        await this.requireTables(p, db, engine, query.executed_sql ?? query.sql, query);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const message = e.body.message ?? "You don't have access to the tables this query reads.";
        await this.save(query, {
          status: "failed",
          error_message: String(message),
          errors: (e.body.errors ?? []) as QueryData["errors"],
          end_time: Date.now(),
        });
        return;
      }
    }
    await this.run(RunRecord.stored(this.deps.meta, query), db, engine, this.limits.asyncTimeoutSec);
  }

  /**
   * A run's reply: at most the display limit of rows, and at most SQLLAB_PAYLOAD_MAX_MB of them
   * (a Lambda reply cannot pass 6 MB); the rest stays in the store for the CSV export.
   */
  private resultsBody(q: QueryEntity, head: StoredHead): string {
    const columns = head.columns.map((c) => ({
      column_name: c.name,
      name: c.name,
      type: c.type,
      is_dttm: c.kind === "temporal",
      type_generic: genericDataTypeOf(c.kind),
    }));
    const { json, rows } = rowsJsonWithin(
      { columns: head.columns.map((c) => c.name), data: head.data },
      this.limits.payloadMaxMb * 1024 * 1024,
    );
    const meta = JSON.stringify({
      status: "success",
      query_id: q.id,
      columns,
      selected_columns: columns,
      expanded_columns: [],
      displayLimitReached: head.rowcount > rows,
      query: this.row(q),
    });
    return `${meta.slice(0, -1)},"data":${json}}`;
  }

  /**
   * A stored result the principal may read: a query they may see (its owner, or all-query access)
   * on a database they may still read. Seeing a query is not reading its rows: all_query_access
   * shows everyone's SQL, not data from databases the caller has no access to, and an owner whose
   * access was taken away no longer reads what they fetched before (Superset checks the query's
   * data access again on results too).
   */
  private async readable(p: Principal, key: string): Promise<{ q: QueryEntity; manifest: ResultManifest }> {
    requirePermission(p, "can_sqllab", "SQLLab");
    await this.caughtUp();
    const manifest = await this.stored.manifest(key);
    if (!manifest) throw notFound("The results have expired; run the query again.");
    const q = await this.get(p, manifest.queryId);
    await this.requireDataAccess(p, q);
    return { q, manifest };
  }

  private async requireDataAccess(p: Principal, q: QueryEntity): Promise<void> {
    if (p.isAdmin) return;
    const db = await this.deps.databases.find(q.database_id);
    if (!db) {
      throw typedError(
        404,
        ErrorType.DATABASE_NOT_FOUND_ERROR,
        "The database these results come from was deleted; its results can no longer be read.",
      );
    }
    if (!canAccessDatabase(p, db)) {
      // Access to some of its tables reads the results of queries on those tables only.
      if (hasAnyAccessIn(p, db)) {
        const engine = await this.deps.databases.engineOf(db);
        await this.requireTables(p, db, engine, q.executed_sql ?? q.sql, q);
        return;
      }
      throw typedError(
        403,
        ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
        `These results come from the database "${db.database_name}", which you don't have access to. Ask an admin for access to it to read them.`,
        { database: db.database_name },
      );
    }
  }

  /** `GET /api/v1/sqllab/results/?q=(key:…,rows:…)`: the first rows, never above the display limit. */
  async results(p: Principal, key: string, rows?: number): Promise<string> {
    const { q, manifest } = await this.readable(p, key);
    const n = Math.min(rows ?? this.limits.displayRows, this.limits.displayRows);
    const data = await this.stored.head(key, manifest, n);
    return this.resultsBody(q, { columns: manifest.columns, data, rowcount: manifest.rowcount });
  }

  /** `GET /api/v1/sqllab/export/{client_id}/`: every stored row as CSV, one chunk at a time. */
  async exportCsv(
    p: Principal,
    clientId: string,
  ): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
    requirePermission(p, "can_export_csv", "SQLLab");
    const q = await this.byClientId(p, clientId);
    if (!q.results_key)
      throw notFound(
        q.status === "pending" || q.status === "running"
          ? "The query is still running: download its CSV when it has finished."
          : "This query has no stored results; run it again.",
      );
    const { manifest } = await this.readable(p, q.results_key);
    const stored = this.stored;
    const key = q.results_key;
    async function* lines() {
      yield csvHeader(manifest.columns.map((c) => c.name));
      for await (const chunk of stored.chunks(key, manifest)) yield csvBody(chunk);
    }
    const stamp = new Date(q.start_time).toISOString().slice(0, 19).replace(/[-:T]/g, "");
    return { fileName: `sqllab_${q.client_id}_${stamp}.csv`, chunks: lines() };
  }

  /** `POST /api/v1/sqllab/format_sql/`: in the dialect of the named database, or of the named engine. */
  async format(p: Principal, body: FormatSqlRequest): Promise<string> {
    const engine = body.database_id
      ? (await this.deps.databases.get(p, body.database_id)).engine
      : body.engine;
    return formatSql(body.sql, engine);
  }

  /** One run by its id, as the API shows it. */
  async detail(p: Principal, id: number): Promise<SqlLabQueryRow> {
    return this.row(await this.get(p, id));
  }

  /** `POST /api/v1/sqllab/estimate/`: the engine's plan for the statements, without running them. */
  async estimate(p: Principal, body: EstimateQueryRequest) {
    requirePermission(p, "can_estimate_query_cost", "SQLLab");
    const { db, engine, wholeDatabase } = await this.engineFor(p, body.database_id);
    await this.deps.databases.requireCatalogAllowed(db, body.catalog, { engine });
    const sql = await renderTemplate(body.sql, parseTemplateParams(body.template_params), {
      principal: p,
      engine: db.engine,
      sources: this.macroSources(p),
    });
    // A plan names the tables it reads and their sizes: checked as a run is.
    if (!wholeDatabase) await this.requireTables(p, db, engine, sql, body);
    const statements = await this.statements(db, engine, sql);
    const out: { statement: number; plan: string }[] = [];
    for (const [i, st] of statements.entries()) {
      if (!st.readOnly) continue;
      try {
        const plan = await engine.execute(`EXPLAIN ${st.sql}`, {
          schema: body.schema ?? null,
          catalog: body.catalog ?? null,
        });
        out.push({ statement: i + 1, plan: plan.data.at(-1)?.map(String).join("\n") ?? "" });
      } catch (e) {
        throw toEngineError(e, db.engine);
      }
    }
    return out;
  }

  /**
   * Marks runs left `running` or `pending` by a dead process as failed ("The query was
   * interrupted"): at a local start every one of them (`all`), on the minute tick those whose
   * heartbeat stopped.
   */
  sweepInterrupted(opts: { all?: boolean } = {}): Promise<number> {
    return new RunningRuns(this.deps.meta).sweep(opts);
  }

  /** `POST /api/v1/query/stop`: marks the run stopped and interrupts the engine if it runs here. */
  async stop(p: Principal, clientId: string): Promise<void> {
    requirePermission(p, "can_read", "Query");
    const local = this.running.get(clientId);
    const mine = local !== undefined && (p.isAdmin || (p.user !== null && local.userId === p.user.id));
    await this.caughtUp();
    const id = await this.deps.meta.getValue<number>(`query-client#${clientId}`);
    if (id === undefined) {
      // A fast run in this process has no record yet: interrupting it stores it as stopped.
      if (!mine) throw notFound("Query not found");
      local.controller.abort();
      return;
    }
    const q = await this.get(p, id);
    // Seeing everyone's queries (all_query_access) is not running them: only whoever ran a query,
    // or an admin, may stop it.
    if (!p.isAdmin && (p.user === null || q.user_id !== p.user.id))
      throw forbidden("Only the user who ran this query, or an admin, can stop it.");
    if (q.status === "success" || q.status === "failed" || q.status === "stopped") return;
    await this.save(q, { status: "stopped", end_time: Date.now() });
    local?.controller.abort();
  }
}
