import { describe, expect, it } from "vitest";
import type { ChartDataResult, FormData } from "../../../types";
import { FIGURES } from ".";

const fd: FormData = {
  datasource: "1__table",
  viz_type: "pop_kpi",
  metric: "count",
  time_comparison: "r",
  adhoc_filters: [
    {
      expressionType: "SIMPLE",
      clause: "WHERE",
      subject: "ds",
      operator: "TEMPORAL_RANGE",
      comparator: "2005-01-01 : 2006-01-01",
    },
  ],
};

describe("pop_kpi figure", () => {
  it("compares with the shift the reply ran", () => {
    const result = {
      data: [{ count: 150, "count__365 days ago": 100 }],
      colnames: ["count", "count__365 days ago"],
      rowcount: 1,
    } as unknown as ChartDataResult;
    const figure = FIGURES.pop_kpi(fd, [result]);
    expect(figure.data[0]).toMatchObject({ value: 150, delta: { reference: 100 } });
    expect((figure.layout.annotations as { text: string }[])[0].text).toContain("365 days ago: 100");
  });
});
