import {
  epochMs,
  type FormData,
  groupbyColumns,
  invalidForm,
  type LegacyViz,
  labelOfColumn,
  labelOfMetric,
  legacyQuery,
  list,
  numeric,
  orderDesc,
  single,
  TIMESTAMP,
  uniqueMetrics,
} from "./viz.ts";

/** Raw mode: `query_mode: raw`, or (without a mode) any `all_columns` picked. */
function isRaw(fd: FormData): boolean {
  if (fd.query_mode === "raw") return true;
  if (fd.query_mode === "aggregate") return false;
  return list(fd.all_columns).length > 0;
}

function includesTime(fd: FormData): boolean {
  if (!fd.include_time) return false;
  const grained = (fd.granularity && fd.granularity !== "all") || (fd.granularity_sqla && fd.time_grain_sqla);
  if (!grained) throw invalidForm("Pick a granularity in the Time section or uncheck 'Include Time'");
  return true;
}

/** `order_by_cols` entries are JSON text: `["column", ascending]`. */
function rawOrder(fd: FormData): [never, boolean][] {
  return list(fd.order_by_cols).map((text) => {
    try {
      const [col, asc] = JSON.parse(String(text)) as [unknown, unknown];
      return [col as never, !!asc];
    } catch {
      throw invalidForm('order_by_cols entries must be JSON like ["column", true]');
    }
  });
}

/**
 * table (viz.py's TableViz): `{records, columns}` in the order the controls list them, percentage
 * metrics added as `%metric` columns (each value's share of the column's total).
 */
export const table: LegacyViz = {
  query(fd) {
    const picked = list(fd.groupby).length || list(fd.metrics).length || list(fd.percent_metrics).length;
    if (!fd.query_mode && list(fd.all_columns).length && picked) {
      throw invalidForm(
        "You cannot use [Columns] in combination with [Group By]/[Metrics]/[Percentage Metrics]. Please choose one or the other.",
      );
    }
    if (isRaw(fd)) {
      return legacyQuery(fd, {
        columns: list(fd.all_columns) as never[],
        metrics: null,
        orderby: rawOrder(fd),
      });
    }
    const base = uniqueMetrics([...list(fd.metrics), ...list(fd.percent_metrics)]);
    const sortBy = single(fd.timeseries_limit_metric);
    const metrics = uniqueMetrics([...base, ...list(sortBy)]);
    const orderBy = sortBy ?? metrics[0];
    return legacyQuery(fd, {
      columns: groupbyColumns({ groupby: fd.groupby }),
      metrics,
      timeseries: includesTime(fd),
      orderby: orderBy ? [[orderBy as never, !orderDesc(fd)]] : [],
    });
  },
  data(rows, { formData: fd }) {
    if (!rows.length) return null;
    const raw = isRaw(fd);
    let columns = raw
      ? list(fd.all_columns).map(labelOfColumn)
      : [...list(fd.groupby).map(labelOfColumn), ...list(fd.metrics).map(labelOfMetric)];
    const percents = raw ? [] : list(fd.percent_metrics).map(labelOfMetric);
    if (!raw && fd.include_time && TIMESTAMP in rows[0]) columns = [TIMESTAMP, ...columns];
    const totals = percents.map((p) => rows.reduce((n, r) => n + (numeric(r[p]) ?? 0), 0));
    const records = rows.map((r) => {
      const out: Record<string, unknown> = {};
      for (const c of columns) out[c] = c === TIMESTAMP ? epochMs(r[c]) : (r[c] ?? null);
      percents.forEach((p, i) => {
        const v = numeric(r[p]);
        out[`%${p}`] = v === null || !totals[i] ? null : v / totals[i];
      });
      return out;
    });
    return { records, columns: [...columns, ...percents.map((p) => `%${p}`)] };
  },
};
