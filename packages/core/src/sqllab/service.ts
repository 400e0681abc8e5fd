import { randomUUID } from "node:crypto";
import { ErrorType } from "@strata/contracts";
import type { ColumnarResult, QueryEngine, StatementInfo } from "@strata/engines";
import { rowsJson } from "../chart-data/format.ts";
import { toEngineError } from "../databases/engine-errors.ts";
import type { Databases } from "../databases/service.ts";
import type { DatabaseEntity } from "../databases/types.ts";
import { AppError, notFound, typedError, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { can, type Principal, requirePermission } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { ResultStore } from "../store/result-store.ts";
import { parseTemplateParams, renderTemplate } from "./templates.ts";
import { QUERY, type QueryData, type QueryEntity } from "./types.ts";

export const SQLLAB_JOB = "sqllab";
const DEFAULT_LIMIT = 1000;
const MAX_LIMIT = 100_000;
const KIND: Record<string, number> = { numeric: 0, string: 1, temporal: 2, boolean: 3, other: 1 };

export interface ExecuteBody {
  client_id?: string;
  database_id: number;
  sql: string;
  schema?: string | null;
  catalog?: string | null;
  runAsync?: boolean;
  sql_editor_id?: string | null;
  tab?: string | null;
  templateParams?: string | null;
  queryLimit?: number | null;
}

export type ExecuteReply = { status: 200; body: string } | { status: 202; body: Record<string, unknown> };

/** SQL Lab runs: parse, refuse DML unless allowed, render templates, limit, run inline or as a job. */
export class SqlLab {
  /** Runs in this process, by client id, so a stop can interrupt the engine. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly deps: {
      meta: MetaStore;
      results: ResultStore;
      jobs: JobQueue;
      databases: Databases;
      principalOf: (userId: number | null) => Promise<Principal>;
    },
  ) {}

  row(q: QueryEntity) {
    return {
      id: q.client_id,
      query_id: q.id,
      client_id: q.client_id,
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
    const q = await this.deps.meta.get<QueryData>(QUERY, id);
    if (!q || !this.canSee(p, q)) throw notFound("Query not found");
    return q;
  }

  async byClientId(p: Principal, clientId: string): Promise<QueryEntity> {
    const id = await this.deps.meta.getValue<number>(`query-client#${clientId}`);
    if (id === undefined) throw notFound("Query not found");
    return this.get(p, id);
  }

  async rows(p: Principal) {
    requirePermission(p, "can_read", "Query");
    return (await this.deps.meta.list<QueryData>(QUERY))
      .filter((q) => this.canSee(p, q))
      .map((q) => this.row(q));
  }

  async updatedSince(p: Principal, ms: number) {
    return (await this.rows(p)).filter((r) => Date.parse(r.changed_on) > ms);
  }

  private async engineFor(
    p: Principal,
    databaseId: number,
  ): Promise<{ db: DatabaseEntity; engine: QueryEngine }> {
    const found = await this.deps.databases.engine(p, databaseId);
    if (!found.db.expose_in_sqllab)
      throw unprocessable("This database is not exposed in SQL Lab; an admin can expose it in its settings.");
    return found;
  }

  private async statements(db: DatabaseEntity, engine: QueryEngine, sql: string): Promise<StatementInfo[]> {
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

  async execute(p: Principal, body: ExecuteBody): Promise<ExecuteReply> {
    requirePermission(p, "can_sqllab", "SQLLab");
    const { db, engine } = await this.engineFor(p, body.database_id);
    const sql = renderTemplate(body.sql, parseTemplateParams(body.templateParams));
    await this.statements(db, engine, sql);
    if (body.runAsync && !db.allow_run_async) {
      throw unprocessable(
        `"${db.database_name}" does not allow asynchronous queries; run it without "async", or ask an admin to allow it.`,
      );
    }
    const now = Date.now();
    const query = await this.deps.meta.create<QueryData>(
      QUERY,
      {
        client_id: body.client_id || randomUUID().slice(0, 11),
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
        limit: Math.min(Math.max(1, body.queryLimit ?? DEFAULT_LIMIT), MAX_LIMIT),
        limiting_factor: "UNKNOWN",
        results_key: null,
        error_message: null,
        errors: [],
        start_time: now,
        end_time: null,
        changed_on_ms: now,
        run_async: Boolean(body.runAsync),
        template_params: body.templateParams ?? null,
      },
      p.user?.id ?? null,
    );
    await this.deps.meta.putValue(`query-client#${query.client_id}`, query.id, { ttlSeconds: 7 * 24 * 3600 });
    if (body.runAsync) {
      await this.deps.jobs.send({ id: query.client_id, kind: SQLLAB_JOB, payload: { queryId: query.id } });
      return { status: 202, body: { query: this.row(query) } };
    }
    const done = await this.run(query, db, engine);
    if (done.status === "stopped")
      return {
        status: 200,
        body: JSON.stringify({ status: "stopped", query_id: done.id, query: this.row(done) }),
      };
    if (done.status === "failed") {
      throw new AppError(400, {
        message: done.error_message ?? "The query failed",
        errors: done.errors as never,
      });
    }
    return { status: 200, body: await this.resultsBody(done) };
  }

  /** Runs every statement; the last one's rows are the result (stored in S3 under its key). */
  private async run(query: QueryEntity, db: DatabaseEntity, engine: QueryEngine): Promise<QueryEntity> {
    const controller = new AbortController();
    this.running.set(query.client_id, controller);
    let current = query;
    try {
      if (current.status === "pending") current = await this.save(current, { status: "running" });
      const statements = await this.statements(db, engine, query.executed_sql ?? query.sql);
      let result: ColumnarResult | undefined;
      for (const st of statements) {
        result = await engine.execute(st.sql, {
          limit: query.limit,
          schema: query.schema,
          catalog: query.catalog,
          signal: controller.signal,
          allowDml: db.allow_dml,
        });
      }
      const latest = (await this.deps.meta.get<QueryData>(QUERY, query.id)) ?? current;
      if (latest.status === "stopped") return latest; // a stop won the race: keep it stopped
      const key = randomUUID();
      await this.deps.results.putJson(`sqllab/${key}.json`, {
        queryId: query.id,
        userId: query.user_id,
        columns: result!.columns,
        data: result!.data,
      });
      return await this.save(latest, {
        status: "success",
        progress: 100,
        rows: result!.rowcount,
        results_key: key,
        limiting_factor: result!.truncated ? "DROPDOWN" : "NOT_LIMITED",
        end_time: Date.now(),
      });
    } catch (e) {
      const latest = (await this.deps.meta.get<QueryData>(QUERY, query.id)) ?? current;
      if (latest.status === "stopped") return latest;
      const err = toEngineError(e, db.engine);
      return this.save(latest, {
        status: "failed",
        error_message: err.message,
        errors: err.body.errors ?? [],
        end_time: Date.now(),
      });
    } finally {
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
    if (!query || query.status !== "pending") return;
    const p = await this.deps.principalOf(query.user_id);
    const { db, engine } = await this.engineFor(p, query.database_id);
    await this.run(query, db, engine);
  }

  private async resultsBody(q: QueryEntity, rows?: number): Promise<string> {
    const stored = await this.deps.results.getJson<{ columns: ColumnarResult["columns"]; data: unknown[][] }>(
      `sqllab/${q.results_key}.json`,
    );
    if (!stored) throw notFound("The results have expired; run the query again.");
    const data = rows === undefined ? stored.data : stored.data.map((col) => col.slice(0, rows));
    const columns = stored.columns.map((c) => ({
      column_name: c.name,
      name: c.name,
      type: c.type,
      is_dttm: c.kind === "temporal",
      type_generic: KIND[c.kind] ?? 1,
    }));
    const head = JSON.stringify({
      status: "success",
      query_id: q.id,
      columns,
      selected_columns: columns,
      expanded_columns: [],
      query: this.row(q),
    });
    return `${head.slice(0, -1)},"data":${rowsJson({ columns: stored.columns.map((c) => c.name), data })}}`;
  }

  /** `GET /api/v1/sqllab/results/?q=(key:…,rows:…)`, for the query's owner. */
  async results(p: Principal, key: string, rows?: number): Promise<string> {
    requirePermission(p, "can_sqllab", "SQLLab");
    const stored = await this.deps.results.getJson<{ queryId: number }>(`sqllab/${key}.json`);
    if (!stored) throw notFound("The results have expired; run the query again.");
    const q = await this.get(p, stored.queryId);
    return this.resultsBody(q, rows);
  }

  /** `POST /api/v1/sqllab/estimate/`: the engine's plan for the statements, without running them. */
  async estimate(
    p: Principal,
    body: { database_id: number; sql: string; schema?: string | null; template_params?: string | null },
  ) {
    requirePermission(p, "can_estimate_query_cost", "SQLLab");
    const { db, engine } = await this.engineFor(p, body.database_id);
    const sql = renderTemplate(body.sql, parseTemplateParams(body.template_params));
    const statements = await this.statements(db, engine, sql);
    const out: { statement: number; plan: string }[] = [];
    for (const [i, st] of statements.entries()) {
      if (!st.readOnly) continue;
      try {
        const plan = await engine.execute(`EXPLAIN ${st.sql}`, { schema: body.schema ?? null });
        out.push({ statement: i + 1, plan: plan.data.at(-1)?.map(String).join("\n") ?? "" });
      } catch (e) {
        throw toEngineError(e, db.engine);
      }
    }
    return out;
  }

  /** `POST /api/v1/query/stop`: marks the run stopped and interrupts the engine if it runs here. */
  async stop(p: Principal, clientId: string): Promise<void> {
    const id = await this.deps.meta.getValue<number>(`query-client#${clientId}`);
    if (id === undefined) throw notFound("Query not found");
    const q = await this.get(p, id);
    if (q.status === "success" || q.status === "failed" || q.status === "stopped") return;
    await this.save(q, { status: "stopped", end_time: Date.now() });
    this.running.get(clientId)?.abort();
  }
}
