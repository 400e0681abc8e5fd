import { describe, expect, it } from "vitest";
import type { ChartDataset, FormData } from "../../../components/charts";
import { crossFilterColumn, crossFilterMask, crossFilterPosition, positionFilterMask } from "./cross-filter";

const dataset = {
  id: 1,
  type: "table",
  table_name: "t",
  columns: [{ column_name: "ds", is_dttm: true }, { column_name: "country" }, { column_name: "state" }],
  metrics: [],
} as ChartDataset;
const form = (viz_type: string, extra: Record<string, unknown>) =>
  ({ datasource: "1__table", viz_type, ...extra }) as FormData;

describe("cross filters of maps and gantt charts", () => {
  it("world and country maps filter by their entity column, a gantt by its y-axis column", () => {
    expect(crossFilterColumn(form("world_map", { entity: "country" }), dataset)).toBe("country");
    expect(crossFilterColumn(form("country_map", { entity: "state" }), dataset)).toBe("state");
    expect(crossFilterColumn(form("gantt_chart", { y_axis: "state", series: "country" }), dataset)).toBe(
      "state",
    );
  });

  it("emit nothing without a physical, non-temporal column", () => {
    expect(crossFilterColumn(form("world_map", {}), dataset)).toBeNull();
    expect(crossFilterColumn(form("gantt_chart", { y_axis: "ds" }), dataset)).toBeNull();
    const adhoc = { expressionType: "SQL", sqlExpression: "upper(state)", label: "S" };
    expect(crossFilterColumn(form("country_map", { entity: adhoc }), dataset)).toBeNull();
  });

  it("a second click on the same region clears the filter", () => {
    const on = crossFilterMask(5, "country", "FRA");
    expect(on).toMatchObject({
      extraFormData: { filters: [{ col: "country", op: "IN", val: ["FRA"] }] },
      filterState: { value: ["FRA"], column: "country" },
    });
    expect(crossFilterMask(5, "country", "FRA", on).filterState.value).toBeNull();
  });

  it("deck.gl points filter by their longitude and latitude columns, as Superset's; again clears", () => {
    const latlong = { type: "latlong", lonCol: "LON", latCol: "LAT" };
    expect(crossFilterPosition(form("deck_scatter", { spatial: latlong }))).toEqual({
      lon: "LON",
      lat: "LAT",
    });
    // A delimited or geohash column holds text the clicked numbers would not match exactly.
    expect(
      crossFilterPosition(form("deck_scatter", { spatial: { type: "delimited", lonlatCol: "p" } })),
    ).toBeNull();
    expect(crossFilterPosition(form("deck_hex", { spatial: latlong }))).toBeNull();
    const on = positionFilterMask(3, { lon: "LON", lat: "LAT" }, -122.4, 37.7);
    expect(on).toEqual({
      id: "3",
      extraFormData: {
        filters: [
          { col: "LON", op: "==", val: -122.4 },
          { col: "LAT", op: "==", val: 37.7 },
        ],
      },
      filterState: { value: [-122.4, 37.7], label: "-122.4, 37.7", column: "LON, LAT" },
    });
    expect(positionFilterMask(3, { lon: "LON", lat: "LAT" }, -122.4, 37.7, on).filterState.value).toBeNull();
    expect(positionFilterMask(3, { lon: "LON", lat: "LAT" }, -122.5, 37.7, on).filterState.value).toEqual([
      -122.5, 37.7,
    ]);
  });
});
