import { describe, expect, it } from "vitest";
import type { ChartDataset, FormData } from "../../../components/charts";
import { diffFormData, formatDiffValue, isEqualish } from "./altered";
import { applyControls, initialFormData, switchVizType, TRANSIENT_KEYS, validateForm } from "./form-data";
import { dropMissingChoices, splitPastedValues } from "./select-values";
import { validateInteger } from "./validators";
import { controlPanelOf } from "../controls/panels";

const dataset: ChartDataset = {
  id: 7,
  type: "table",
  table_name: "birth_names",
  columns: [
    { column_name: "ds", type: "TIMESTAMP", is_dttm: true },
    { column_name: "gender", type: "VARCHAR" },
    { column_name: "num", type: "BIGINT" },
  ],
  metrics: [{ metric_name: "count", expression: "COUNT(*)" }],
  main_dttm_col: "ds",
  time_grain_sqla: [
    ["P1D", "Day"],
    ["P1M", "Month"],
  ],
};

describe("integer validation", () => {
  it("accepts empty and whole numbers, rejects the rest with Superset's message", () => {
    for (const ok of [undefined, null, "", 10, "10", " 25 ", "-3"])
      expect(validateInteger(ok, {} as FormData)).toBe(false);
    for (const bad of ["abc", "1.5", 2.5, "10x", "1e3"])
      expect(validateInteger(bad, {} as FormData)).toBe("is expected to be an integer");
  });

  it("reports the row limit and rolling periods of a form", () => {
    const fd = initialFormData(dataset, {
      viz_type: "echarts_timeseries_line",
      row_limit: "lots",
      rolling_type: "mean",
      rolling_periods: "2.5",
    });
    const errors = validateForm(fd, dataset);
    expect(errors.row_limit).toEqual(["is expected to be an integer"]);
    expect(errors.rolling_periods).toEqual(["is expected to be an integer"]);
  });

  it("rolling periods are not validated while no window function is chosen", () => {
    const fd = initialFormData(dataset, { viz_type: "echarts_timeseries_line", rolling_periods: "x" });
    expect(validateForm(fd, dataset).rolling_periods).toBeUndefined();
  });

  it("the X-axis is required", () => {
    const fd = { ...initialFormData(dataset, { viz_type: "echarts_timeseries_bar" }), x_axis: null };
    expect(validateForm(fd, dataset).x_axis).toEqual(["cannot be empty"]);
    expect(validateForm({ ...fd, x_axis: "gender" }, dataset).x_axis).toBeUndefined();
  });
});

