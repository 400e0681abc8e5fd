import { describe, expect, it } from "vitest";
import type { ChartDataset, FormData } from "./types.ts";
import { buildChartDataRequest, buildQueries } from "./build-query.ts";

const dataset: ChartDataset = {
  id: 7,
  type: "table",
  table_name: "birth_names",
  columns: [
    { column_name: "ds", type: "TIMESTAMP", is_dttm: true },
    { column_name: "gender", type: "VARCHAR" },
    { column_name: "state", type: "VARCHAR" },
    { column_name: "num", type: "BIGINT" },
  ],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
  main_dttm_col: "ds",
};

const fd = (viz: string, extra: Partial<FormData> = {}): FormData => ({
  datasource: "7__table",
  viz_type: viz,
  ...extra,
});
const sumNum = {
  expressionType: "SIMPLE" as const,
  column: { column_name: "num" },
  aggregate: "SUM" as const,
  label: "SUM(num)",
};

describe("buildQuery per visualisation", () => {
  it("bar chart over a categorical x-axis: BASE_AXIS column without grain, pivot, sort and flatten", () => {
    const [q] = buildQueries(
      fd("echarts_timeseries_bar", {
        x_axis: "gender",
        time_grain_sqla: "P1D",
        metrics: ["count"],
        row_limit: 1000,
      }),
      { dataset },
    );
    expect(q.columns).toEqual([
      { columnType: "BASE_AXIS", sqlExpression: "gender", label: "gender", expressionType: "SQL" },
    ]);
    expect(q.metrics).toEqual(["count"]);
    expect(q.row_limit).toBe(1000);
    expect(q.orderby).toEqual([["count", false]]);
    // The pivot orders categories by name; the sort step restores the query's metric order.
    expect(q.post_processing?.map((s) => s?.operation)).toEqual(["pivot", "sort", "flatten"]);
    expect(q.post_processing?.[0]?.options).toMatchObject({
      index: ["gender"],
      columns: [],
      aggregates: { count: { operator: "mean" } },
    });
  });

  it("line chart over time with series, rolling mean, time comparison and resample", () => {
    const [q] = buildQueries(
      fd("echarts_timeseries_line", {
        x_axis: "ds",
        time_grain_sqla: "P1Y",
        metrics: [sumNum],
        groupby: ["gender"],
        limit: 5,
        rolling_type: "mean",
        rolling_periods: 3,
        min_periods: "1",
        time_compare: ["1 year"],
        comparison_type: "ratio",
        resample_rule: "1AS",
        resample_method: "ffill",
        adhoc_filters: [
          {
            expressionType: "SIMPLE",
            clause: "WHERE",
            subject: "state",
            operator: "IN",
            operatorId: "IN",
            comparator: ["CA", "NY"],
          },
          { expressionType: "SQL", clause: "WHERE", sqlExpression: "num > 10" },
          { expressionType: "SQL", clause: "HAVING", sqlExpression: "SUM(num) > 100" },
        ],
      }),
      { dataset },
    );
    expect(q.columns?.[0]).toEqual({
      columnType: "BASE_AXIS",
      sqlExpression: "ds",
      label: "ds",
      expressionType: "SQL",
      timeGrain: "P1Y",
    });
    expect(q.columns?.[1]).toBe("gender");
    expect(q.series_columns).toEqual(["gender"]);
    expect(q.series_limit).toBe(5);
    expect(q.time_offsets).toEqual(["1 year"]);
    expect(q.filters).toEqual([{ col: "state", op: "IN", val: ["CA", "NY"] }]);
    expect(q.extras).toMatchObject({
      where: "(num > 10)",
      having: "(SUM(num) > 100)",
      time_grain_sqla: "P1Y",
    });
    const ops = q.post_processing?.map((s) => s?.operation);
    expect(ops).toEqual(["pivot", "rolling", "compare", "resample", "rename", "flatten"]);
    const rolling = q.post_processing?.find((s) => s?.operation === "rolling");
    expect(rolling?.options).toEqual({
      rolling_type: "mean",
      window: 3,
      min_periods: 1,
      // Superset names the compared columns; the server rolls every pivoted column.
      columns: { "ratio__SUM(num)__SUM(num)__1 year": "ratio__SUM(num)__SUM(num)__1 year" },
      is_pivot_df: true,
    });
    // The pivot keeps the shifted metric, so the compare step finds it.
    expect(q.post_processing?.[0]?.options).toMatchObject({
      index: ["ds"],
      columns: ["gender"],
      aggregates: { "SUM(num)": { operator: "mean" }, "SUM(num)__1 year": { operator: "mean" } },
    });
    const compare = q.post_processing?.find((s) => s?.operation === "compare");
    expect(compare?.options).toMatchObject({
      source_columns: ["SUM(num)"],
      compare_columns: ["SUM(num)__1 year"],
      compare_type: "ratio",
    });
  });

  it("cumulative sum uses the cum operation", () => {
    const [q] = buildQueries(
      fd("echarts_area", { x_axis: "ds", metrics: ["count"], rolling_type: "cumsum" }),
      { dataset },
    );
    expect(q.post_processing?.find((s) => s?.operation === "cum")?.options).toEqual({
      operator: "sum",
      columns: { count: "count" },
      is_pivot_df: true,
    });
  });

  it("time comparison (actual values) + rolling mean: the pivot keeps the shifted metric for the rolling step", () => {
    const [q] = buildQueries(
      fd("echarts_timeseries_line", {
        x_axis: "ds",
        metrics: ["count"],
        time_compare: ["1 year ago"],
        comparison_type: "values",
        rolling_type: "mean",
        rolling_periods: 3,
      }),
      { dataset },
    );
    expect(q.time_offsets).toEqual(["1 year ago"]);
    expect(q.post_processing).toEqual([
      {
        operation: "pivot",
        options: {
          index: ["ds"],
          columns: [],
          aggregates: { count: { operator: "mean" }, "count__1 year ago": { operator: "mean" } },
          drop_missing_columns: true,
        },
      },
      {
        operation: "rolling",
        options: {
          rolling_type: "mean",
          window: 3,
          min_periods: 0,
          columns: { count: "count", "count__1 year ago": "count__1 year ago" },
          is_pivot_df: true,
        },
      },
      { operation: "flatten" },
    ]);
  });

  it("group-by + rolling: the rolling step covers the pivoted series columns", () => {
    const [q] = buildQueries(
      fd("echarts_timeseries_line", {
        x_axis: "ds",
        metrics: ["count"],
        groupby: ["gender"],
        rolling_type: "sum",
        rolling_periods: 2,
      }),
      { dataset },
    );
    expect(q.post_processing?.map((s) => s?.operation)).toEqual(["pivot", "rolling", "rename", "flatten"]);
    expect(q.post_processing?.[0]?.options).toMatchObject({ columns: ["gender"], aggregates: { count: {} } });
    expect(q.post_processing?.[1]?.options).toMatchObject({ columns: { count: "count" }, is_pivot_df: true });
  });

  it("no time shifts: the pivot aggregates only the metrics", () => {
    const [q] = buildQueries(
      fd("echarts_timeseries_line", { x_axis: "ds", metrics: ["count"], comparison_type: "values" }),
      { dataset },
    );
    expect(Object.keys(q.post_processing?.[0]?.options?.aggregates as object)).toEqual(["count"]);
  });

  it("time range with a time column becomes granularity + time_range", () => {
    const [q] = buildQueries(
      fd("pie", { groupby: ["gender"], metric: "count", granularity_sqla: "ds", time_range: "Last year" }),
      { dataset },
    );
    expect(q).toMatchObject({
      granularity: "ds",
      time_range: "Last year",
      columns: ["gender"],
      metrics: ["count"],
      orderby: [["count", false]],
    });
  });

  it("mixed chart: two queries from the plain and _b keys", () => {
    const qs = buildQueries(
      fd("mixed_timeseries", { x_axis: "ds", metrics: ["count"], metrics_b: [sumNum], groupby_b: ["state"] }),
      { dataset },
    );
    expect(qs).toHaveLength(2);
    expect(qs[0].metrics).toEqual(["count"]);
    expect(qs[1].metrics).toEqual([sumNum]);
    expect(qs[1].columns?.[1]).toBe("state");
  });

  it("table: aggregate with percent metrics, raw mode, server pagination with a row count", () => {
    const [agg] = buildQueries(
      fd("table", {
        query_mode: "aggregate",
        groupby: ["state"],
        metrics: ["count"],
        percent_metrics: [sumNum],
      }),
      { dataset },
    );
    expect(agg.metrics).toEqual(["count", sumNum]);
    expect(agg.post_processing?.[0]).toEqual({
      operation: "contribution",
      options: { columns: ["SUM(num)"], rename_columns: ["%SUM(num)"] },
    });
    const [raw] = buildQueries(
      fd("table", { query_mode: "raw", all_columns: ["name", "num"], row_limit: 100000 }),
      { dataset },
    );
    expect(raw.metrics).toBeUndefined();
    expect(raw.columns).toEqual(["name", "num"]);
    expect(raw.row_limit).toBe(100000);
    const paged = buildQueries(
      fd("table", {
        query_mode: "raw",
        all_columns: ["num"],
        server_pagination: true,
        server_page_length: 20,
      }),
      {
        dataset,
        ownState: { currentPage: 2, pageSize: 50 },
      },
    );
    expect(paged[0]).toMatchObject({ row_limit: 50, row_offset: 100 });
    expect(paged[1]).toMatchObject({ is_rowcount: true, row_limit: 0 });
  });

  it("big numbers, pivot table, histogram, box plot, heatmap, sunburst, gauge, waterfall", () => {
    expect(buildQueries(fd("big_number_total", { metric: "count" }))[0]).toMatchObject({
      columns: [],
      metrics: ["count"],
    });
    const [trend] = buildQueries(
      fd("big_number", { x_axis: "ds", time_grain_sqla: "P1M", metric: "count" }),
      { dataset },
    );
    expect(trend.post_processing?.map((s) => s?.operation)).toEqual(["pivot", "flatten"]);
    const [pivot] = buildQueries(
      fd("pivot_table_v2", { groupbyRows: ["state"], groupbyColumns: ["gender"], metrics: ["count"] }),
      { dataset },
    );
    expect(pivot.columns).toEqual(["gender", "state"]);
    const [hist] = buildQueries(
      fd("histogram_v2", { column: "num", groupby: ["gender"], bins: 10, normalize: true }),
      { dataset },
    );
    expect(hist.metrics).toBeUndefined();
    expect(hist.post_processing?.[0]).toEqual({
      operation: "histogram",
      options: { column: "num", groupby: ["gender"], bins: 10, cumulative: false, normalize: true },
    });
    const [box] = buildQueries(
      fd("box_plot", {
        columns: ["state"],
        groupby: ["gender"],
        metrics: ["count"],
        whiskerOptions: "2/98 percentiles",
      }),
      { dataset },
    );
    expect(box.columns).toEqual(["state", "gender"]);
    expect(box.post_processing?.[0]?.options).toEqual({
      whisker_type: "percentile",
      percentiles: [2, 98],
      groupby: ["gender"],
      metrics: ["count"],
    });
    const [heat] = buildQueries(fd("heatmap_v2", { x_axis: "state", groupby: "gender", metric: "count" }), {
      dataset,
    });
    expect(heat.columns).toEqual([
      { columnType: "BASE_AXIS", sqlExpression: "state", label: "state", expressionType: "SQL" },
      "gender",
    ]);
    const [sun] = buildQueries(
      fd("sunburst_v2", { columns: ["gender", "state"], metric: "count", secondary_metric: sumNum }),
      { dataset },
    );
    expect(sun.metrics).toEqual(["count", sumNum]);
    const [gauge] = buildQueries(
      fd("gauge_chart", { groupby: ["gender"], metric: "count", sort_by_metric: false }),
      { dataset },
    );
    expect(gauge.orderby).toEqual([]);
    const [fall] = buildQueries(
      fd("waterfall", { x_axis: "ds", time_grain_sqla: "P1Y", groupby: "gender", metric: "count" }),
      { dataset },
    );
    expect(fall.orderby?.[0]?.[1]).toBe(true);
    expect(fall.columns?.[1]).toBe("gender");
  });

  it("builds the whole request with datasource, form_data and result options", () => {
    const req = buildChartDataRequest(
      fd("pie", { groupby: ["gender"], metric: "count", slice_id: 3 }),
      { dataset },
      { resultFormat: "csv", force: true },
    );
    expect(req).toMatchObject({
      datasource: { id: 7, type: "table" },
      force: true,
      result_format: "csv",
      result_type: "full",
    });
    expect((req.form_data as FormData).slice_id).toBe(3);
  });

  it("numeric filter values are sent as numbers; IS NULL sends no value", () => {
    const [q] = buildQueries(
      fd("pie", {
        groupby: ["gender"],
        metric: "count",
        adhoc_filters: [
          {
            expressionType: "SIMPLE",
            clause: "WHERE",
            subject: "num",
            operator: ">",
            operatorId: "GREATER_THAN",
            comparator: "10",
          },
          {
            expressionType: "SIMPLE",
            clause: "WHERE",
            subject: "state",
            operator: "IS NULL",
            operatorId: "IS_NULL",
          },
        ],
      }),
      { dataset },
    );
    expect(q.filters).toEqual([
      { col: "num", op: ">", val: 10 },
      { col: "state", op: "IS NULL" },
    ]);
  });
});

