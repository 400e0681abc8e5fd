import { describe, expect, it } from "vitest";
import { buildChartDataRequest, type ChartDataset, type FormData } from "../../../components/charts";
import { diffFormData } from "./altered";
import { withPageUrlParams } from "./page-url-params";

const dataset = {
  id: 3,
  type: "table",
  columns: [{ column_name: "state", is_dttm: false }],
  metrics: [],
} as unknown as ChartDataset;

const fd: FormData = {
  datasource: "3__table",
  viz_type: "table",
  query_mode: "raw",
  all_columns: ["state"],
  row_limit: 10,
};

describe("withPageUrlParams", () => {
  it("puts the page's own parameters in the chart-data request's url_params, not Explore's", () => {
    const search =
      "?slice_id=4&form_data_key=abc&datasource_id=3&datasource_type=table&viz_type=table&dashboard_id=2&force=1&standalone=1&region=EU&state=O%27Hara";
    const withParams = withPageUrlParams(fd, search);
    expect(withParams.url_params).toEqual({ region: "EU", state: "O'Hara" });
    const request = buildChartDataRequest(withParams, { dataset });
    for (const query of request.queries) expect(query.url_params).toEqual({ region: "EU", state: "O'Hara" });
  });

  it("sends none when the page has none, and replaces what the form data carried", () => {
    expect("url_params" in withPageUrlParams({ ...fd, url_params: { old: "x" } }, "?slice_id=4")).toBe(false);
    expect(withPageUrlParams({ ...fd, url_params: { old: "x" } }, "?a=1").url_params).toEqual({ a: "1" });
  });

  it("doesn't count as a change to the chart", () => {
    expect(diffFormData(fd, withPageUrlParams(fd, "?region=EU"))).toEqual([]);
  });
});
