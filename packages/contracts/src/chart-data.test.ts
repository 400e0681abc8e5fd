import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ChartDataRequestSchema, QueryObjectSchema } from "./chart-data.ts";

describe("ChartDataRequestSchema", () => {
  it("accepts a body as Superset's explore view sends it and applies defaults", () => {
    const body = {
      datasource: { id: 7, type: "table" },
      force: false,
      queries: [
        {
          filters: [
            { col: "ds", op: "TEMPORAL_RANGE", val: "No filter" },
            { col: "gender", op: "IN", val: ["boy", "girl"] },
          ],
          extras: { having: "", where: "", time_grain_sqla: "P1D" },
          applied_time_extras: {},
          columns: [
            {
              timeGrain: "P1D",
              columnType: "BASE_AXIS",
              sqlExpression: "ds",
              label: "ds",
              expressionType: "SQL",
            },
            "gender",
          ],
          metrics: [
            "count",
            {
              expressionType: "SIMPLE",
              column: { column_name: "num", type: "BIGINT" },
              aggregate: "SUM",
              label: "SUM(num)",
              optionName: "metric_1",
            },
            { expressionType: "SQL", sqlExpression: "MAX(num)", label: "max" },
          ],
          orderby: [["count", false]],
          annotation_layers: [],
          row_limit: 10000,
          series_columns: ["gender"],
          series_limit: 0,
          order_desc: true,
          url_params: { slice_id: "3" },
          custom_params: {},
          custom_form_data: {},
          time_offsets: ["1 year ago"],
          post_processing: [
            {
              operation: "pivot",
              options: { index: ["ds"], columns: ["gender"], aggregates: { count: { operator: "mean" } } },
            },
            null,
          ],
        },
      ],
      form_data: { viz_type: "echarts_timeseries_bar", slice_id: 3 },
      result_format: "json",
      result_type: "full",
    };
    const parsed = v.parse(ChartDataRequestSchema, body);
    expect(parsed.queries[0].columns?.[1]).toBe("gender");
    expect("custom_params" in parsed.queries[0]).toBe(false);
    expect(v.parse(ChartDataRequestSchema, { datasource: { id: "7", type: "table" }, queries: [] })).toEqual({
      datasource: { id: 7, type: "table" },
      force: false,
      queries: [],
      result_format: "json",
      result_type: "full",
    });
  });

  it.each([
    ["unknown top-level field", { datasource: { id: 1, type: "table" }, queries: [], extra: 1 }],
    ["bad datasource type", { datasource: { id: 1, type: "view" }, queries: [] }],
    ["bad result_format", { datasource: { id: 1, type: "table" }, queries: [], result_format: "pdf" }],
    ["bad result_type", { datasource: { id: 1, type: "table" }, queries: [], result_type: "everything" }],
    [
      "bad operator",
      { datasource: { id: 1, type: "table" }, queries: [{ filters: [{ col: "a", op: "~", val: 1 }] }] },
    ],
    ["negative row_limit", { datasource: { id: 1, type: "table" }, queries: [{ row_limit: -1 }] }],
    ["fractional row_limit", { datasource: { id: 1, type: "table" }, queries: [{ row_limit: 1.5 }] }],
    [
      "bad aggregate",
      {
        datasource: { id: 1, type: "table" },
        queries: [
          { metrics: [{ expressionType: "SIMPLE", column: { column_name: "a" }, aggregate: "MEDIAN" }] },
        ],
      },
    ],
    ["empty metric name", { datasource: { id: 1, type: "table" }, queries: [{ metrics: [""] }] }],
    ["missing queries", { datasource: { id: 1, type: "table" } }],
  ])("rejects %s", (_, body) => {
    expect(v.safeParse(ChartDataRequestSchema, body).success).toBe(false);
  });

  it("types query objects for clients", () => {
    const query = v.parse(QueryObjectSchema, { metrics: null, columns: ["a"] });
    expect(query.metrics).toBeNull();
  });
});
