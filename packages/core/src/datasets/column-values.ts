import { createHash } from "node:crypto";
import { ErrorType, FILTER_SELECT_ROW_LIMIT, type ColumnValue } from "@strata/contracts";
import { dialectFor } from "@strata/engines";
import { validateSqlExpression } from "@strata/query";
import { toEngineError } from "../databases/engine-errors.ts";
import type { Databases } from "../databases/service.ts";
import { badRequest, notFound, typedError } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import type { ResultStore } from "../store/result-store.ts";
import type { Datasets } from "./service.ts";

/** A search term is its own cache entry: kept briefly, so typing doesn't pin one entry per keystroke. */
const SEARCH_CACHE_SECONDS = 60;

export interface ColumnValuesOptions {
  /** Seconds, when neither the dataset nor its database sets a cache timeout. */
  defaultCacheTimeout: number;
  /** The query's time limit (SUPERSET_WEBSERVER_TIMEOUT, as for chart data). */
  timeoutSec: number;
  /** At most this many values (FILTER_SELECT_ROW_LIMIT). */
  rowLimit?: number;
}

interface CachedValues {
  expires_at: number;
  result: ColumnValue[];
}

/** LIKE's own wildcards in a search term match themselves. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Distinct values of one dataset column, for filter value suggestions: read with the caller's
 * data access and row-level security, bounded, the search term bound as a parameter, and cached
 * in the result store under a key that holds the compiled SQL (so the RLS clauses) and the
 * dataset's and database's versions.
 */
export class ColumnValues {
  constructor(
    private readonly deps: {
      datasets: Datasets;
      databases: Databases;
      results: ResultStore;
      rlsClauses: (p: Principal, datasetId: number) => Promise<string[]>;
    },
    private readonly opts: ColumnValuesOptions,
  ) {}

  get rowLimit(): number {
    return this.opts.rowLimit ?? FILTER_SELECT_ROW_LIMIT;
  }

  async values(
    p: Principal,
    datasourceType: string,
    datasetId: number,
    columnName: string,
    opts: { search?: string; force?: boolean } = {},
  ): Promise<{ result: ColumnValue[]; limit: number; cached: boolean }> {
    // Only datasets hold columns with values to suggest (Superset answers 400 for other types).
    if (datasourceType !== "table" && datasourceType !== "dataset")
      throw badRequest(`Invalid datasource type: ${datasourceType}`);
    const [{ ds, db }, rls] = await Promise.all([
      this.deps.datasets.get(p, datasetId),
      this.deps.rlsClauses(p, datasetId),
    ]);
    if (!db) throw notFound("The dataset's database no longer exists.");
    const column = ds.columns.find((c) => c.column_name === columnName);
    if (!column) throw badRequest(`Column name ${columnName} does not exist`);
    // An embedded guest reads the values of its dashboards' native filter columns only, as its
    // chart-data filter queries may: any other column of the dataset stays unlisted.
    if (p.guest && !p.guest.filterColumns.get(ds.id)?.has(columnName))
      throw typedError(
        403,
        ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR,
        `Guest users may only list the values of their dashboards' filter columns, not "${columnName}".`,
      );

    const engine = await this.deps.databases.engineForDataset(db, ds.catalog);
    const q = (s: string) => engine.quoteIdentifier(s);
    const expr = column.expression?.trim() ? `(${column.expression.trim()})` : q(column.column_name);
    const params: unknown[] = [];
    const conditions = [...rls];
    const predicate = ds.fetch_values_predicate?.trim();
    if (predicate) {
      // The dataset owner's predicate for value lists (Superset's fetch_values_predicate).
      try {
        validateSqlExpression(predicate, { allowSubqueries: false, context: "fetch_values_predicate" });
      } catch (e) {
        throw badRequest(`The dataset's values predicate is not usable: ${(e as Error).message}`);
      }
      conditions.push(`(${predicate})`);
    }
    const search = opts.search?.trim();
    if (search) {
      params.push(`%${likeLiteral(search)}%`);
      // Text comparison whatever the column's type, lower-cased on both sides: the same on
      // DuckDB, PostgreSQL and Athena (which has no ILIKE).
      conditions.push(`LOWER(CAST(${expr} AS VARCHAR)) LIKE LOWER($${params.length}) ESCAPE '\\'`);
    }
    const limit = this.rowLimit;
    const sql = [
      `SELECT DISTINCT ${expr} AS ${q(column.column_name)}`,
      `FROM ${await this.deps.datasets.source(ds, engine, p, (id) => this.deps.rlsClauses(p, id))}`,
      conditions.length ? `WHERE ${conditions.join(" AND ")}` : "",
      "ORDER BY 1",
      dialectFor(db.engine).limitClause(limit),
    ]
      .filter(Boolean)
      .join("\n");

    const key = createHash("sha256")
      .update(
        JSON.stringify({
          sql,
          params,
          rls,
          dataset: [ds.id, ds.version],
          database: [db.id, db.version],
        }),
      )
      .digest("hex");
    const cacheKey = `cache/column-values/${key}.json`;
    if (!opts.force) {
      const hit = await this.deps.results.getJson<CachedValues>(cacheKey).catch(() => undefined);
      if (hit && hit.expires_at * 1000 > Date.now()) return { result: hit.result, limit, cached: true };
    }

    let rows: Awaited<ReturnType<typeof engine.execute>>;
    try {
      rows = await engine.execute(sql, {
        params,
        schema: ds.schema,
        catalog: ds.catalog,
        signal: AbortSignal.timeout(this.opts.timeoutSec * 1000),
      });
    } catch (e) {
      throw toEngineError(e, db.engine);
    }
    const result = (rows.data[0] ?? []).map((value) => (value === undefined ? null : value)) as ColumnValue[];

    const timeout = ds.cache_timeout ?? db.cache_timeout ?? this.opts.defaultCacheTimeout;
    const seconds = search ? Math.min(timeout, SEARCH_CACHE_SECONDS) : timeout;
    if (seconds > 0) {
      const entry: CachedValues = { expires_at: Date.now() / 1000 + seconds, result };
      // A lost cache write costs a later miss, never the answer.
      await this.deps.results
        .putJson(cacheKey, entry)
        .catch((e) => console.error("[column-values] cache", e));
    }
    return { result, limit, cached: false };
  }
}
