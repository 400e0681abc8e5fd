import { fireEvent, screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderWithRouter } from "../../../../test/render";
import type { ChartDataResult, FormData } from "../../types";
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
  query_mode: "raw",
  all_columns: ["name", "tags"],
} as FormData;
const results = [
  {
    data: [
      { name: "a", tags: { owner: "ops", labels: ["x", "y"], active: true } },
      { name: "b", tags: null },
    ],
    colnames: ["name", "tags"],
    coltypes: [1, 1],
    rowcount: 2,
  },
] as unknown as ChartDataResult[];

describe("the cell-content modal of a table chart", () => {
  it("opens a structured cell as a tree with a copy button; plain cells have no button", async () => {
    renderWithRouter(<TableChart formData={formData} results={results} height={300} />);
    const buttons = await screen.findAllByRole("button", { name: "Show cell content" });
    // Only the object cell: not the null one of the same column, nor the text column.
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    const tree = await screen.findByRole("tree");
    expect(within(tree).getByText("owner:")).toBeTruthy();
    expect(within(tree).getByText('"ops"')).toBeTruthy();
    expect(within(tree).getByText("[2]")).toBeTruthy();
    expect(within(tree).getByText("true")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
  });
});
