import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../../test/render";
import { querySuccess, queryFailed, queryStopped, startQuery } from "../model/query-transitions";
import { ResultsPane } from "./results-pane";

const base = {
  id: "abc",
  sqlEditorId: "e1",
  dbId: 1,
  catalog: null,
  schema: "main",
  sql: "SELECT 1",
  tab: "Untitled Query 1",
  runAsync: true,
  templateParams: "",
  queryLimit: 2,
  startDttm: 1000,
};

function show(query: Parameters<typeof ResultsPane>[0]["query"]) {
  fakeFetch(() => ({ body: { result: [] } }));
  const onStop = vi.fn();
  renderWithRouter(
    <ResultsPane
      query={query}
      height={400}
      tab="results"
      onTabChange={() => {}}
      onStop={onStop}
      onOpenInNewTab={() => {}}
    />,
  );
  return onStop;
}

describe("results pane states (002 §4)", () => {
  it("shows pending with progress and a Stop button", async () => {
    const onStop = show(startQuery(base));
    expect(document.querySelector('[data-test="query-state"]')?.textContent).toBe("pending");
    screen.getByRole("button", { name: "Stop" }).click();
    expect(onStop).toHaveBeenCalled();
  });
  it("shows the row count and the limiting-factor notice on success", async () => {
    show(
      querySuccess(startQuery(base), {
        results: { data: [{ a: 1 }, { a: 2 }], columns: [{ column_name: "a", type_generic: 0 }] },
        limitingFactor: "DROPDOWN",
      }),
    );
    expect(document.querySelector('[data-test="row-count"]')?.textContent).toBe("2 rows returned");
    expect(document.querySelector('[data-test="limiting-factor"]')?.textContent).toContain("limited to 2");
    expect(await screen.findByRole("button", { name: /Download to CSV/ })).toBeDefined();
  });
  it("shows the error of a failed run", () => {
    show(
      queryFailed(
        startQuery(base),
        [{ error_type: "DML_NOT_ALLOWED_ERROR" as never, message: "DML is not allowed", level: "error" }],
        "DML is not allowed",
      ),
    );
    expect(document.querySelector('[data-test="query-error"]')?.textContent).toContain("DML is not allowed");
  });
  it("shows a stopped run", () => {
    show(queryStopped(startQuery(base)));
    expect(document.querySelector('[data-test="query-stopped"]')).not.toBeNull();
  });
});
