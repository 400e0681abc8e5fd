import { type ChartDataRequest, ErrorType, type QueryObject } from "@strata/contracts";
import { dialectFor, type QueryEngine } from "@strata/engines";
import { type CompiledQuery, compileQuery } from "@strata/query";
import type { Charts } from "../charts/service.ts";
import type { Databases } from "../databases/service.ts";
import type { DatabaseEntity } from "../databases/types.ts";
import type { Datasets } from "../datasets/service.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { notFound, typedError } from "../errors.ts";
import { queryErrors } from "../query-errors.ts";
import type { Principal } from "../security/principal.ts";
import { requirePermission } from "../security/principal.ts";
import { type ChartTemplateScope, requestTexts, templatedQuery } from "../templating/chart-query.ts";
import { readableAs, resolveMacroScope } from "../templating/macro-scope.ts";
import { loadTemplating } from "../templating/render-sql.ts";
import { templateUser } from "../templating/template-user.ts";
import { AxisTypes } from "./axis-types.ts";
import { loadLegacyViz } from "./legacy/viz-types.ts";
import { type ChartDataLimits, checkRowBudget, DEFAULT_CHART_DATA_LIMITS } from "./limits.ts";
import type { ChartDataContext } from "./ports.ts";

/** What every chart-data run is configured with. */
export interface ChartQueryOptions {
  /** Seconds, when neither chart, dataset nor database sets one. */
  defaultCacheTimeout: number;
  /** Bounds on the work of one request (query count, rows, reply size, run time). */
  limits?: ChartDataLimits;
  now?: () => Date;
  /** This process alone writes the results bucket (see `CoreDeps.soleWriter`). */
  soleWriter?: boolean;
}

export interface RequestDeps {
  datasets: Datasets;
  databases: Databases;
  charts: Charts;
  rlsClauses: (p: Principal, datasetId: number) => Promise<string[]>;
}

/** A request's datasource, resolved with the caller's access. */
export interface Resolved {
  ds: DatasetEntity;
  db: DatabaseEntity;
  engine: QueryEngine;
  cacheTimeout: number;
  /** Row-level security conditions for this caller (part of the SQL, so of the cache key). */
  rls: string[];
  /** The caller and the datasets/metrics the SQL's Jinja macros name (rendered SQL is in the cache key). */
  template: ChartTemplateScope;
  /** Whether each custom-SQL x-axis returns a time, as the database said (see AxisTypes). */
  axisTypes?: ReadonlyMap<string, boolean>;
}

/**
 * The first stage of a chart-data request: resolve its datasource with the caller's access, RLS and
 * (for a guest) the dashboard's charts, then compile each query object to SQL.
 */
export class ChartRequests {
  private readonly axes = new AxisTypes();

  constructor(
    private readonly deps: RequestDeps,
    private readonly opts: ChartQueryOptions,
  ) {}

  private get limits(): ChartDataLimits {
    return this.opts.limits ?? DEFAULT_CHART_DATA_LIMITS;
  }

  async resolve(p: Principal, req: ChartDataRequest, ctx: ChartDataContext): Promise<Resolved> {
    requirePermission(p, "can_read", "Chart");
    if (req.datasource.type !== "table" && req.datasource.type !== "dataset") {
      throw typedError(
        400,
        ErrorType.UNKNOWN_DATASOURCE_TYPE_ERROR,
        `Datasource type ${req.datasource.type} is not supported for chart data`,
      );
    }
    const datasetId = Number(req.datasource.id);
    // Independent reads in parallel: the dataset (with access check), its RLS, the chart's settings.
    const [found, rls, chart] = await Promise.all([
      this.deps.datasets.get(p, datasetId).catch(() => {
        throw typedError(
          404,
          ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR,
          "The dataset does not exist or you don't have access to it.",
        );
      }),
      this.deps.rlsClauses(p, datasetId),
      ctx.sliceId ? this.deps.charts.find(ctx.sliceId) : undefined,
    ]);
    const { ds, db } = found;
    if (!db) throw notFound("The dataset's database no longer exists.");
    if (p.guest) {
      // Guests run their dashboards' chart queries only (checked again in the worker for jobs).
      // The check is imported with the first guest's request: only embedded dashboards need it.
      const { checkGuestQuery, requestedSliceId } = await import("./guest-query-check.ts");
      const sliceId = requestedSliceId(req, ctx.sliceId);
      const named = sliceId === undefined ? undefined : await this.deps.charts.find(sliceId);
      const legacy = named ? await loadLegacyViz(named.viz_type) : undefined;
      checkGuestQuery(p.guest, req, sliceId, named, ds, legacy);
    }
    const cacheTimeout =
      req.custom_cache_timeout ??
      chart?.cache_timeout ??
      ds.cache_timeout ??
      db.cache_timeout ??
      this.opts.defaultCacheTimeout;
    const [engine, template] = await Promise.all([
      this.deps.databases.engineForDataset(db, ds.catalog),
      this.templateScope(p, ds, req.queries),
    ]);
    const axisTypes = await this.axes.of(
      { ds, engine, rls, template, dialect: dialectFor(db.engine), now: this.opts.now?.() ?? new Date() },
      db.id,
      req.queries,
    );
    return { ds, db, engine, cacheTimeout, rls, template, axisTypes };
  }

  /**
   * What the templates of this request need read ahead (the render itself is synchronous): the
   * datasets `dataset(id)` names, compiled with the caller's access and RLS, and `metric()`s.
   */
  private async templateScope(
    p: Principal,
    ds: DatasetEntity,
    queries: QueryObject[],
  ): Promise<ChartTemplateScope> {
    const texts = requestTexts(ds, queries);
    await loadTemplating(texts);
    return resolveMacroScope(texts, {
      user: templateUser(p),
      currentMetrics: ds.metrics,
      ...readableAs(
        {
          get: (q, id) => this.deps.datasets.get(q, id),
          rlsClauses: this.deps.rlsClauses,
          maxRows: this.limits.maxRows,
        },
        p,
      ),
      now: this.opts.now?.() ?? new Date(),
    });
  }

  compile(
    r: Resolved,
    query: QueryObject,
    resultType: ChartDataRequest["result_type"],
    inline = false,
  ): CompiledQuery {
    const dialect = dialectFor(r.db.engine);
    const now = this.opts.now?.() ?? new Date();
    // Jinja in the dataset's SQL and in custom SQL is rendered per query (its filters, time range).
    const t = templatedQuery(r.ds, query, r.template, dialect, now);
    return queryErrors(() =>
      compileQuery(t.query, t.dataset, {
        dialect,
        now,
        resultType,
        paramStyle: inline ? "inline" : "bound",
        extraWhere: r.rls,
        axisTypes: r.axisTypes,
        defaultRowLimit: this.limits.rowLimit,
        maxRowLimit: this.limits.maxRows,
      }),
    );
  }

  /** Every query compiled, after the request's row budget is checked (one place for all paths). */
  compileAll(r: Resolved, req: ChartDataRequest, resultType: ChartDataRequest["result_type"]) {
    const compiled = req.queries.map((q) => this.compile(r, q, resultType));
    checkRowBudget(req, compiled, this.limits);
    return compiled;
  }

  /** `result_type: "query"`: shown to people, values inlined as escaped literals so the text runs as is. */
  queryText(r: Resolved, req: ChartDataRequest) {
    return req.queries.map((q) => ({ query: this.compile(r, q, "full", true).sql, language: "sql" }));
  }
}
