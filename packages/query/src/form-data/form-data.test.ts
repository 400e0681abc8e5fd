import type { AdhocFilter } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { QueryValidationError } from "../errors.ts";
import { compileQuery } from "../sql/compile.ts";
import { BIRTH_NAMES, DUCKDB_DIALECT, NOW } from "../testing/fixtures.ts";
import { convertAdhocFilters, toQueryOperator } from "./adhoc-filters.ts";
import { queryObjectFromFormData } from "./query-object.ts";

describe("convertAdhocFilters", () => {
  it("maps every 002 §3 operator name and accepts SQL symbols", () => {
    expect(
      [
        "EQUALS",
        "NOT_EQUALS",
        "LESS_THAN",
        "LESS_THAN_OR_EQUAL",
        "GREATER_THAN",
        "GREATER_THAN_OR_EQUAL",
        "IN",
        "NOT_IN",
        "LIKE",
        "ILIKE",
        "IS_NOT_NULL",
        "IS_NULL",
        "IS_TRUE",
        "IS_FALSE",
        "TEMPORAL_RANGE",
      ].map((name) => toQueryOperator(name)),
    ).toEqual([
      "==",
      "!=",
      "<",
      "<=",
      ">",
      ">=",
      "IN",
      "NOT IN",
      "LIKE",
      "ILIKE",
      "IS NOT NULL",
      "IS NULL",
      "IS TRUE",
      "IS FALSE",
      "TEMPORAL_RANGE",
    ]);
    expect(toQueryOperator(">=", "LESS_THAN")).toBe("<");
    expect(toQueryOperator("NOT LIKE")).toBe("NOT LIKE");
    expect(() => toQueryOperator("LATEST_PARTITION")).toThrow(QueryValidationError);
    expect(() => toQueryOperator("~=")).toThrow(/Unknown filter operator/);
  });

  it("splits SIMPLE filters from SQL WHERE / HAVING and drops incomplete ones", () => {
    const adhoc: AdhocFilter[] = [
      { expressionType: "SIMPLE", clause: "WHERE", subject: "gender", operator: "EQUALS", comparator: "boy" },
      { expressionType: "SIMPLE", clause: "WHERE", subject: "state", operator: "IN", comparator: "CA" },
      {
        expressionType: "SIMPLE",
        clause: "WHERE",
        subject: "name",
        operator: "IS_NOT_NULL",
        comparator: "ignored",
      },
      {
        expressionType: "SIMPLE",
        clause: "WHERE",
        subject: "ds",
        operator: "TEMPORAL_RANGE",
        comparator: "Last week",
      },
      { expressionType: "SIMPLE", clause: "WHERE", subject: "num", operator: "GREATER_THAN" },
      { expressionType: "SIMPLE", clause: "WHERE", subject: "state", operator: "IN", comparator: [] },
      { expressionType: "SIMPLE", clause: "HAVING", subject: "count", operator: ">", comparator: 10 },
      { expressionType: "SQL", clause: "WHERE", sqlExpression: "num > 1" },
      { expressionType: "SQL", clause: "WHERE", sqlExpression: " name <> 'x' " },
      { expressionType: "SQL", clause: "HAVING", sqlExpression: "SUM(num) > 5" },
    ];
    expect(convertAdhocFilters(adhoc)).toEqual({
      filters: [
        { col: "gender", op: "==", val: "boy" },
        { col: "state", op: "IN", val: ["CA"] },
        { col: "name", op: "IS NOT NULL" },
        { col: "ds", op: "TEMPORAL_RANGE", val: "Last week" },
        { col: "count", op: ">", val: 10 },
      ],
      where: "(num > 1) AND (name <> 'x')",
      having: "(SUM(num) > 5)",
    });
    expect(convertAdhocFilters(undefined)).toEqual({ filters: [], where: "", having: "" });
  });
});

describe("queryObjectFromFormData", () => {
  const formData = {
    viz_type: "echarts_timeseries_bar",
    x_axis: "ds",
    time_grain_sqla: "P1M",
    groupby: ["gender"],
    metrics: ["count"],
    adhoc_filters: [
      {
        expressionType: "SIMPLE",
        clause: "WHERE",
        subject: "ds",
        operator: "TEMPORAL_RANGE",
        comparator: "No filter",
      },
      { expressionType: "SQL", clause: "WHERE", sqlExpression: "num > 1" },
    ],
    row_limit: "100",
    series_limit: 5,
    timeseries_limit_metric: "sum__num",
    order_desc: true,
    time_range: "No filter",
    unknown_control: { anything: true },
  };

  it("builds a compilable query object from common controls", () => {
    const query = queryObjectFromFormData(formData);
    expect(query).toMatchObject({
      columns: [{ label: "ds", sqlExpression: "ds", columnType: "BASE_AXIS", timeGrain: "P1M" }, "gender"],
      metrics: ["count"],
      filters: [{ col: "ds", op: "TEMPORAL_RANGE", val: "No filter" }],
      extras: { where: "(num > 1)", time_grain_sqla: "P1M" },
      orderby: [["sum__num", false]],
      row_limit: 100,
      series_limit: 5,
      series_limit_metric: "sum__num",
    });
    const compiled = compileQuery(query, BIRTH_NAMES, { dialect: DUCKDB_DIALECT, now: NOW });
    expect(compiled.labels).toEqual(["ds", "gender", "count"]);
  });

  it("adds the time range on the x-axis when no filter carries it", () => {
    const query = queryObjectFromFormData({ x_axis: "ds", metrics: ["count"], time_range: "Last week" });
    expect(query.filters).toEqual([{ col: "ds", op: "TEMPORAL_RANGE", val: "Last week" }]);
  });

  it("keeps legacy granularity_sqla and a single metric", () => {
    const query = queryObjectFromFormData({
      granularity_sqla: "ds",
      time_range: "Last year",
      metric: "count",
    });
    expect(query).toMatchObject({ granularity: "ds", time_range: "Last year", metrics: ["count"] });
  });

  it("reports malformed form data as a typed error", () => {
    expect(() => queryObjectFromFormData({ metrics: [{ expressionType: "SIMPLE" }] })).toThrow(
      /Invalid form data at metrics/,
    );
    expect(() => queryObjectFromFormData({ adhoc_filters: [{ expressionType: "NOPE" }] })).toThrow(
      /Invalid adhoc_filters/,
    );
  });
});
