import { describe, expect, it } from "vitest";
import type { ChartDataset, FormData } from "../types.ts";
import { BUILD_QUERY, buildQueries } from "../build-query.ts";

const dataset: ChartDataset = {
  id: 3,
  type: "table",
  table_name: "birth_names",
  columns: [
    { column_name: "ds", type: "TIMESTAMP", is_dttm: true },
    { column_name: "gender", type: "VARCHAR" },
    { column_name: "name", type: "VARCHAR" },
    { column_name: "num", type: "BIGINT" },
  ],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
  main_dttm_col: "ds",
};
const fd = (viz_type: string, extra: Partial<FormData> = {}): FormData => ({
  datasource: "3__table",
  viz_type,
  adhoc_filters: [],
  ...extra,
});
const build = (form: FormData) => buildQueries(form, { dataset });

describe("query builders of the tables and other visualisations", () => {
  it("registers every new key", () => {
    for (const key of [
      "time_table",
      "ag-grid-table",
      "word_cloud",
      "cal_heatmap",
      "partition",
      "parallel_coordinates",
      "rose",
      "chord",
      "horizon",
      "paired_ttest",
      "handlebars",
    ])
      expect(BUILD_QUERY[key], key).toBeTypeOf("function");
  });

  it("word cloud: the series column and the metric, largest first when sorted", () => {
    const [q] = build(
      fd("word_cloud", { series: "name", metric: "sum__num", row_limit: 100, sort_by_metric: true }),
    );
    expect(q.columns).toEqual(["name"]);
    expect(q.metrics).toEqual(["sum__num"]);
    expect(q.orderby).toEqual([["sum__num", false]]);
    expect(q.row_limit).toBe(100);
    const [unsorted] = build(fd("word_cloud", { series: "name", metric: "count" }));
    expect(unsorted.orderby).toEqual([]);
  });

  it("time table: the time column at the grain first, then the groups; one metric when grouped", () => {
    const [q] = build(
      fd("time_table", {
        metrics: ["count", "sum__num"],
        groupby: ["gender"],
        granularity_sqla: "ds",
        time_grain_sqla: "P1Y",
        time_range: "No filter",
      }),
    );
    expect(q.columns?.[0]).toMatchObject({
      sqlExpression: "ds",
      label: "ds",
      columnType: "BASE_AXIS",
      timeGrain: "P1Y",
    });
    expect(q.columns?.[1]).toBe("gender");
    expect(q.metrics).toEqual(["count"]);
    expect(q.granularity).toBe("ds");
    const [ungrouped] = build(fd("time_table", { metrics: ["count", "sum__num"], time_grain_sqla: "P1Y" }));
    expect(ungrouped.metrics).toEqual(["count", "sum__num"]);
    // Without granularity_sqla the dataset's main datetime column is the time column.
    expect(ungrouped.columns?.[0]).toMatchObject({ sqlExpression: "ds" });
  });

  it("calendar heatmap: the subdomain is the query's time grain", () => {
    const [q] = build(
      fd("cal_heatmap", {
        metrics: ["count"],
        granularity_sqla: "ds",
        subdomain_granularity: "day",
        domain_granularity: "month",
      }),
    );
    expect(q.columns).toHaveLength(1);
    expect(q.columns?.[0]).toMatchObject({ sqlExpression: "ds", timeGrain: "P1D" });
    expect(q.extras?.time_grain_sqla).toBe("P1D");
    const [hours] = build(fd("cal_heatmap", { metrics: ["count"], subdomain_granularity: "hour" }));
    expect(hours.columns?.[0]).toMatchObject({ timeGrain: "PT1H" });
  });

  it("rose, horizon and paired t-test: time × groups with the series limit", () => {
    for (const viz of ["rose", "horizon", "paired_ttest"]) {
      const [q] = build(
        fd(viz, {
          metrics: ["sum__num"],
          groupby: ["gender"],
          granularity_sqla: "ds",
          time_grain_sqla: "P1Y",
          limit: 5,
          timeseries_limit_metric: "count",
        }),
      );
      expect(q.columns?.[0], viz).toMatchObject({ sqlExpression: "ds", timeGrain: "P1Y" });
      expect(q.columns?.[1], viz).toBe("gender");
      expect(q.series_limit, viz).toBe(5);
      expect(q.series_limit_metric, viz).toBe("count");
    }
  });

  it("chord: source then target, one metric", () => {
    const [q] = build(
      fd("chord", {
        groupby: "source",
        columns: "target",
        metric: "sum__value",
        sort_by_metric: true,
        row_limit: 50,
      }),
    );
    expect(q.columns).toEqual(["source", "target"]);
    expect(q.metrics).toEqual(["sum__value"]);
    expect(q.orderby).toEqual([["sum__value", false]]);
    const [arrays] = build(fd("chord", { groupby: ["source"], columns: ["target"], metric: "count" }));
    expect(arrays.columns).toEqual(["source", "target"]);
  });

  it("partition: grouped by the hierarchy, or over time for the time-series options", () => {
    const [q] = build(fd("partition", { groupby: ["source", "target"], metrics: ["sum__value"] }));
    expect(q.columns).toEqual(["source", "target"]);
    expect(q.metrics).toEqual(["sum__value"]);
    const [timed] = build(
      fd("partition", {
        groupby: ["gender"],
        metrics: ["count"],
        time_series_option: "agg_sum",
        granularity_sqla: "ds",
      }),
    );
    expect(timed.columns?.[0]).toMatchObject({ sqlExpression: "ds" });
    expect(timed.columns?.[1]).toBe("gender");
  });

  it("parallel coordinates: the series, the metrics plus the colour and sort metrics, `limit` lines", () => {
    const [q] = build(
      fd("parallel_coordinates", {
        series: "name",
        metrics: ["sum__num", "count"],
        secondary_metric: "sum__num",
        timeseries_limit_metric: "count",
        order_desc: true,
        limit: 20,
      }),
    );
    expect(q.columns).toEqual(["name"]);
    expect(q.metrics).toEqual(["sum__num", "count"]);
    expect(q.orderby).toEqual([["count", false]]);
    expect(q.row_limit).toBe(20);
    expect(q.series_limit).toBeUndefined();
    const [withColour] = build(
      fd("parallel_coordinates", { series: "name", metrics: ["count"], secondary_metric: "sum__num" }),
    );
    expect(withColour.metrics).toEqual(["count", "sum__num"]);
  });

  it("ag-grid-table and handlebars query as the table does", () => {
    const table = { query_mode: "aggregate", groupby: ["gender"], metrics: ["count"], row_limit: 10 };
    expect(build(fd("ag-grid-table", table))).toEqual(build(fd("table", table)));
    expect(build(fd("handlebars", table))).toEqual(build(fd("table", table)));
    const [raw] = build(fd("handlebars", { query_mode: "raw", all_columns: ["name", "num"], row_limit: 5 }));
    expect(raw.columns).toEqual(["name", "num"]);
  });
});
