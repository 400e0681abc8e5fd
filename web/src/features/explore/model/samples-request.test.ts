import { describe, expect, it } from "vitest";
import { buildChartDataRequest, type ChartDataset, type FormData } from "../../../components/charts";
import { samplesRequest } from "./samples-request";

const dataset = {
  id: 3,
  type: "table",
  columns: [
    { column_name: "ds", is_dttm: true },
    { column_name: "num", is_dttm: false },
  ],
  metrics: [],
  main_dttm_col: "ds",
} as unknown as ChartDataset;

describe("samplesRequest", () => {
  it("keeps the chart's filters but none of its post-processing, time comparison or annotations", () => {
    const formData = {
      datasource: "3__table",
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      metrics: ["count"],
      groupby: [],
      adhoc_filters: [
        { expressionType: "SIMPLE", subject: "num", operator: ">", comparator: 5, clause: "WHERE" },
      ],
      time_range: "No filter",
      rolling_type: "mean",
      rolling_periods: 3,
      time_compare: ["1 year ago"],
      comparison_type: "difference",
      annotation_layers: [{ name: "events", sourceType: "NATIVE", value: 1, show: true }],
    } as unknown as FormData;
    // The chart's own query carries them…
    const chart = buildChartDataRequest(formData, { dataset }).queries[0];
    expect(chart.post_processing?.map((step) => step?.operation)).toContain("rolling");
    expect(chart.time_offsets).toEqual(["1 year ago"]);
    // …its samples don't.
    const request = samplesRequest(formData, dataset);
    expect(request.result_type).toBe("samples");
    expect(request.queries).toHaveLength(1);
    const [query] = request.queries;
    expect(query.post_processing).toBeUndefined();
    expect(query.time_offsets).toBeUndefined();
    expect(query.annotation_layers).toBeUndefined();
    expect(query.filters).toEqual([{ col: "num", op: ">", val: 5 }]);
  });
});
