import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../../../test/render";
import { type GridColumn, type GridRow, VirtualGrid } from "./virtual-grid";

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
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const columns: GridColumn[] = [
  { key: "name", label: "name" },
  { key: "n", label: "n", numeric: true },
  { key: "note", label: "note" },
];
const rows: GridRow[] = [
  { name: "b", n: 2, note: "plain" },
  { name: "a", n: -5, note: 'say "hi", bye' },
  { name: "c", n: 2, note: "=SUM(A1)" },
  { name: "a", n: 1, note: null },
];

function show(props: Partial<Parameters<typeof VirtualGrid>[0]> = {}) {
  return renderWithRouter(
    <VirtualGrid columns={columns} rows={rows} height={400} columnMenu={{ fileName: "t.csv" }} {...props} />,
  );
}

const headers = () => screen.getAllByRole("columnheader").map((h) => h.getAttribute("data-col"));
const header = (key: string) =>
  screen.getAllByRole("columnheader").find((h) => h.getAttribute("data-col") === key)!;
const column = (key: string) =>
  screen
    .getAllByRole("gridcell")
    .filter((c) => c.getAttribute("data-col") === key)
    .map((c) => c.textContent);

/** Opens the column menu of `key` and clicks an item. */
async function menu(key: string, item: string) {
  fireEvent.click(within(header(key)).getByRole("button", { name: "Column menu" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: item }));
}

/** Replaces navigator.clipboard.writeText for one test. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  const fn = vi.fn(writeText);
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: fn } });
  return fn;
}
afterEach(() => {
  Reflect.deleteProperty(navigator, "clipboard");
});

/** Captures the CSV handed to the download link. */
function captureDownload() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return "blob:csv";
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { text: () => blobs[0].text(), names };
}

const sortButton = (key: string) => within(header(key)).getByRole("button", { name: key });
const cell = (row: number, key: string) =>
  screen.getAllByRole("gridcell").find((c) => c.dataset.row === String(row) && c.dataset.col === key)!;

/** A grid whose column set changes, as when SQL Lab shows the next result. */
function NextResult() {
  const [cols, setCols] = useState(columns);
  return (
    <>
      <button type="button" onClick={() => setCols([...columns, { key: "extra", label: "extra" }])}>
        next result
      </button>
      <VirtualGrid columns={cols} rows={rows} height={400} columnMenu />
    </>
  );
}

