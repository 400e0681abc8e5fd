import { describe, expect, it } from "vitest";
import {
  activeEditorId,
  initialSqlLabState,
  makeEditor,
  NEW_TAB_SQL,
  type SqlLabState,
  sqlLabReducer,
} from "./editor-state";
import { querySuccess, startQuery } from "./query-transitions";

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
