import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { assertValidFilterConfig } from "./filter-config-error";
import { ListView } from "./list-view";
import type { ListColumn, ListFilterConfig } from "./types";
import { readListState, writeListState } from "./url-state";

interface Row {
  id: number;
  table_name: string;
  rows: number;
}

const columns: ListColumn<Row>[] = [
  { id: "table_name", header: "Name", sortable: true },
  { id: "rows", header: "Rows" },
  { id: "changed_on_delta_humanized", header: "Modified", sortable: true },
];

const filters: ListFilterConfig[] = [
  { id: "table_name", title: "Search", input: "search", operator: "ct" },
  { id: "rows", title: "Rows", input: "numerical_range", operator: "between" },
];

function page(count: number, n = Math.min(count, 25)) {
  return {
    count,
    ids: [],
    result: Array.from({ length: n }, (_, i) => ({ id: i + 1, table_name: `t${i + 1}`, rows: i })),
  };
}

function renderList(
  url: string,
  count = 100,
  extra: Partial<React.ComponentProps<typeof ListView<Row>>> = {},
) {
  const api = fakeFetch((u) => {
    if (u.pathname === "/api/v1/thing/") {
      const q = u.searchParams.get("q") ?? "";
      // Filtered queries match nothing, to exercise the empty states.
      return { body: q.includes("filters:!((") ? page(0) : page(count) };
    }
    return { status: 404, body: { message: "Not found" } };
  });
  const utils = renderWithRouter(
    <ListView<Row> resource="thing" resourceLabel="thing" columns={columns} filters={filters} {...extra} />,
    url,
  );
  return { ...utils, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("list view URL state", () => {
  it("round-trips filters, pageIndex, sortColumn, sortOrder and viewMode", () => {
    const defaults = { sort: { id: "changed_on_delta_humanized", desc: true }, viewMode: "table" as const };
    const state = {
      filters: { table_name: "birth", owners: { label: "Ann Lee", value: 3 }, rows: [1, 10] },
      pageIndex: 2,
      sortColumn: "table_name",
      sortOrder: "asc" as const,
      viewMode: "card" as const,
    };
    const params = writeListState(new URLSearchParams("other=kept"), state);
    expect(params.get("other")).toBe("kept");
    expect(params.get("filters")).toBe("(owners:(label:'Ann Lee',value:3),rows:!(1,10),table_name:birth)");
    expect(readListState(new URLSearchParams(params.toString()), defaults)).toEqual(state);
  });

  it("falls back to defaults on malformed values", () => {
    const s = readListState(new URLSearchParams("filters=((&pageIndex=-3&sortOrder=up&viewMode=grid"), {
      sort: { id: "changed_on_delta_humanized", desc: true },
      viewMode: "table",
    });
    expect(s).toEqual({
      filters: {},
      pageIndex: 0,
      sortColumn: "changed_on_delta_humanized",
      sortOrder: "desc",
      viewMode: "table",
    });
  });

  it("builds the list query from the URL", async () => {
    const { api } = renderList("/?pageIndex=1&sortColumn=table_name&sortOrder=asc");
    await waitFor(() => expect(api.calls("/api/v1/thing/").length).toBeGreaterThan(0));
    expect(api.calls("/api/v1/thing/")[0]).toBe(
      "(filters:!(),order_column:table_name,order_direction:asc,page:1,page_size:25)",
    );
    expect(await screen.findByText("t1")).toBeInTheDocument();
  });
});

describe("list view filters", () => {
  it("applies the trimmed search on Enter and resets the page to 0", async () => {
    const { api, router } = renderList("/?pageIndex=3");
    const input = await screen.findByRole("textbox", { name: "Search" });
    fireEvent.change(input, { target: { value: "  birth  " } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() =>
      expect(api.calls("/api/v1/thing/").at(-1)).toBe(
        "(filters:!((col:table_name,opr:ct,value:birth)),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)",
      ),
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get("pageIndex")).toBe("0");
    expect(params.get("filters")).toBe("(table_name:birth)");
  });

  it("clears the search filter as soon as the input is emptied", async () => {
    const { router } = renderList("/?filters=(table_name:abc)");
    const input = await screen.findByRole("textbox", { name: "Search" });
    expect(input).toHaveValue("abc");
    fireEvent.change(input, { target: { value: "" } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("filters")).toBeNull());
  });

  it("does not apply a numeric range until minimum < maximum", async () => {
    const { api } = renderList("/");
    const min = await screen.findByRole("textbox", { name: "Rows minimum" });
    const max = screen.getByRole("textbox", { name: "Rows maximum" });
    fireEvent.change(min, { target: { value: "5" } });
    fireEvent.change(max, { target: { value: "3" } });
    expect(await screen.findByText("Minimum must be strictly less than maximum")).toBeInTheDocument();
    expect(api.calls("/api/v1/thing/").some((q) => q.includes("col:rows"))).toBe(false);
    fireEvent.change(max, { target: { value: "10" } });
    await waitFor(() =>
      expect(api.calls("/api/v1/thing/").at(-1)).toContain("(col:rows,opr:between,value:!(5,10))"),
    );
    expect(screen.queryByText("Minimum must be strictly less than maximum")).toBeNull();
  });

  it("drops filters with empty or null values from the query", async () => {
    const { api } = renderList("/?filters=(rows:!(5,3),table_name:'')");
    await waitFor(() => expect(api.calls("/api/v1/thing/").length).toBeGreaterThan(0));
    expect(api.calls("/api/v1/thing/")[0]).toContain("filters:!()");
  });

  it("reports a filter whose id is not among the columns", async () => {
    const bad: ListFilterConfig[] = [{ id: "nope", title: "Nope", input: "search", operator: "ct" }];
    expect(() => assertValidFilterConfig(bad, columns)).toThrow(
      "Invalid filter config, nope is not present in columns",
    );
    renderList("/", 10, { filters: bad });
    expect(
      await screen.findByText("Invalid filter config, nope is not present in columns"),
    ).toBeInTheDocument();
  });
});

describe("list view states", () => {
  it("shows 'No Data' when there is nothing at all", async () => {
    renderList("/", 0);
    expect(await screen.findByText("No Data")).toBeInTheDocument();
    expect(screen.queryByText("No results match your filter criteria")).toBeNull();
  });

  it("shows the filtered empty state and clears all filters", async () => {
    const { router } = renderList("/?filters=(table_name:zzz)&pageIndex=0", 40);
    expect(await screen.findByText("No results match your filter criteria")).toBeInTheDocument();
    expect(screen.getByText("Try different criteria to display results.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "clear all filters" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("filters")).toBeNull());
    expect(await screen.findByText("t1")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Search" })).toHaveValue("");
  });

  it("resets the page to 0 when it exceeds the page count", async () => {
    const { api, router } = renderList("/?pageIndex=7", 30);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("pageIndex")).toBe("0"));
    await waitFor(() => expect(api.calls("/api/v1/thing/").at(-1)).toContain("page:0,"));
  });

  it("shows 25 placeholder cards while loading in card view", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    renderWithRouter(
      <ListView<Row>
        resource="thing"
        resourceLabel="thing"
        columns={columns}
        renderCard={(r) => <div>{r.table_name}</div>}
      />,
      "/?viewMode=card",
    );
    await waitFor(() => expect(document.querySelectorAll('[data-test="skeleton-card"]')).toHaveLength(25));
  });

  it("toggles between card and table view and keeps it in the URL", async () => {
    const { router } = renderList("/", 3, {
      renderCard: (r) => <div data-test="my-card">{r.table_name}</div>,
    });
    await waitFor(() => expect(document.querySelectorAll('[data-test="my-card"]')).toHaveLength(3));
    fireEvent.click(screen.getByText("List view"));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get("viewMode")).toBe("table"),
    );
    await waitFor(() => expect(document.querySelectorAll('[data-test="table-row"]')).toHaveLength(3));
  });

  it("shows the error display and a toast when the API answers 404", async () => {
    fakeFetch(() => ({ status: 404, body: { message: "Not found" } }));
    renderWithRouter(<ListView<Row> resource="chart" resourceLabel="chart" columns={columns} />, "/");
    expect(await screen.findByText("An error occurred while fetching charts: Not found")).toBeInTheDocument();
    expect(screen.getByText("Unexpected error")).toBeInTheDocument();
  });

  it("clears the selection when bulk select is turned off", async () => {
    const onSelect = vi.fn();
    renderList("/", 3, {
      renderCard: (r, ctx) => (
        <button type="button" onClick={ctx.toggleSelected}>
          {`${r.table_name}${ctx.selected ? " (selected)" : ""}`}
        </button>
      ),
      bulkActions: [{ key: "delete", name: "Delete", type: "danger", onSelect }],
    });
    await screen.findByText("t1");
    fireEvent.click(screen.getByRole("button", { name: "Bulk select" }));
    fireEvent.click(screen.getByText("t1"));
    expect(await screen.findByText("1 Selected")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Bulk select" }));
    fireEvent.click(screen.getByRole("button", { name: "Bulk select" }));
    expect(await screen.findByText("0 Selected")).toBeInTheDocument();
    expect(screen.queryByText("t1 (selected)")).toBeNull();
  });
});
