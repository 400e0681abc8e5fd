import { describe, expect, it } from "vitest";
import type { FormData } from "../../../components/charts";
import { applyDashboardFilters } from "./dashboard-context";

describe("a dashboard's filters carried into Explore", () => {
  it("keeps a cross filter on custom SQL (a deck.gl polygon's) beside column filters", () => {
    const polygon = { expressionType: "SQL", sqlExpression: `REPLACE("contour", ' ', '')`, label: "contour" };
    const fd = {
      datasource: "1__table",
      viz_type: "table",
      adhoc_filters: [],
      extra_form_data: {
        filters: [
          { col: "state", op: "IN", val: ["CA"] },
          { col: polygon, op: "==", val: "[[1,2],[3,4]]" },
        ],
      },
    } as unknown as FormData;
    const out = applyDashboardFilters(fd);
    expect(out.adhoc_filters).toEqual([
      expect.objectContaining({ subject: "state", operator: "IN", comparator: ["CA"], isExtra: true }),
      expect.objectContaining({
        subject: polygon,
        operator: "==",
        comparator: "[[1,2],[3,4]]",
        isExtra: true,
      }),
    ]);
  });
});
