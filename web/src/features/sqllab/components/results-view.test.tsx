import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../../test/render";
import { querySuccess, startQuery } from "../model/query-transitions";
import { queryFromServer } from "../model/server-runs";
import { ResultsPane } from "./results-pane";
import type { QueryRun } from "../model/types";

const base = {
  id: "client-1",
  sqlEditorId: "e1",
  dbId: 3,
  catalog: null,
  schema: "main",
  sql: "SELECT * FROM t",
  tab: "Untitled Query 1",
  runAsync: false,
  templateParams: "",
  queryLimit: 1000,
  startDttm: 1000,
};

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ i }));
const cols = [{ column_name: "i", type_generic: 0 }];

function succeeded(shown: number, extra: Partial<QueryRun> & { rows?: number } = {}): QueryRun {
  const { rows, ...rest } = extra;
  return {
    ...querySuccess(startQuery(base), { results: { data: rowsOf(shown), columns: cols }, rows }),
    ...rest,
  };
}

function show(query: QueryRun) {
  fakeFetch(() => ({ body: { result: [] } }));
  const onOpenInNewTab = vi.fn();
  renderWithRouter(
    <ResultsPane
      query={query}
      height={400}
      tab="results"
      onTabChange={() => {}}
      onStop={() => {}}
      onOpenInNewTab={onOpenInNewTab}
    />,
  );
  return onOpenInNewTab;
}

const text = (test: string) => document.querySelector(`[data-test="${test}"]`)?.textContent ?? null;

afterEach(() => vi.restoreAllMocks());

describe("results view notices (limitingFactor, displayLimitReached)", () => {
  it("says nothing extra when the run was not limited", () => {
    show(succeeded(3, { limitingFactor: "NOT_LIMITED", displayLimitReached: false }));
    expect(text("row-count")).toBe("3 rows returned");
    expect(text("limiting-factor")).toBeNull();
    expect(text("display-limit")).toBeNull();
  });

  it.each([
    ["DROPDOWN", "Result limited to 1,000 rows by the limit selector"],
    ["QUERY", "Result limited to 5 rows by the LIMIT in the SQL"],
    ["QUERY_AND_DROPDOWN", "Result limited to 5 rows by both the LIMIT in the SQL and the limit selector"],
  ])("names the limit that cut the run: %s", (factor, expected) => {
    show(succeeded(5, { limitingFactor: factor }));
    expect(text("limiting-factor")).toBe(expected);
  });

  it("shows no limit notice for UNKNOWN", () => {
    show(succeeded(5, { limitingFactor: "UNKNOWN" }));
    expect(text("limiting-factor")).toBeNull();
  });

  it("tells that only the first rows are shown when the display limit was reached", () => {
    show(succeeded(10, { rows: 1_000_000, displayLimitReached: true, limitingFactor: "DROPDOWN" }));
    expect(text("row-count")).toBe("1000000 rows returned");
    expect(text("display-limit")).toBe(
      "Only the first 10 of 1,000,000 rows are shown; download the CSV for all of them",
    );
  });

  it("trusts the server's displayLimitReached over the counts", () => {
    show(succeeded(10, { rows: 20, displayLimitReached: false }));
    expect(text("display-limit")).toBeNull();
  });

  it("falls back to rows vs. shown when the server sends no flag", () => {
    show(succeeded(10, { rows: 20 }));
    expect(text("display-limit")).toContain("Only the first 10 of 20 rows");
  });

  it("downloads the CSV from the export endpoint of the run", async () => {
    show(succeeded(2));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${new URL(this.href).pathname}|${this.hasAttribute("download")}`);
    });
    (await screen.findByRole("button", { name: /Download to CSV/ })).click();
    expect(clicked).toEqual(["/api/v1/sqllab/export/client-1/|true"]);
  });
});

describe("CTAS outcome", () => {
  it("says which table was created and opens SELECT * in a new tab on the same database", () => {
    const onOpen = show(
      succeeded(0, { ctas: true, ctas_method: "TABLE", tempTable: "my_table", tempSchema: "main" }),
    );
    expect(text("ctas-message")).toBe("Table main.my_table was created");
    expect(text("row-count")).toBeNull();
    screen.getByRole("button", { name: "Query in a new tab" }).click();
    expect(onOpen).toHaveBeenCalledWith("SELECT * FROM main.my_table", 3, "main");
  });

  it("shows the outcome again for a CTAS run restored from the tab state's latest_query", () => {
    const restored = queryFromServer(
      {
        id: "client-2",
        query_id: 5,
        state: "success",
        dbId: 3,
        schema: "main",
        sql: "SELECT 1",
        ctas: true,
        ctas_method: "TABLE",
        tmp_table_name: "kept_table",
        tempSchema: "main",
      },
      "e1",
    );
    show(restored);
    expect(text("ctas-message")).toBe("Table main.kept_table was created");
  });

  it("names a view, falls back to the query's schema and quotes odd names", () => {
    const onOpen = show(
      succeeded(0, { ctas: true, ctas_method: "VIEW", tempTable: "My View", tempSchema: null }),
    );
    expect(text("ctas-message")).toBe("View main.My View was created");
    screen.getByRole("button", { name: "Query in a new tab" }).click();
    expect(onOpen).toHaveBeenCalledWith('SELECT * FROM main."My View"', 3, "main");
  });
});
