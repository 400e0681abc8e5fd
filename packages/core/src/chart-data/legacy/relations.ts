import {
  allMetrics,
  groupbyColumns,
  invalidForm,
  type LegacyViz,
  labelOfColumn,
  labelOfMetric,
  legacyQuery,
  metricLabels,
  type Row,
  single,
  uniqueColumns,
  uniqueMetrics,
  withSortMetric,
} from "./viz.ts";

/**
 * chord: the square matrix d3-chord reads. `nodes` are every source and target value;
 * `matrix[i][j]` is the metric of the flow from `nodes[j]` to `nodes[i]` (0 where there is none).
 */
export const chord: LegacyViz = {
  query(fd) {
    const source = single(fd.groupby);
    const target = single(fd.columns);
    if (!source || !target) throw invalidForm("Pick a source (groupby) and a target (columns) column");
    const metrics = uniqueMetrics([single(fd.metric)]);
    if (!metrics.length) throw invalidForm("Pick a metric");
    return legacyQuery(fd, {
      columns: [source as never, target as never],
      metrics,
      orderby: fd.sort_by_metric ? [[metrics[0], false]] : [],
    });
  },
  data(rows, { formData: fd }) {
    if (!rows.length) return null;
    // The result's columns by position: source, target, value (as viz.py renames them).
    const [s, t, m] = [
      labelOfColumn(single(fd.groupby)),
      labelOfColumn(single(fd.columns)),
      labelOfMetric(single(fd.metric)),
    ];
    const nodes: unknown[] = [];
    const index = new Map<unknown, number>();
    const add = (n: unknown) => {
      if (!index.has(n)) {
        index.set(n, nodes.length);
        nodes.push(n);
      }
    };
    for (const r of rows) {
      add(r[s]);
      add(r[t]);
    }
    const matrix = nodes.map(() => nodes.map(() => 0 as unknown));
    for (const r of rows) matrix[index.get(r[t])!][index.get(r[s])!] = r[m] ?? null;
    return { nodes, matrix };
  },
};

/** para (parallel coordinates): the rows as they are, one per series value. */
export const parallelCoordinates: LegacyViz = {
  query(fd) {
    const series = single(fd.series);
    if (!series) throw invalidForm("Pick a series column");
    const metrics = withSortMetric(fd, allMetrics(fd));
    const sortBy = fd.timeseries_limit_metric;
    return legacyQuery(fd, {
      columns: [series as never],
      metrics,
      orderby: sortBy && fd.order_desc ? [[sortBy as never, false]] : [],
    });
  },
  data: (rows) => rows,
};

/** bubble: NVD3's `[{key: series value, values: [row + x, y, size, shape, group]}]`. */
export const bubble: LegacyViz = {
  query(fd) {
    const entity = single(fd.entity);
    const metrics = [fd.size, fd.x, fd.y].map(single);
    if (!metrics.every(Boolean) || !entity) throw invalidForm("Pick a metric for x, y and size");
    if (new Set(metricLabels(fd)).size < 3 || uniqueMetrics(metrics).length < 3) {
      throw invalidForm("Please use 3 different metric labels");
    }
    return legacyQuery(fd, {
      columns: uniqueColumns([entity, single(fd.series)]),
      metrics: uniqueMetrics(metrics),
      rowLimit: typeof fd.limit === "number" ? fd.limit : fd.limit ? Number(fd.limit) : null,
    });
  },
  data(rows, { formData: fd }) {
    if (!rows.length) return null;
    const [x, y, size] = [fd.x, fd.y, fd.size].map((m) => labelOfMetric(single(m)));
    const group = labelOfColumn(single(fd.series) || single(fd.entity));
    const series = new Map<unknown, Row[]>();
    for (const r of rows) {
      const point = { ...r, x: r[x], y: r[y], size: r[size], shape: "circle", group: r[group] };
      const list = series.get(point.group) ?? [];
      list.push(point);
      series.set(point.group, list);
    }
    return [...series].map(([key, values]) => ({ key, values }));
  },
};

/** bullet: the metric's values as the bullet's `measures`. */
export const bullet: LegacyViz = {
  query(fd) {
    const metric = single(fd.metric);
    if (!metric) throw invalidForm("Pick a metric to display");
    return legacyQuery(fd, { columns: groupbyColumns(fd), metrics: uniqueMetrics([metric]) });
  },
  data(rows, { formData: fd }) {
    if (!rows.length) return null;
    const metric = labelOfMetric(single(fd.metric));
    return { measures: rows.map((r) => r[metric] ?? null) };
  },
};
