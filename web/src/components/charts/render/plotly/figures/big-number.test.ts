import { describe, expect, it } from "vitest";
import type { ChartDataResult, FormData } from "../../../types";
import { bigNumberFigure, bigNumberTotalFigure } from "./big-number";

const fd = (viz: string, extra: Partial<FormData> = {}): FormData => ({
  datasource: "1__table",
  viz_type: viz,
  ...extra,
});

const result = (r: Partial<ChartDataResult>) => r as ChartDataResult;

/** The texts a figure writes on the paper (its annotations), in order, its line breaks as spaces. */
const texts = (figure: { layout: Record<string, unknown> }) =>
  ((figure.layout.annotations as { text: string }[] | undefined) ?? []).map((a) =>
    a.text.replaceAll("<br>", " "),
  );

describe("Big Number without a value", () => {
  it("an aggregate over no rows (NULL): Superset's 'No data' and why, not Plotly's '-'", () => {
    const figure = bigNumberTotalFigure(fd("big_number_total", { metric: "sum__num" }), [
      result({ colnames: ["sum__num"], data: [{ sum__num: null }] }),
    ]);
    expect(figure.data).toEqual([]);
    expect(texts(figure)).toEqual([
      "No data",
      "No data after filtering or data is NULL for the latest time record",
    ]);
    expect(figure.layout).toMatchObject({ xaxis: { visible: false }, yaxis: { visible: false } });
    // Plotly does not wrap: the reason comes in short lines, to fit a narrow card.
    const reason = (figure.layout.annotations as { text: string }[])[1].text;
    expect(reason.split("<br>").every((line) => line.length <= 30)).toBe(true);
  });

  it("a zero is a value: drawn as the number", () => {
    const figure = bigNumberTotalFigure(fd("big_number_total", { metric: "count" }), [
      result({ colnames: ["count"], data: [{ count: 0 }] }),
    ]);
    expect(figure.data[0]).toMatchObject({ type: "indicator", value: 0 });
    expect(texts(figure)).toEqual([]);
  });

  it("with trendline, every point NULL: 'No data' and no empty trend", () => {
    const figure = bigNumberFigure(fd("big_number", { x_axis: "ds", metric: "sum__num" }), [
      result({
        colnames: ["ds", "sum__num"],
        coltypes: [2, 0],
        data: [
          { ds: 0, sum__num: null },
          { ds: 1, sum__num: null },
        ],
      }),
    ]);
    expect(figure.data).toEqual([]);
    expect(texts(figure)[0]).toBe("No data");
  });
});
