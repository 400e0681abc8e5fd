import { engineDisplayName, genericDataTypeOf, type QueryObject } from "@strata/contracts";
import { abortError, type ColumnKind, engineSpec, type QueryEngine } from "@strata/engines";
import {
  applyPostProcessing,
  type CompiledQuery,
  joinTimeOffset,
  timeOffsetQueryObject,
} from "@strata/query";
import { toEngineError } from "../databases/engine-errors.ts";
import { queryErrors } from "../query-errors.ts";
import type { Columnar } from "./format.ts";
import { type ChartDataLimits, resultTooLarge } from "./limits.ts";
import type { QuerySlots } from "./query-slots.ts";
import type { Resolved } from "./request.ts";

export interface ExecuteEnv {
  limits: ChartDataLimits;
  /** Engine queries this instance runs at once (CHART_DATA_CONCURRENCY); the rest wait in order. */
  slots: QuerySlots;
  now: () => Date;
  /** Compiles a shifted query object of a time comparison. */
  compile: (query: QueryObject) => CompiledQuery;
  /** The caller's own stop, besides the time limit. */
  signal?: AbortSignal;
}

/** One compiled query on its engine, then its time comparisons and post-processing. */
export async function executeQuery(env: ExecuteEnv, r: Resolved, c: CompiledQuery, query: QueryObject) {
  const main = await runOnEngine(env, r, c);
  let frame = main.frame;
  // Time comparison: each offset is the same query over a shifted range, joined on time. The
  // offsets are read (a bad one refused) whatever the rows; but a query without rows has nothing
  // to compare: like Superset, its shifted copies are not run and the reply keeps the query's own
  // columns (post-processing leaves an empty result alone too).
  const shiftedQueries = (query.time_offsets ?? []).map((offset) => ({
    offset,
    query: queryErrors(() => timeOffsetQueryObject(query, offset, { now: env.now() })),
  }));
  for (const { offset, query: shiftedQuery } of rowCount(frame) > 0 ? shiftedQueries : []) {
    const shifted = await runOnEngine(env, r, env.compile(shiftedQuery));
    const timeColumn = frame.columns.includes("__timestamp") ? "__timestamp" : c.columnLabels[0];
    frame = queryErrors(() =>
      joinTimeOffset(frame, shifted.frame, { offset, timeColumn, metrics: c.metricLabels }),
    );
  }
  frame = queryErrors(() => applyPostProcessing(frame, query.post_processing));
  const rowcount = rowCount(frame);
  // Post-processing can add rows (resampling); the request's row budget holds for its output too.
  if (rowcount > env.limits.maxRows)
    throw resultTooLarge(
      env.limits,
      `post-processing gives ${rowcount.toLocaleString("en-US")} rows, more than the ${env.limits.maxRows.toLocaleString("en-US")} one request may return (CHART_DATA_MAX_ROW)`,
    );
  const coltypes = frame.columns.map((name, j) =>
    genericDataTypeOf(main.kinds.get(name) ?? guessKind(frame.data[j])),
  );
  return { ...frame, rowcount, sqlRowcount: main.rowcount, coltypes };
}

async function runOnEngine(
  env: ExecuteEnv,
  r: Resolved,
  c: CompiledQuery,
): Promise<{ frame: Columnar; kinds: Map<string, ColumnKind>; rowcount: number }> {
  let result: Awaited<ReturnType<QueryEngine["execute"]>>;
  // A chart query runs at most SUPERSET_WEBSERVER_TIMEOUT: past it the client has given up.
  const limit = AbortSignal.timeout(env.limits.timeoutSec * 1000);
  const signal = env.signal ? AbortSignal.any([limit, env.signal]) : limit;
  try {
    // In the dataset's catalog (on PostgreSQL another database of the server, its own connection).
    const execute = () =>
      r.engine.execute(c.sql, { params: c.params, schema: r.ds.schema, catalog: r.ds.catalog, signal });
    // Athena's work is done remotely and one query can take minutes: it takes no local slot.
    const capabilities = engineSpec(r.db.engine).capabilities;
    result = capabilities.runsRemotely
      ? await execute()
      : await env.slots.run(execute, signal, () => abortError(signal, engineDisplayName(r.db.engine)));
  } catch (e) {
    throw toEngineError(e, r.db.engine);
  }
  // Engines that fold alias case (Athena) get the compiler's labels back, by position.
  const foldsAliasCase = engineSpec(r.db.engine).capabilities.foldsAliasCase;
  const names = result.columns.map((col, i) => (foldsAliasCase ? (c.labels[i] ?? col.name) : col.name));
  const kinds = new Map(result.columns.map((col, i) => [names[i], col.kind]));
  return { frame: { columns: names, data: result.data }, kinds, rowcount: result.rowcount };
}

/** A columnar result's number of rows (that of its first column; none without columns). */
function rowCount(frame: Columnar): number {
  return frame.data[0]?.length ?? 0;
}

function guessKind(values: unknown[]): ColumnKind {
  const v = values.find((x) => x !== null && x !== undefined);
  if (typeof v === "number") return "numeric";
  if (typeof v === "boolean") return "boolean";
  return "string";
}