describe("x-axis sort of the timeseries family (Superset's x_axis_sort / x_axis_sort_asc)", () => {
  const bar = (extra: Partial<FormData> = {}) =>
    buildQueries(
      fd("echarts_timeseries_bar", { x_axis: "state", metrics: [sumNum], row_limit: 10, ...extra }),
      {
        dataset,
      },
    )[0];
  const ops = (q: ReturnType<typeof bar>) => q.post_processing?.map((s) => s?.operation);
  const sortStep = (q: ReturnType<typeof bar>) => q.post_processing?.find((s) => s?.operation === "sort");

  it("by default keeps the query's order on a categorical axis: by the metric, descending", () => {
    const q = bar();
    expect(q.orderby).toEqual([[sumNum, false]]);
    expect(ops(q)).toEqual(["pivot", "sort", "flatten"]);
    expect(sortStep(q)?.options).toEqual({ by: "SUM(num)", ascending: false });
    // "Sort descending" off: ascending, as the SQL orders it.
    expect(sortStep(bar({ order_desc: false }))?.options).toEqual({ by: "SUM(num)", ascending: true });
    // The "Sort by" metric ranks the rows when it is drawn too.
    const both = bar({ metrics: ["count"], timeseries_limit_metric: "count" });
    expect(sortStep(both)?.options).toEqual({ by: "count", ascending: false });
  });

  it("sorts by the chosen metric or by the axis labels, ascending unless told otherwise", () => {
    expect(sortStep(bar({ x_axis_sort: "SUM(num)", x_axis_sort_asc: true }))?.options).toEqual({
      by: "SUM(num)",
      ascending: true,
    });
    expect(sortStep(bar({ x_axis_sort: "SUM(num)" }))?.options).toEqual({ by: "SUM(num)", ascending: true });
    expect(sortStep(bar({ x_axis_sort: "state", x_axis_sort_asc: false }))?.options).toEqual({
      is_sort_index: true,
      ascending: false,
    });
    // A label no longer offered (metric renamed) falls back to the query's order.
    expect(sortStep(bar({ x_axis_sort: "gone" }))?.options).toEqual({ by: "SUM(num)", ascending: false });
  });

  it("queries the Sort by metric when the axis is sorted by it but it is not drawn", () => {
    const q = bar({ timeseries_limit_metric: "count", x_axis_sort: "count", x_axis_sort_asc: false });
    expect(q.metrics).toEqual([sumNum, "count"]);
    expect(q.orderby).toEqual([["count", false]]);
    expect(q.post_processing?.[0]?.options).toMatchObject({
      aggregates: { "SUM(num)": { operator: "mean" }, count: { operator: "mean" } },
    });
    expect(sortStep(q)?.options).toEqual({ by: "count", ascending: false });
    // Not sorted by it: the limit metric only orders the SQL.
    expect(bar({ timeseries_limit_metric: "count" }).metrics).toEqual([sumNum]);
  });

  it("adds no sort on a temporal axis, with series, with time comparison, for the mixed chart, or when the axis type is unknown", () => {
    expect(ops(bar({ x_axis: "ds", x_axis_sort: "SUM(num)" }))).toEqual(["pivot", "flatten"]);
    expect(ops(bar({ groupby: ["gender"], x_axis_sort: "SUM(num)" }))).not.toContain("sort");
    expect(ops(bar({ time_compare: ["1 year ago"], x_axis_sort: "SUM(num)" }))).not.toContain("sort");
    const [a, b] = buildQueries(
      fd("mixed_timeseries", { x_axis: "state", metrics: [sumNum], metrics_b: ["count"] }),
      { dataset },
    );
    expect(ops(a)).not.toContain("sort");
    expect(ops(b)).not.toContain("sort");
    // Without the dataset the default is not guessed; an explicit choice still applies.
    const unknown = (extra: Partial<FormData>) =>
      buildQueries(fd("echarts_timeseries_bar", { x_axis: "state", metrics: [sumNum], ...extra }))[0];
    expect(ops(unknown({}))).toEqual(["pivot", "flatten"]);
    expect(sortStep(unknown({ x_axis_sort: "SUM(num)", x_axis_sort_asc: false }))?.options).toEqual({
      by: "SUM(num)",
      ascending: false,
    });
  });
});

describe("unknown visualisation types", () => {
  it("build no query, including keys that name Object's own members", () => {
    for (const key of ["no_such_viz", "constructor", "__proto__", "toString", "hasOwnProperty"])
      expect(buildQueries(fd(key, { metrics: [sumNum] }))).toEqual([]);
  });
});
