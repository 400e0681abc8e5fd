import type { DatabaseRow } from "@strata/contracts";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { useReducer, useRef } from "react";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "../../test/render";
import { initialSqlLabState, makeEditor, type SqlLabState, sqlLabReducer } from "./model/editor-state";
import { useQueryRuns } from "./use-query-runs";

const ASYNC_DB = [{ id: 1, database_name: "examples", allow_run_async: true }] as unknown as DatabaseRow[];

/** A server that answers a run with 202; the run is running at the first poll and ends as `end` at the next. */
function serve(end: Record<string, unknown>) {
  let clientId = "";
  let polls = 0;
  const api = fakeFetch((url, init) => {
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname === "/api/v1/sqllab/execute/") {
      clientId = JSON.parse(String(init?.body)).client_id;
      return { status: 202, body: { query: { id: clientId, state: "pending", progress: 0 } } };
    }
    if (url.pathname === "/api/v1/query/updated_since") {
      polls += 1;
      const row = polls < 2 ? { id: clientId, state: "running", progress: 50 } : { id: clientId, ...end };
      return { body: { result: [row] } };
    }
    if (url.pathname === "/api/v1/sqllab/results/")
      return {
        body: { status: "success", data: [{ n: 42 }], columns: [{ column_name: "n" }], query: { rows: 1 } },
      };
    return { body: {} };
  });
  return api;
}

function mount() {
  const editor = makeEditor([], { dbId: 1, schema: "main", tabStateId: 5 });
  const start: SqlLabState = { ...initialSqlLabState, editors: [editor], tabHistory: [editor.id] };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
  );
  const hook = renderHook(
    () => {
      const [state, dispatch] = useReducer(sqlLabReducer, start);
      const stateRef = useRef(state);
      stateRef.current = state;
      return { state, ...useQueryRuns(state, stateRef, dispatch, ASYNC_DB) };
    },
    { wrapper },
  );
  return { hook, editor };
}

const latestRun = (state: SqlLabState) => {
  const id = state.editors[0].latestQueryId;
  return id ? state.queries[id] : undefined;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("asynchronous runs: 202, then updated_since polling", () => {
  it("polls until the run succeeds, then fetches its results", async () => {
    const api = serve({ state: "success", progress: 100, resultsKey: "k-1", rows: 1 });
    const { hook, editor } = mount();
    await act(() => hook.result.current.run(editor, "SELECT 42 AS n"));
    await waitFor(() => expect(latestRun(hook.result.current.state)?.state).toBe("success"), {
      timeout: 5000,
    });
    expect(latestRun(hook.result.current.state)?.results?.data).toEqual([{ n: 42 }]);
    expect(api.calls("/api/v1/sqllab/results/")).toEqual(["(key:k-1,rows:1000)"]);
    const polls = api.calls("/api/v1/query/updated_since").length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(api.calls("/api/v1/query/updated_since")).toHaveLength(polls);
  });

  it("marks a run that failed on the server as failed with its message", async () => {
    serve({ state: "failed", errorMessage: "boom", errors: [] });
    const { hook, editor } = mount();
    await act(() => hook.result.current.run(editor, "SELECT 1"));
    await waitFor(() => expect(latestRun(hook.result.current.state)?.state).toBe("failed"), {
      timeout: 5000,
    });
    expect(latestRun(hook.result.current.state)?.errorMessage).toBe("boom");
  });
});