describe("select controls", () => {
  it("drop values that are not among fixed choices; free-form selects keep them", () => {
    const choices: [string, string][] = [
      ["a", "A"],
      ["b", "B"],
    ];
    expect(dropMissingChoices("z", choices, {})).toBeUndefined();
    expect(dropMissingChoices("a", choices, {})).toBe("a");
    expect(dropMissingChoices(["a", "z", "b"], choices, { multi: true })).toEqual(["a", "b"]);
    expect(dropMissingChoices("z", choices, { freeForm: true })).toBe("z");
    expect(dropMissingChoices(["z"], choices, { multi: true, freeForm: true })).toEqual(["z"]);
  });

  it("split pasted values at commas, CRLF, newlines, tabs and semicolons", () => {
    expect(splitPastedValues("a,b\r\nc\nd\te;f")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(splitPastedValues(" x , ,y ")).toEqual(["x", "y"]);
  });

  it("applying a panel drops a stale time grain and an unknown comparison type but keeps free-form values", () => {
    const fd = applyControls(
      {
        datasource: "7__table",
        viz_type: "echarts_timeseries_line",
        time_grain_sqla: "PT1S",
        comparison_type: "bogus",
        row_limit: 12345,
        time_compare: ["3 days"],
      },
      controlPanelOf("echarts_timeseries_line"),
      dataset,
    );
    expect(fd.time_grain_sqla).toBe("P1D");
    expect(fd.comparison_type).toBe("values");
    expect(fd.row_limit).toBe(12345);
    expect(fd.time_compare).toEqual(["3 days"]);
  });

  it("fills defaults (x-axis from the main time column, COUNT(*) metric)", () => {
    const fd = initialFormData(dataset, {}, { vizType: "echarts_timeseries_bar" });
    expect(fd.x_axis).toBe("ds");
    expect(fd.metrics).toEqual([{ expressionType: "SQL", sqlExpression: "COUNT(*)", label: "COUNT(*)" }]);
    expect(fd.row_limit).toBe(1000);
  });

  it("carries metrics and dimensions across visualisations", () => {
    const line = initialFormData(dataset, {
      viz_type: "echarts_timeseries_line",
      metrics: ["count"],
      groupby: ["gender"],
    });
    const pie = switchVizType(line, "pie", dataset);
    expect(pie.metric).toBe("count");
    // The line's time X-axis (the main time column by default) is no slice of the pie.
    expect(pie.groupby).toEqual(["gender"]);
    const pivot = switchVizType(pie, "pivot_table_v2", dataset);
    expect(pivot.groupbyRows).toEqual(["gender"]);
  });

  it("a line over time becomes a pie of its series: metric kept, no time X-axis (Superset)", () => {
    const line = initialFormData(dataset, {
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      time_grain_sqla: "P1D",
      metrics: ["sum__num", "count"],
    });
    expect(line.x_axis).toBe("ds");
    const pie = switchVizType(line, "pie", dataset);
    expect(pie.viz_type).toBe("pie");
    expect(pie.metric).toBe("sum__num");
    expect(pie.groupby).toEqual([]);
    // Superset keeps only the controls of the new type: a pie has no X-axis.
    expect(pie).not.toHaveProperty("x_axis");
    expect(validateForm(pie, dataset)).toEqual({});
    // The same for the other charts without an X-axis.
    for (const viz of ["table", "treemap_v2", "funnel", "pivot_table_v2", "big_number_total"]) {
      const to = switchVizType(line, viz, dataset);
      expect(to, viz).not.toHaveProperty("x_axis");
      for (const key of ["groupby", "columns", "groupbyRows", "groupbyColumns"])
        expect(to[key] ?? [], `${viz} ${key}`).not.toContain("ds");
    }
    // A time axis is still an X-axis on a chart with one.
    expect(switchVizType(line, "echarts_timeseries_bar", dataset)).toMatchObject({
      x_axis: "ds",
      groupby: [],
    });
    expect(switchVizType(line, "big_number", dataset)).toMatchObject({ x_axis: "ds", metric: "sum__num" });
  });

  it("the time X-axis set aside for a pie comes back on the way to a chart with an X-axis", () => {
    const line = initialFormData(dataset, {
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      metrics: ["sum__num"],
      groupby: ["gender"],
    });
    const pie = switchVizType(line, "pie", dataset);
    expect(pie).toMatchObject({ groupby: ["gender"], metric: "sum__num" });
    // Through another chart without one, and after the dimensions changed.
    const table = { ...switchVizType(pie, "table", dataset), groupby: ["gender", "num"] };
    expect(switchVizType(table, "echarts_timeseries_line", dataset)).toMatchObject({
      x_axis: "ds",
      groupby: ["gender", "num"],
    });
    expect(switchVizType(pie, "echarts_timeseries_line", dataset)).toMatchObject({
      x_axis: "ds",
      groupby: ["gender"],
    });
    // Never saved, never an alteration: a session key.
    expect(TRANSIENT_KEYS.some((k) => k in pie)).toBe(true);
    // A categorical X-axis is carried as a dimension instead, and back, with nothing set aside.
    const bar = { ...line, viz_type: "echarts_timeseries_bar", x_axis: "gender", groupby: [] };
    const pieOfGender = switchVizType(bar, "pie", dataset);
    expect(pieOfGender.groupby).toEqual(["gender"]);
    expect(TRANSIENT_KEYS.some((k) => k in pieOfGender)).toBe(false);
    expect(switchVizType(pieOfGender, "echarts_timeseries_bar", dataset)).toMatchObject({
      x_axis: "gender",
      groupby: [],
    });
  });

  it("carries the X-axis as the first dimension, and a dimension back onto the X-axis", () => {
    const bar = initialFormData(dataset, {
      viz_type: "echarts_timeseries_bar",
      x_axis: "gender",
      metrics: ["sum__num"],
    });
    for (const viz of ["pie", "treemap_v2", "funnel", "gauge_chart"]) {
      const to = switchVizType(bar, viz, dataset);
      expect(to.groupby, viz).toEqual(["gender"]);
      expect(to.metric, viz).toBe("sum__num");
    }
    for (const viz of ["table", "radar"]) {
      const to = switchVizType(bar, viz, dataset);
      expect(to.groupby, viz).toEqual(["gender"]);
      expect(to.metrics, viz).toEqual(["sum__num"]);
    }
    const pivot = switchVizType(bar, "pivot_table_v2", dataset);
    expect(pivot.groupbyRows).toEqual(["gender"]);
    expect(pivot.groupbyColumns).toEqual([]);
    expect(pivot.metrics).toEqual(["sum__num"]);

    // With a breakdown over time, the breakdown is the dimension; back on a bar chart the time
    // axis is the X-axis again.
    const split = { ...bar, x_axis: "ds", groupby: ["gender"], metrics: ["sum__num", "count"] };
    const table = switchVizType(split, "table", dataset);
    expect(table.groupby).toEqual(["gender"]);
    const back = switchVizType(table, "echarts_timeseries_bar", dataset);
    expect(back).toMatchObject({ x_axis: "ds", groupby: ["gender"], metrics: ["sum__num", "count"] });

    // A one-metric chart in between keeps the others for the way back (Superset's big number).
    const pie = switchVizType(split, "pie", dataset);
    expect(pie).toMatchObject({ groupby: ["gender"], metric: "sum__num" });
    expect(switchVizType(pie, "echarts_timeseries_line", dataset)).toMatchObject({
      x_axis: "ds",
      groupby: ["gender"],
      metrics: ["sum__num", "count"],
    });

    // A box plot's required "Distribute across" gets the column before its optional dimensions.
    expect(switchVizType(bar, "box_plot", dataset)).toMatchObject({ columns: ["gender"], groupby: [] });
    // The big number's trendline only takes a time column onto its X-axis.
    expect(switchVizType(bar, "big_number", dataset).x_axis).toBe("ds");
    expect(switchVizType(table, "big_number", dataset)).toMatchObject({ x_axis: "ds", metric: "sum__num" });
  });
});

describe("altered controls", () => {
  const saved: Partial<FormData> = {
    viz_type: "echarts_timeseries_bar",
    x_axis: "gender",
    metrics: ["count"],
    row_limit: 1000,
    adhoc_filters: [],
    slice_id: 4,
    show_legend: true,
  };

  it("no change → no diff; empty values compare equal", () => {
    expect(
      diffFormData(saved, { ...saved, groupby: [], time_range: null, url_params: { a: "1" } } as FormData),
    ).toEqual([]);
    expect(isEqualish({ a: undefined, b: [] }, {})).toBe(true);
  });

  it("lists changed controls with before and after, ignoring session keys", () => {
    const diffs = diffFormData(saved, {
      ...saved,
      x_axis: "state",
      row_limit: 50,
      show_legend: false,
      adhoc_filters: [
        {
          expressionType: "SIMPLE",
          clause: "WHERE",
          subject: "gender",
          operator: "==",
          operatorId: "EQUALS",
          comparator: "boy",
        },
      ],
      standalone: "1",
    } as FormData);
    expect(diffs.map((d) => d.key)).toEqual(["adhoc_filters", "row_limit", "show_legend", "x_axis"]);
    expect(diffs.find((d) => d.key === "x_axis")).toEqual({
      key: "x_axis",
      before: "gender",
      after: "state",
    });
  });

  it("formats values for the changes table", () => {
    expect(formatDiffValue(undefined)).toBe("N/A");
    expect(formatDiffValue(false)).toBe("false");
    expect(
      formatDiffValue([
        "count",
        { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM" },
      ]),
    ).toBe("count, SUM(num)");
    expect(
      formatDiffValue([
        {
          expressionType: "SIMPLE",
          clause: "WHERE",
          subject: "gender",
          operator: "IN",
          operatorId: "IN",
          comparator: ["boy", "girl"],
        },
      ]),
    ).toBe("gender IN (boy, girl)");
  });
});