describe("data grid column menu (001 §2)", () => {
  it("has no menu and no focusable cells unless asked (the table chart)", () => {
    show({ columnMenu: undefined });
    expect(screen.queryByRole("button", { name: "Column menu" })).toBeNull();
    expect(screen.getAllByRole("gridcell")[0].getAttribute("tabindex")).toBeNull();
  });

  it("hides a column, lists it under Unhide and shows it again", async () => {
    show();
    expect(screen.getAllByRole("button", { name: "Column menu" })).toHaveLength(3);
    await menu("n", "Hide column");
    expect(headers()).toEqual(["name", "note"]);
    expect(column("n")).toEqual([]);

    await menu("name", "Hide column");
    expect(headers()).toEqual(["note"]);
    // The last visible column cannot be hidden.
    fireEvent.click(within(header("note")).getByRole("button", { name: "Column menu" }));
    expect((await screen.findByRole("menuitem", { name: "Hide column" })).hasAttribute("data-disabled")).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("menuitem", { name: "Unhide" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "n" }));
    expect(headers()).toEqual(["n", "note"]);

    await menu("note", "Unhide");
    fireEvent.click(await screen.findByRole("menuitem", { name: "Show all columns" }));
    expect(headers()).toEqual(["name", "n", "note"]);
  });

  it("pins columns left and right as sticky columns, and unpins them", async () => {
    show();
    await menu("note", "Pin left");
    expect(headers()).toEqual(["note", "name", "n"]);
    expect(header("note").dataset.pinned).toBe("left");
    // After the row-number column (56 px), which stays first.
    expect(header("note").style.left).toBe("56px");
    expect(cell(0, "note").dataset.pinned).toBe("left");
    expect(screen.getAllByRole("row")[1].firstElementChild?.textContent).toBe("1");

    await menu("name", "Pin right");
    expect(headers()).toEqual(["note", "n", "name"]);
    expect(header("name").dataset.pinned).toBe("right");
    expect(header("name").style.right).toBe("0px");

    await menu("n", "Pin left");
    expect(header("n").style.left).toBe(`${56 + 160}px`);
    await menu("note", "Unpin");
    expect(headers()).toEqual(["n", "note", "name"]);
    expect(header("note").dataset.pinned).toBeUndefined();
    expect(cell(0, "note").dataset.pinned).toBeUndefined();
  });

  it("autosizes one column or all from their text", async () => {
    show();
    expect(header("note").style.width).toBe("160px");
    await menu("note", "Autosize this column");
    const width = Number.parseInt(header("note").style.width, 10);
    expect(width).toBeGreaterThanOrEqual(60);
    expect(width).toBeLessThan(160);
    expect(cell(0, "note").style.width).toBe(`${width}px`);
    expect(header("name").style.width).toBe("160px");
    await menu("name", "Autosize all columns");
    expect(header("name").style.width).not.toBe("160px");
    expect(header("n").style.width).not.toBe("160px");
  });

  it("resets widths, visibility, pinning and sorting", async () => {
    show();
    fireEvent.click(sortButton("name"));
    await menu("n", "Hide column");
    await menu("note", "Pin right");
    await menu("name", "Autosize this column");
    expect(header("name").getAttribute("aria-sort")).toBe("ascending");
    expect(headers()).toEqual(["name", "note"]);

    await menu("name", "Reset columns");
    expect(headers()).toEqual(["name", "n", "note"]);
    for (const h of screen.getAllByRole("columnheader")) {
      expect(h.getAttribute("aria-sort")).toBe("none");
      expect(h.style.width).toBe("160px");
      expect(h.dataset.pinned).toBeUndefined();
    }
    expect(column("name")).toEqual(["b", "a", "c", "a"]);
  });

  it("downloads the current view as CSV: sorted, hidden column left out, quoted and formula-guarded", async () => {
    const download = captureDownload();
    show();
    fireEvent.click(sortButton("n"));
    await menu("name", "Hide column");
    await menu("n", "Download as CSV");
    expect(download.names).toEqual(["t.csv"]);
    expect(await download.text()).toBe(
      ["n,note", '-5,"say ""hi"", bye"', "1,", "2,plain", "2,'=SUM(A1)", ""].join("\r\n"),
    );
  });

  it("copies the current view as tab-separated text and says so", async () => {
    const writeText = stubClipboard(async () => {});
    show();
    await menu("note", "Pin left");
    await menu("n", "Copy");
    expect(writeText).toHaveBeenCalledWith(
      ["note\tname\tn", "plain\tb\t2", 'say "hi", bye\ta\t-5', "=SUM(A1)\tc\t2", "\ta\t1"].join("\n"),
    );
    expect(await screen.findByText("Copied to clipboard!")).toBeDefined();
  });

  it("shows the fallback toast when the clipboard refuses", async () => {
    stubClipboard(() => Promise.reject(new Error("denied")));
    show();
    await menu("n", "Copy");
    expect(
      await screen.findByText("Sorry, your browser does not support copying. Use Ctrl / Cmd + C!"),
    ).toBeDefined();
  });

  it("copies a focused cell with Ctrl/Cmd+C and moves with the arrow keys", async () => {
    const writeText = stubClipboard(async () => {});
    show();
    // One cell is in the tab order (roving tabindex).
    expect(screen.getAllByRole("gridcell").filter((c) => c.tabIndex === 0)).toHaveLength(1);
    const target = cell(1, "note");
    act(() => target.focus());
    expect(target.hasAttribute("data-active")).toBe(true);
    expect(target.tabIndex).toBe(0);
    fireEvent.keyDown(target, { key: "c", ctrlKey: true });
    expect(writeText).toHaveBeenLastCalledWith('say "hi", bye');
    expect(await screen.findByText("Copied to clipboard!")).toBeDefined();

    fireEvent.keyDown(target, { key: "ArrowLeft" });
    await waitFor(() => expect(document.activeElement).toBe(cell(1, "n")));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    await waitFor(() => expect(document.activeElement).toBe(cell(2, "n")));
    fireEvent.keyDown(document.activeElement!, { key: "c", metaKey: true });
    expect(writeText).toHaveBeenLastCalledWith("2");
  });

  it("starts a new set of columns (another result) with fresh column settings", async () => {
    renderWithRouter(<NextResult />);
    await menu("n", "Hide column");
    await menu("note", "Pin left");
    fireEvent.click(screen.getByRole("button", { name: "next result" }));
    await waitFor(() => expect(headers()).toEqual(["name", "n", "note", "extra"]));
    expect(header("note").dataset.pinned).toBeUndefined();
  });

  it("sorts none → ascending → descending, and by several columns with Shift", () => {
    show();
    fireEvent.click(sortButton("name"));
    fireEvent.click(sortButton("n"), { shiftKey: true });
    expect(header("name").getAttribute("aria-sort")).toBe("ascending");
    expect(header("n").getAttribute("aria-sort")).toBe("ascending");
    expect(column("name")).toEqual(["a", "a", "b", "c"]);
    expect(column("n")).toEqual(["-5", "1", "2", "2"]);

    fireEvent.click(sortButton("n"), { shiftKey: true });
    expect(header("n").getAttribute("aria-sort")).toBe("descending");
    expect(column("n")).toEqual(["1", "-5", "2", "2"]);

    // A plain click sorts by that column alone.
    fireEvent.click(sortButton("note"));
    expect(header("name").getAttribute("aria-sort")).toBe("none");
    expect(header("note").getAttribute("aria-sort")).toBe("ascending");
  });
});
