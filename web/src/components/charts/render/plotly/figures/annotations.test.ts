import type { AnnotationLayerConfig } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import type { ChartDataResult, FormData } from "../../../types";
import { FIGURES } from ".";
import { annotationParts, withAnnotations } from "./annotations";

const layer = (over: Partial<AnnotationLayerConfig>): AnnotationLayerConfig => ({
  name: "Layer",
  annotationType: "EVENT",
  sourceType: "NATIVE",
  value: 1,
  show: true,
  ...over,
});

const native = (records: Record<string, unknown>[]) => ({
  columns: ["start_dttm", "end_dttm", "short_descr", "long_descr", "json_metadata"],
  records,
});

const opts = { xs: [1, 2, 3], temporal: false, colors: ["#111111", "#222222"] };

describe("annotation layers → Plotly", () => {
  it("draws an event as a vertical line with a hover note", () => {
    const parts = annotationParts(
      [layer({ name: "Releases", color: "#ff0000", style: "dashed", width: 2, showLabel: true })],
      {
        Releases: native([
          {
            start_dttm: "2020-01-01T00:00:00",
            end_dttm: "2020-01-01T00:00:00",
            short_descr: "v1 <b>",
            long_descr: "First",
          },
        ]),
      },
      opts,
    );
    const x = new Date("2020-01-01T00:00:00");
    expect(parts.shapes).toEqual([
      {
        type: "line",
        xref: "x",
        yref: "paper",
        x0: x,
        x1: x,
        y0: 0,
        y1: 1,
        opacity: 1,
        line: { color: "#ff0000", width: 2, dash: "dash" },
        layer: "above",
      },
    ]);
    expect(parts.notes[0]).toMatchObject({ x, text: "v1 &lt;b&gt;", hovertext: "v1 &lt;b&gt;<br>First" });
    expect(parts.traces).toEqual([]);
  });

  it("draws an interval as a shaded band below the data", () => {
    const parts = annotationParts(
      [layer({ name: "Sale", annotationType: "INTERVAL", opacity: "opacityMedium" })],
      { Sale: native([{ start_dttm: "2020-01-01", end_dttm: "2020-02-01", short_descr: "Sale" }]) },
      opts,
    );
    expect(parts.shapes[0]).toMatchObject({
      type: "rect",
      x0: new Date("2020-01-01"),
      x1: new Date("2020-02-01"),
      fillcolor: "#111111",
      opacity: 0.5,
      layer: "below",
    });
    // Without a label the note is a small mark that carries the hover text.
    expect(parts.notes[0]).toMatchObject({ text: "▾", hovertext: "Sale" });
  });

  it("evaluates a formula over the chart's x values", () => {
    const parts = annotationParts(
      [layer({ name: "Goal", annotationType: "FORMULA", sourceType: "", value: "y = 2 * x + 10" })],
      {},
      opts,
    );
    expect(parts.traces).toEqual([
      expect.objectContaining({
        type: "scatter",
        mode: "lines",
        name: "Goal",
        x: [1, 2, 3],
        y: [12, 14, 16],
      }),
    ]);
  });

  it("draws another chart's series as traces, and failures as notes without breaking", () => {
    const parts = annotationParts(
      [
        layer({
          name: "Other",
          annotationType: "TIME_SERIES",
          sourceType: "line",
          value: 5,
          showMarkers: true,
        }),
        layer({ name: "Slow", annotationType: "TIME_SERIES", sourceType: "line", value: 6 }),
        layer({ name: "Bad", annotationType: "FORMULA", sourceType: "", value: "alert(1)" }),
        layer({ name: "Empty", annotationType: "TIME_SERIES", sourceType: "line", value: 7 }),
      ],
      {
        Other: [{ key: "count", values: [{ x: "2020-01-01T00:00:00", y: 3 }] }],
        Slow: { error: "Query timeout" },
        Empty: [],
      },
      { ...opts, temporal: true },
    );
    expect(parts.traces).toEqual([
      expect.objectContaining({
        name: "Other: count",
        mode: "lines+markers",
        x: [new Date("2020-01-01T00:00:00")],
        y: [3],
      }),
    ]);
    expect(parts.notes.map((n) => n.text)).toEqual([
      "⚠ Slow: Query timeout",
      expect.stringMatching(/^⚠ Bad: Unknown name "alert"/),
    ]);
  });

  it("adds the layers to a line chart's figure and leaves hidden layers out", () => {
    const fd: FormData = {
      datasource: "1__table",
      viz_type: "echarts_timeseries_line",
      x_axis: "ds",
      metrics: ["count"],
      annotation_layers: [
        layer({ name: "Events" }),
        layer({ name: "Hidden", annotationType: "FORMULA", sourceType: "", value: "x", show: false }),
        layer({ name: "Formula", annotationType: "FORMULA", sourceType: "", value: "1" }),
      ],
    };
    const result = {
      data: [
        { ds: "2020-01-01T00:00:00", count: 1 },
        { ds: "2020-01-02T00:00:00", count: 2 },
      ],
      colnames: ["ds", "count"],
      coltypes: [2, 0],
      rowcount: 2,
      annotation_data: {
        Events: native([{ start_dttm: "2020-01-02", end_dttm: "2020-01-02", short_descr: "E" }]),
      },
    } as unknown as ChartDataResult;
    const fig = FIGURES.echarts_timeseries_line(fd, [result]);
    expect(fig.data.map((t) => t.name)).toEqual(["count", "Formula"]);
    expect(fig.data[1].y).toEqual([1, 1]);
    expect(fig.layout.shapes).toHaveLength(1);
    expect(fig.layout.annotations).toHaveLength(1);
    // Horizontal bars put x on the vertical axis: no annotations there.
    const bars = FIGURES.echarts_timeseries_bar(
      { ...fd, viz_type: "echarts_timeseries_bar", orientation: "horizontal" },
      [result],
    );
    expect(bars.layout.shapes).toBeUndefined();
    // No layers: the figure is unchanged.
    const plain = { data: [], layout: {} };
    expect(withAnnotations(plain, { ...fd, annotation_layers: [] }, [result])).toBe(plain);
  });
});
