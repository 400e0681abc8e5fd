import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../../test/render";
import type { ChartDataResult, FormData } from "../../types";
import type { CellCrossFilter } from "../chart-render-props";
import TableChart from "./table-chart";

// happy-dom lays nothing out: give elements a size so the virtualiser renders rows.
const sizes = { clientHeight: 400, clientWidth: 800 };
const saved = new Map<string, PropertyDescriptor | undefined>();
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) {
    saved.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  for (const [key, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else Reflect.deleteProperty(HTMLElement.prototype, key);
  }
});

const formData = {
  datasource: "1__table",
  viz_type: "table",
  query_mode: "aggregate",
  groupby: ["gender", "state"],
  metrics: ["count"],
} as FormData;

const results = [
  {
    data: [
      { gender: "boy", state: "CA", count: 30 },
      { gender: "girl", state: "CA", count: 20 },
      { gender: "boy", state: "NY", count: 10 },
    ],
    colnames: ["gender", "state", "count"],
    coltypes: [1, 1, 0],
    rowcount: 3,
  },
] as unknown as ChartDataResult[];

function show(crossFilter?: CellCrossFilter) {
  return renderWithRouter(
    <TableChart formData={formData} results={results} height={300} crossFilter={crossFilter} />,
  );
}

/** Stands in for the dashboard: a click selects the value, the same click again clears it. */
function Toggling() {
  const [selected, setSelected] = useState<CellCrossFilter["selected"]>(null);
  const onCellClick = (column: string, value: unknown) =>
    setSelected((s) => (s?.column === column && s.values[0] === value ? null : { column, values: [value] }));
  return (
    <TableChart
      formData={formData}
      results={results}
      height={300}
      crossFilter={{ columns: ["gender"], selected, onCellClick }}
    />
  );
}

const targets = () => screen.queryAllByRole("button", { name: /^Cross-filter by/ });
const rowOf = (el: HTMLElement) => el.closest('[role="row"]') as HTMLElement;

describe("TableChart cross filters", () => {
  it("has no click targets outside a cross-filtering dashboard", async () => {
    show();
    await screen.findByText("NY");
    expect(targets()).toHaveLength(0);
  });

  it("reports a click on a dimension cell with its column and raw value; metrics are not targets", async () => {
    const onCellClick = vi.fn();
    show({ columns: ["gender", "state"], selected: null, onCellClick });
    await screen.findByText("NY");
    // Two dimension cells per row, none for the count.
    expect(targets()).toHaveLength(6);
    fireEvent.click(screen.getAllByRole("button", { name: "Cross-filter by gender = girl" })[0]);
    expect(onCellClick).toHaveBeenCalledWith("gender", "girl");
    fireEvent.click(screen.getByRole("button", { name: "Cross-filter by state = NY" }));
    expect(onCellClick).toHaveBeenLastCalledWith("state", "NY");
    expect(targets().every((t) => t.getAttribute("aria-pressed") === "false")).toBe(true);
  });

  it("marks the cells (and so the rows) holding the selected value", async () => {
    renderWithRouter(<Toggling />);
    await screen.findByText("NY");
    expect(targets()).toHaveLength(3);
    const pressedRows = () =>
      targets()
        .filter((t) => t.getAttribute("aria-pressed") === "true")
        .map((t) => rowOf(t).textContent);
    fireEvent.click(screen.getAllByRole("button", { name: "Cross-filter by gender = boy" })[1]);
    expect(pressedRows()).toEqual(["1boyCA30", "3boyNY10"]);
    fireEvent.click(screen.getAllByRole("button", { name: "Cross-filter by gender = boy" })[0]);
    expect(pressedRows()).toEqual([]);
  });
});
