import { describe, expect, it } from "vitest";
import { incompleteBeta, liftPercent, pairedTTestPValue, studentTCdf, tTestData } from "./t-test";

describe("paired t-test statistics", () => {
  it("Student's t distribution matches known values", () => {
    expect(studentTCdf(-1, 1)).toBeCloseTo(0.25, 10); // Cauchy
    expect(studentTCdf(0, 7)).toBeCloseTo(0.5, 12);
    expect(studentTCdf(-2, 10)).toBeCloseTo(0.036694, 5);
    expect(studentTCdf(2.228139, 10)).toBeCloseTo(0.975, 5);
    expect(studentTCdf(-1.959964, 1e6)).toBeCloseTo(0.025, 4); // → normal
    expect(incompleteBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12);
  });

  it("computes the two-sided p-value of paired series, skipping missing times", () => {
    const control = [1, 2, 3, 4, 5];
    const treated = [2, 2, 4, 5, 7];
    // scipy.stats.ttest_rel(treated, control) → t = 3.1623, p = 0.0341
    expect(pairedTTestPValue(treated, control)).toBeCloseTo(0.03411, 4);
    expect(pairedTTestPValue([...treated, null], [...control, 9])).toBeCloseTo(0.03411, 4);
    expect(pairedTTestPValue(control, control)).toBeNaN();
  });

  it("computes the lift against the control in percent", () => {
    expect(liftPercent([2, 2, 4, 5, 7], [1, 2, 3, 4, 5])).toBeCloseTo(33.3333, 3);
    expect(liftPercent([1], [0])).toBe(Number.POSITIVE_INFINITY);
  });

  it("groups the rows per metric, one series per group over time", () => {
    const data = tTestData(
      { datasource: "1__table", viz_type: "paired_ttest", metrics: ["sum__num"], groupby: ["gender"] },
      [
        {
          colnames: ["ds", "gender", "sum__num"],
          data: [
            { ds: 0, gender: "boy", sum__num: 3 },
            { ds: 0, gender: "girl", sum__num: 2 },
            { ds: 1000, gender: "boy", sum__num: 5 },
          ],
        } as never,
      ],
    );
    expect(data).toEqual([
      {
        metric: "sum__num",
        groups: [
          { group: ["boy"], values: [3, 5] },
          { group: ["girl"], values: [2, null] },
        ],
      },
    ]);
  });
});
