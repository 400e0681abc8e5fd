import { describe, expect, it } from "vitest";
import {
  activeEditorId,
  editorOf,
  editorsOf,
  initialSqlLabState,
  makeEditor,
  NEW_TAB_SQL,
  type SqlLabState,
  sqlLabReducer,
} from "./editor-state";
import { queryFailed, queryStopped, querySuccess, startQuery } from "./query-transitions";

function withTabs(n: number): SqlLabState {
  let s = initialSqlLabState;
  for (let i = 0; i < n; i++) s = sqlLabReducer(s, { type: "addEditor", editor: makeEditor(s.editors) });
  return s;
}

describe("tabs (002 §2, §4)", () => {
  it("new tabs get the next untitled name and the SELECT placeholder, and become active", () => {
    const s = withTabs(3);
    expect(s.editors.map((e) => e.name)).toEqual([
      "Untitled Query 1",
      "Untitled Query 2",
      "Untitled Query 3",
    ]);
    expect(s.editors[0].sql).toBe(NEW_TAB_SQL);
    expect(activeEditorId(s)).toBe(s.editors[2].id);
  });
  it("switching wraps around forwards and backwards", () => {
    let s = withTabs(3);
    s = sqlLabReducer(s, { type: "switchTab", direction: 1 });
    expect(activeEditorId(s)).toBe(s.editors[0].id);
    s = sqlLabReducer(s, { type: "switchTab", direction: -1 });
    expect(activeEditorId(s)).toBe(s.editors[2].id);
  });
  it("removing a tab drops its queries, falls back in history and records the server id", () => {
    let s = withTabs(2);
    const [a, b] = s.editors;
    s = sqlLabReducer(s, { type: "updateEditor", id: b.id, patch: { tabStateId: 42 } });
    s = sqlLabReducer(s, {
      type: "startQuery",
      query: startQuery({
        id: "q1",
        sqlEditorId: b.id,
        dbId: 1,
        catalog: null,
        schema: null,
        sql: "x",
        tab: "",
        runAsync: false,
        templateParams: "",
        queryLimit: 10,
        startDttm: 0,
      }),
    });
    s = sqlLabReducer(s, { type: "removeEditor", id: b.id });
    expect(s.editors).toHaveLength(1);
    expect(s.queries).toEqual({});
    expect(s.destroyed).toEqual([42]);
    expect(activeEditorId(s)).toBe(a.id);
  });
  it("an empty history makes the last tab active", () => {
    let s = withTabs(3);
    s = { ...s, tabHistory: [s.editors[1].id] };
    s = sqlLabReducer(s, { type: "removeEditor", id: s.editors[1].id });
    expect(s.tabHistory).toEqual([s.editors[1].id]);
  });
  it("a new run empties the previous latest query's data", () => {
    let s = withTabs(1);
    const ed = s.editors[0];
    const mk = (id: string) =>
      startQuery({
        id,
        sqlEditorId: ed.id,
        dbId: 1,
        catalog: null,
        schema: null,
        sql: "x",
        tab: "",
        runAsync: false,
        templateParams: "",
        queryLimit: 10,
        startDttm: 0,
      });
    s = sqlLabReducer(s, { type: "startQuery", query: mk("q1") });
    s = sqlLabReducer(s, {
      type: "updateQuery",
      id: "q1",
      update: (q) => querySuccess(q, { results: { data: [{ a: 1 }], columns: [{ column_name: "a" }] } }),
    });
    s = sqlLabReducer(s, { type: "startQuery", query: mk("q2") });
    expect(s.queries.q1.results?.data).toEqual([]);
    expect(s.queries.q1.cached).toBe(true);
    expect(s.editors[0].latestQueryId).toBe("q2");
    expect(s.queries.q2.state).toBe("running");
  });
});

