import { render } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GridColumn, type GridRow, VirtualGrid } from "./virtual-grid";

const columns: GridColumn[] = [
  { key: "name", label: "name" },
  { key: "n", label: "n", numeric: true },
];
const rows: GridRow[] = [
  { name: "a", n: 1 },
  { name: "b", n: 2 },
];

// happy-dom lays nothing out: the scroller gets a height so the virtualiser draws rows.
const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight");
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 400 });
});
afterAll(() => {
  if (saved) Object.defineProperty(HTMLElement.prototype, "clientHeight", saved);
  else Reflect.deleteProperty(HTMLElement.prototype, "clientHeight");
});

describe("VirtualGrid sizing", () => {
  it("fits its columns to the box through the stylesheet, with no width of their own", () => {
    const { getByRole, getAllByRole } = render(
      <VirtualGrid columns={columns} rows={rows} height={200} fitWidth />,
    );
    const grid = getByRole("grid");
    expect(grid.dataset.fit).toBe("true");
    expect(grid.style.getPropertyValue("--grid-min-column")).toBe("60px");
    for (const cell of [...getAllByRole("columnheader"), ...getAllByRole("gridcell")])
      expect(cell.style.width).toBe("");
  });

  it("gives columns their own widths when not fitted", () => {
    const { getByRole, getAllByRole } = render(<VirtualGrid columns={columns} rows={rows} height={200} />);
    expect(getByRole("grid").dataset.fit).toBeUndefined();
    expect(getAllByRole("columnheader")[0].style.width).toBe("160px");
  });

  it("fills its box's height when asked, or takes the height it is given", () => {
    const filled = render(<VirtualGrid columns={columns} rows={rows} height={200} fillHeight />);
    expect(filled.getByRole("grid").style.height).toBe("100%");
    filled.unmount();
    const fixed = render(<VirtualGrid columns={columns} rows={rows} height={200} />);
    expect(fixed.getByRole("grid").style.height).toBe("200px");
  });
});
