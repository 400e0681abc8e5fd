import { describe, expect, it } from "vitest";
import {
  clearInactiveQueries,
  clearResults,
  queryFailed,
  queryFetching,
  queryStopped,
  querySuccess,
  refreshQuery,
  startQuery,
} from "./query-transitions";
import type { QueryRun } from "./types";

const base = {
  id: "abc",
  sqlEditorId: "e1",
  dbId: 1,
  catalog: null,
  schema: "main",
  sql: "SELECT 1",
  tab: "Untitled Query 1",
  runAsync: false,
  templateParams: "",
  queryLimit: 1000,
  startDttm: 1000,
};
const results = { data: [{ a: 1 }, { a: 2 }], columns: [{ column_name: "a" }] };
const error = { error_type: "GENERIC_DB_ENGINE_ERROR" as const, message: "boom", level: "error" as const };

describe("query run transitions (002 §4)", () => {
  it("starts running when sync, pending when async, at progress 0", () => {
    expect(startQuery(base)).toMatchObject({ state: "running", progress: 0 });
    expect(startQuery({ ...base, runAsync: true })).toMatchObject({ state: "pending", progress: 0 });
  });
  it("success sets progress 100, end time, rows, results key, cached false", () => {
    const q = querySuccess(
      startQuery(base),
      { status: "success", results, resultsKey: "k", limitingFactor: "DROPDOWN" },
      5000,
    );
    expect(q).toMatchObject({
      state: "success",
      progress: 100,
      endDttm: 5000,
      rows: 2,
      resultsKey: "k",
      cached: false,
      limitingFactor: "DROPDOWN",
    });
  });
  it("ignores a success after stop, or whose status is not success", () => {
    const stopped = queryStopped(startQuery(base));
    expect(querySuccess(stopped, { status: "success", results })).toBe(stopped);
    const running = startQuery(base);
    expect(querySuccess(running, { status: "failed", results })).toBe(running);
  });
  it("failure carries errors and message, ignored after stop", () => {
    expect(queryFailed(startQuery(base), [error], "boom", "http://x")).toMatchObject({
      state: "failed",
      errors: [error],
      errorMessage: "boom",
      link: "http://x",
    });
    const stopped = queryStopped(startQuery(base));
    expect(queryFailed(stopped, [error], "boom")).toBe(stopped);
  });
  it("stop empties the results; fetching marks fetching", () => {
    expect(queryStopped(startQuery(base)).results).toEqual({ data: [], columns: [] });
    expect(queryFetching(startQuery({ ...base, runAsync: true })).state).toBe("fetching");
  });
  it("clearing results empties the data and marks cached", () => {
    const q = clearResults(querySuccess(startQuery(base), { results }));
    expect(q.results?.data).toEqual([]);
    expect(q.cached).toBe(true);
  });
  it("refresh skips local stopped/failed and keeps local fetching/success/running on server success", () => {
    const stopped = queryStopped(startQuery(base));
    expect(refreshQuery(stopped, { id: "abc", state: "running" })).toBe(stopped);
    const failed = queryFailed(startQuery(base), [], "x");
    expect(refreshQuery(failed, { id: "abc", state: "success" })).toBe(failed);
    const fetching = queryFetching(startQuery(base));
    expect(refreshQuery(fetching, { id: "abc", state: "success", resultsKey: "k" })).toMatchObject({
      state: "fetching",
      resultsKey: "k",
    });
    const pending = startQuery({ ...base, runAsync: true });
    expect(refreshQuery(pending, { id: "abc", state: "running", progress: 40 })).toMatchObject({
      state: "running",
      progress: 40,
    });
  });
  it("refresh keeps a local success or running state on server success, and takes other server states", () => {
    const done = querySuccess(startQuery(base), { results });
    expect(refreshQuery(done, { id: "abc", state: "success", rows: 2 }).state).toBe("success");
    const running = startQuery(base);
    expect(refreshQuery(running, { id: "abc", state: "success", resultsKey: "k" })).toMatchObject({
      state: "running",
      resultsKey: "k",
    });
    expect(refreshQuery(running, { id: "abc", state: "failed", errorMessage: "no" })).toMatchObject({
      state: "failed",
      errorMessage: "no",
    });
  });
  it("clearing inactive queries drops old running/pending ones at progress 0", () => {
    const old: QueryRun = startQuery({ ...base, id: "old", startDttm: 0 });
    const oldPending: QueryRun = startQuery({ ...base, id: "oldPending", startDttm: 0, runAsync: true });
    const fresh: QueryRun = startQuery({ ...base, id: "fresh", startDttm: 9_500 });
    const moving: QueryRun = { ...startQuery({ ...base, id: "moving", startDttm: 0 }), progress: 40 };
    const fetching: QueryRun = { ...queryFetching(startQuery({ ...base, id: "fetching" })), startDttm: 0 };
    const done: QueryRun = querySuccess(startQuery({ ...base, id: "done", startDttm: 0 }), { results });
    const out = clearInactiveQueries({ old, oldPending, fresh, moving, fetching, done }, 1000, 10_000);
    expect(Object.keys(out).sort()).toEqual(["done", "fetching", "fresh", "moving"]);
    expect(out.done).toBe(done);
  });
  it("clearing inactive queries makes the others adopt the stored result status when they have a results key", () => {
    const loaded = querySuccess(startQuery(base), { results, resultsKey: "k" });
    expect(loaded.resultsState).toBe("success");
    // e.g. a refresh set it back to running after its results were stored
    const behind: QueryRun = { ...loaded, state: "running", progress: 100 };
    const noKey: QueryRun = { ...behind, id: "nokey", resultsKey: null };
    const out = clearInactiveQueries({ abc: behind, nokey: noKey }, 1000, 10_000);
    expect(out.abc.state).toBe("success");
    expect(out.nokey.state).toBe("running");
  });
  it("clearing inactive queries returns the same object when nothing changes", () => {
    const q = { abc: querySuccess(startQuery(base), { results, resultsKey: "k" }) };
    expect(clearInactiveQueries(q, 1000, 10_000)).toBe(q);
  });
});