describe("the unsaved copy of the active tab (002 §4)", () => {
  it("edits to the active tab go to the unsaved copy and leave the tab list as it is", () => {
    const s0 = withTabs(2);
    const active = s0.editors[1];
    let s = sqlLabReducer(s0, { type: "updateEditor", id: active.id, patch: { sql: "SELECT 1" } });
    s = sqlLabReducer(s, {
      type: "updateEditor",
      id: active.id,
      patch: { sql: "SELECT 12", schema: "main" },
    });
    expect(s.editors).toBe(s0.editors);
    expect(s.unsavedEditor?.id).toBe(active.id);
    expect(editorOf(s, active.id)).toMatchObject({ sql: "SELECT 12", schema: "main" });
    expect(editorsOf(s)[1].sql).toBe("SELECT 12");
    expect(editorOf(s, active.id)?.updatedAt).toBeGreaterThanOrEqual(active.updatedAt);
  });

  it("edits to another tab go to the tab list", () => {
    let s = withTabs(2);
    s = sqlLabReducer(s, { type: "updateEditor", id: s.editors[1].id, patch: { sql: "typed" } });
    const other = s.editors[0];
    const before = s.unsavedEditor;
    s = sqlLabReducer(s, { type: "updateEditor", id: other.id, patch: { name: "Renamed" } });
    expect(s.editors[0].name).toBe("Renamed");
    expect(s.unsavedEditor).toBe(before);
  });

  it("switching tabs merges the unsaved copy back", () => {
    let s = withTabs(2);
    const [a, b] = s.editors;
    s = sqlLabReducer(s, { type: "updateEditor", id: b.id, patch: { sql: "typed in b" } });
    s = sqlLabReducer(s, { type: "setActive", id: a.id });
    expect(s.unsavedEditor).toBeNull();
    expect(s.editors[1].sql).toBe("typed in b");
    s = sqlLabReducer(s, { type: "updateEditor", id: a.id, patch: { sql: "typed in a" } });
    s = sqlLabReducer(s, { type: "switchTab", direction: 1 });
    expect(s.editors[0].sql).toBe("typed in a");
    s = sqlLabReducer(s, { type: "updateEditor", id: b.id, patch: { sql: "again" } });
    s = sqlLabReducer(s, { type: "addEditor", editor: makeEditor(editorsOf(s)) });
    expect(s.editors[1].sql).toBe("again");
    expect(s.unsavedEditor).toBeNull();
  });

  it("closing the active tab records the server id it got while active, and drops its copy", () => {
    let s = withTabs(2);
    const [a, b] = s.editors;
    s = sqlLabReducer(s, { type: "updateEditor", id: b.id, patch: { tabStateId: 5, sql: "x" } });
    s = sqlLabReducer(s, { type: "removeEditor", id: b.id });
    expect(s.destroyed).toEqual([5]);
    expect(s.unsavedEditor).toBeNull();
    expect(activeEditorId(s)).toBe(a.id);
  });

  it("closing another tab keeps the active tab's copy", () => {
    let s = withTabs(2);
    const [a, b] = s.editors;
    s = sqlLabReducer(s, { type: "updateEditor", id: b.id, patch: { sql: "kept" } });
    s = sqlLabReducer(s, { type: "removeEditor", id: a.id });
    expect(editorOf(s, b.id)?.sql).toBe("kept");
  });

  it("a run of the active tab sets its latest query while the copy keeps the text", () => {
    let s = withTabs(1);
    const ed = s.editors[0];
    s = sqlLabReducer(s, { type: "updateEditor", id: ed.id, patch: { sql: "SELECT 2" } });
    s = sqlLabReducer(s, { type: "startQuery", query: run(ed.id, "q1") });
    expect(editorOf(s, ed.id)).toMatchObject({ sql: "SELECT 2", latestQueryId: "q1" });
  });
});

function run(editorId: string, id: string) {
  return startQuery({
    id,
    sqlEditorId: editorId,
    dbId: 1,
    catalog: null,
    schema: null,
    sql: "x",
    tab: "",
    runAsync: false,
    templateParams: "",
    queryLimit: 10,
    startDttm: 0,
  });
}

describe("query runs through the reducer (002 §4)", () => {
  const results = { data: [{ a: 1 }], columns: [{ column_name: "a" }] };

  it("a late success or failure after a stop is ignored", () => {
    let s = withTabs(1);
    s = sqlLabReducer(s, { type: "startQuery", query: run(s.editors[0].id, "q1") });
    s = sqlLabReducer(s, { type: "updateQuery", id: "q1", update: queryStopped });
    const stopped = s;
    s = sqlLabReducer(s, { type: "updateQuery", id: "q1", update: (q) => querySuccess(q, { results }) });
    s = sqlLabReducer(s, { type: "updateQuery", id: "q1", update: (q) => queryFailed(q, [], "late") });
    expect(s).toBe(stopped);
    expect(s.queries.q1).toMatchObject({ state: "stopped", results: { data: [], columns: [] } });
  });

  it("a result for a query that is gone (tab closed) changes nothing", () => {
    let s = withTabs(2);
    s = sqlLabReducer(s, { type: "startQuery", query: run(s.editors[0].id, "q1") });
    s = sqlLabReducer(s, { type: "removeEditor", id: s.editors[0].id });
    const after = sqlLabReducer(s, {
      type: "updateQuery",
      id: "q1",
      update: (q) => querySuccess(q, { results }),
    });
    expect(after).toBe(s);
  });

  it("clearing inactive queries drops stale running ones and keeps the state when nothing changes", () => {
    let s = withTabs(1);
    s = sqlLabReducer(s, { type: "startQuery", query: run(s.editors[0].id, "q1") });
    const same = sqlLabReducer(s, { type: "clearInactiveQueries", intervalMs: 60_000, now: 1000 });
    expect(same).toBe(s);
    s = sqlLabReducer(s, { type: "clearInactiveQueries", intervalMs: 60_000, now: 120_000 });
    expect(s.queries).toEqual({});
  });
});
