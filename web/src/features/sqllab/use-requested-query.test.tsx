import { act, screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../test/render";
import { makeEditor } from "./model/editor-state";
import type { QueryEditor } from "./model/types";
import { requestedTabPatch, useRequestedQuery } from "./use-requested-query";

function Harness({ openTab }: { openTab: (patch: Partial<QueryEditor>) => void }) {
  useRequestedQuery(true, openTab);
  const location = useLocation();
  return (
    <div data-test="where">
      {location.pathname}
      {location.search}|{location.state ? "state" : "no-state"}
    </div>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("requested query (000 §2)", () => {
  it("fetches ?incoming=<key>, opens a tab with its SQL, database and schema, and drops the parameter", async () => {
    const api = fakeFetch((url) =>
      url.pathname === "/api/v1/sqllab/incoming/k1"
        ? {
            body: {
              result: { sql: "SELECT * FROM t", database_id: 7, schema: "main", datasource_key: "7__table" },
            },
          }
        : { status: 404, body: { message: "Not found" } },
    );
    const openTab = vi.fn();
    renderWithRouter(<Harness openTab={openTab} />, "/sqllab/?incoming=k1&savedQueryId=3");
    await waitFor(() => expect(openTab).toHaveBeenCalledTimes(1));
    expect(openTab).toHaveBeenCalledWith({ sql: "SELECT * FROM t", dbId: 7, schema: "main", catalog: null });
    expect(screen.getByText(/\/sqllab\//).textContent).toBe("/sqllab/?savedQueryId=3|no-state");
    expect(api.fetch.mock.calls.filter(([u]) => String(u).includes("/incoming/"))).toHaveLength(1);
  });

  it("shows the error toast and still drops the parameter when the key is unknown", async () => {
    fakeFetch(() => ({ status: 404, body: { message: "Not found" } }));
    const openTab = vi.fn();
    renderWithRouter(<Harness openTab={openTab} />, "/sqllab/?incoming=gone");
    await screen.findByText("An error occurred while loading the SQL");
    expect(openTab).not.toHaveBeenCalled();
    expect(screen.getByText(/\/sqllab\//).textContent).toBe("/sqllab/|no-state");
  });

  it("opens a tab from router state without a fetch and clears the state", async () => {
    const api = fakeFetch(() => ({ body: {} }));
    const openTab = vi.fn();
    const { router } = renderWithRouter(<Harness openTab={openTab} />, "/sqllab/");
    expect(openTab).not.toHaveBeenCalled();
    await act(() =>
      router.navigate("/sqllab/", {
        state: { requestedQuery: { sql: "SELECT 2", dbId: 3, schema: "s", datasourceKey: "5__table" } },
      }),
    );
    await waitFor(() => expect(openTab).toHaveBeenCalledTimes(1));
    expect(openTab).toHaveBeenCalledWith({ sql: "SELECT 2", dbId: 3, schema: "s", catalog: null });
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it("ignores state that is not a requested query", async () => {
    const openTab = vi.fn();
    const { router } = renderWithRouter(<Harness openTab={openTab} />, "/sqllab/");
    await act(() => router.navigate("/sqllab/", { state: { requestedQuery: { nope: 1 } } }));
    expect(openTab).not.toHaveBeenCalled();
  });
});

describe("requestedTabPatch", () => {
  it("keeps the new-tab defaults for what is not given, and the next 'Untitled Query N' name", () => {
    const patch = requestedTabPatch({ sql: "SELECT 1" });
    expect(patch).toEqual({ sql: "SELECT 1" });
    const existing = [makeEditor([], { dbId: 1, schema: "a" })];
    const ed = makeEditor(existing, patch);
    expect(ed.name).toBe("Untitled Query 2");
    expect(ed.dbId).toBe(1);
    expect(ed.schema).toBe("a");
    expect(makeEditor(existing, requestedTabPatch({ sql: "x", dbId: 9 })).schema).toBeNull();
  });
});
