import { describe, expect, it } from "vitest";
import {
  initialSqlLabState,
  makeEditor,
  type SqlLabState,
  southPaneTabOf,
  sqlLabReducer,
  tablesOf,
} from "./editor-state";
import { querySuccess, startQuery } from "./query-transitions";
import {
  columnKeys,
  makeTable,
  metadataPatch,
  RESULTS_TAB,
  sameTable,
  tableFromServer,
  tableToServer,
} from "./table-schemas";

function twoTabs(): SqlLabState {
  let s = initialSqlLabState;
  for (let i = 0; i < 2; i++) s = sqlLabReducer(s, { type: "addEditor", editor: makeEditor(s.editors) });
  return s;
}

const ident = (editorId: string, name: string, schema: string | null = "main") => ({
  dbId: 1,
  queryEditorId: editorId,
  catalog: null,
  schema,
  name,
});

function add(s: SqlLabState, editorId: string, name: string, schema: string | null = "main") {
  return sqlLabReducer(s, { type: "mergeTable", table: makeTable(ident(editorId, name, schema)) });
}

describe("tables in the editor (002 §4)", () => {
  it("merging matches on db, editor, catalog, schema and name", () => {
    const a = ident("e1", "t");
    expect(sameTable(a, { ...a })).toBe(true);
    expect(sameTable(a, { ...a, dbId: 2 })).toBe(false);
    expect(sameTable(a, { ...a, queryEditorId: "e2" })).toBe(false);
    expect(sameTable(a, { ...a, catalog: "c" })).toBe(false);
    expect(sameTable(a, { ...a, schema: "other" })).toBe(false);
    expect(sameTable(a, { ...a, name: "u" })).toBe(false);
  });

  it("adding the same table twice keeps one; another schema or tab is another table", () => {
    let s = twoTabs();
    const [e1, e2] = s.editors;
    s = add(s, e1.id, "birth_names");
    const first = s.tables[0];
    s = add(s, e1.id, "birth_names");
    expect(s.tables).toHaveLength(1);
    expect(s.tables[0].id).toBe(first.id);
    s = add(s, e1.id, "birth_names", "other");
    s = add(s, e2.id, "birth_names");
    expect(s.tables).toHaveLength(3);
    expect(tablesOf(s, e1.id)).toHaveLength(2);
  });

  it("adding a table the tab has expands it and keeps its metadata", () => {
    let s = twoTabs();
    const e = s.editors[0].id;
    s = sqlLabReducer(s, { type: "addTable", table: makeTable(ident(e, "t")) });
    const id = s.tables[0].id;
    s = sqlLabReducer(s, {
      type: "mergeTable",
      table: { ...ident(e, "t"), ...metadataPatch({ columns: [{ name: "a", type: "INTEGER" }] }) },
    });
    s = sqlLabReducer(s, { type: "setTableExpanded", id, expanded: false });
    s = sqlLabReducer(s, { type: "setSouthPaneTab", tab: RESULTS_TAB });
    s = sqlLabReducer(s, { type: "addTable", table: makeTable(ident(e, "t")) });
    expect(s.tables).toHaveLength(1);
    expect(s.tables[0]).toMatchObject({ id, expanded: true, isMetadataLoading: false });
    expect(s.tables[0].columns).toHaveLength(1);
    expect(s.activeSouthPaneTab).toBe(id);
  });

  it("a merge updates only the given fields and does not move the south pane unless it expands", () => {
    let s = add(twoTabs(), "x", "t");
    const id = s.tables[0].id;
    s = sqlLabReducer(s, { type: "setSouthPaneTab", tab: RESULTS_TAB });
    s = sqlLabReducer(s, {
      type: "mergeTable",
      table: { ...ident("x", "t"), ...metadataPatch({ columns: [{ name: "a", type: "INTEGER" }] }) },
    });
    expect(s.tables[0]).toMatchObject({ id, expanded: true, isMetadataLoading: false });
    expect(s.tables[0].columns).toEqual([{ name: "a", type: "INTEGER" }]);
    expect(s.activeSouthPaneTab).toBe(RESULTS_TAB);
    s = sqlLabReducer(s, { type: "mergeTable", table: { ...ident("x", "t"), expanded: true } });
    expect(s.activeSouthPaneTab).toBe(id);
  });

  it("an added (expanded) table becomes the active south-pane tab; expanding does too", () => {
    let s = twoTabs();
    const e = s.editors[1].id;
    s = add(s, e, "a");
    const a = s.tables[0].id;
    expect(s.activeSouthPaneTab).toBe(a);
    s = add(s, e, "b");
    expect(s.activeSouthPaneTab).toBe(s.tables[1].id);
    s = sqlLabReducer(s, { type: "setTableExpanded", id: a, expanded: false });
    expect(s.tables[0].expanded).toBe(false);
    expect(s.activeSouthPaneTab).toBe(s.tables[1].id);
    s = sqlLabReducer(s, { type: "setTableExpanded", id: a, expanded: true });
    expect(s.tables[0].expanded).toBe(true);
    expect(s.activeSouthPaneTab).toBe(a);
  });

  it("removing the active table falls back to another table of the same tab, then to 'Results'", () => {
    let s = twoTabs();
    const [e1, e2] = s.editors;
    s = add(s, e1.id, "a");
    s = add(s, e2.id, "other-tab");
    s = add(s, e1.id, "b");
    const [a, , b] = s.tables;
    s = sqlLabReducer(s, { type: "removeTable", id: b.id });
    expect(s.activeSouthPaneTab).toBe(a.id);
    s = sqlLabReducer(s, { type: "removeTable", id: a.id });
    expect(s.activeSouthPaneTab).toBe(RESULTS_TAB);
    expect(s.tables.map((tb) => tb.name)).toEqual(["other-tab"]);
  });

  it("removing a table that is not shown keeps the south pane; stored ones are recorded for deletion", () => {
    let s = twoTabs();
    const e = s.editors[0].id;
    s = add(s, e, "a");
    s = add(s, e, "b");
    const [a, b] = s.tables;
    s = sqlLabReducer(s, { type: "tableSynced", id: a.id, serverId: 7 });
    s = sqlLabReducer(s, { type: "removeTable", id: a.id });
    expect(s.activeSouthPaneTab).toBe(b.id);
    expect(s.destroyedTables).toEqual([7]);
    s = sqlLabReducer(s, { type: "removeTable", id: b.id });
    expect(s.destroyedTables).toEqual([7]);
  });

  it("a table of another tab is not shown: the pane shows 'Results' there", () => {
    let s = twoTabs();
    const [e1, e2] = s.editors;
    s = add(s, e1.id, "a");
    expect(southPaneTabOf(s, e1.id)).toBe(s.tables[0].id);
    expect(southPaneTabOf(s, e2.id)).toBe(RESULTS_TAB);
  });

  it("a data preview belongs to its table: the tab's latest query and results stay", () => {
    let s = twoTabs();
    const e = s.editors[1];
    const run = (id: string, isDataPreview = false) =>
      startQuery({
        id,
        sqlEditorId: e.id,
        dbId: 1,
        catalog: null,
        schema: "main",
        sql: "x",
        tab: e.name,
        runAsync: false,
        templateParams: "",
        queryLimit: 100,
        startDttm: 0,
        isDataPreview,
      });
    s = sqlLabReducer(s, { type: "startQuery", query: run("main") });
    s = sqlLabReducer(s, {
      type: "updateQuery",
      id: "main",
      update: (q) => querySuccess(q, { results: { data: [{ a: 1 }], columns: [{ column_name: "a" }] } }),
    });
    s = add(s, e.id, "t");
    const table = s.tables[0];
    s = sqlLabReducer(s, { type: "startQuery", query: run("p1", true), tableId: table.id });
    expect(s.tables[0].dataPreviewQueryId).toBe("p1");
    expect(s.editors[1].latestQueryId).toBe("main");
    expect(s.queries.main.results?.data).toEqual([{ a: 1 }]);
    // A new preview replaces the old one; removing the table drops its preview.
    s = sqlLabReducer(s, { type: "startQuery", query: run("p2", true), tableId: table.id });
    expect(s.queries.p1).toBeUndefined();
    s = sqlLabReducer(s, { type: "removeTable", id: table.id });
    expect(s.queries.p2).toBeUndefined();
    expect(s.queries.main).toBeDefined();
  });

  it("removing a tab drops its tables (the server deletes them with the tab)", () => {
    let s = twoTabs();
    const [e1, e2] = s.editors;
    s = add(s, e1.id, "a");
    s = add(s, e2.id, "b");
    s = sqlLabReducer(s, { type: "tableSynced", id: s.tables[0].id, serverId: 3 });
    s = sqlLabReducer(s, { type: "removeEditor", id: e1.id });
    expect(s.tables.map((tb) => tb.name)).toEqual(["b"]);
    expect(s.destroyedTables).toEqual([]);
  });
});

describe("table schema persistence shape (002 §3, §7)", () => {
  const table = makeTable(ident("local-1", "birth_names"), {
    ...metadataPatch({
      columns: [{ name: "id", type: "INTEGER" }, { name: "name" }],
      selectStar: "SELECT * FROM main.birth_names LIMIT 100",
      primaryKey: { constrained_columns: ["id"], name: "pk", type: "pk" },
      foreignKeys: [{ constrained_columns: ["name"], referred_table: "names", referred_columns: ["n"] }],
      indexes: [{ name: "ix", column_names: ["name"] }],
    }),
    expanded: false,
  });

  it("posts the tab state id as queryEditorId and the metadata for the description", () => {
    expect(tableToServer(table, 42)).toEqual({
      queryEditorId: 42,
      dbId: 1,
      catalog: null,
      schema: "main",
      name: "birth_names",
      expanded: false,
      columns: [
        { name: "id", type: "INTEGER" },
        { name: "name", type: "" },
      ],
      selectStar: "SELECT * FROM main.birth_names LIMIT 100",
      primaryKey: { constrained_columns: ["id"], name: "pk", type: "pk" },
      foreignKeys: [{ constrained_columns: ["name"], referred_table: "names", referred_columns: ["n"] }],
      indexes: [{ name: "ix", column_names: ["name"] }],
      dataPreviewQueryId: null,
    });
  });

  it("restores a stored row (description as JSON text or parsed) into a table of the tab", () => {
    const {
      queryEditorId: _q,
      dbId: _d,
      name: _n,
      schema: _s,
      catalog: _c,
      expanded: _e,
      ...rest
    } = tableToServer(table, 42);
    const row = {
      id: 9,
      tab_state_id: 42,
      database_id: 1,
      catalog: null,
      schema: "main",
      table: "birth_names",
      expanded: false,
    };
    for (const description of [JSON.stringify(rest), rest]) {
      const restored = tableFromServer({ ...row, description }, "local-2");
      expect(restored).toMatchObject({
        serverId: 9,
        queryEditorId: "local-2",
        dbId: 1,
        schema: "main",
        name: "birth_names",
        expanded: false,
        columns: table.columns,
        selectStar: table.selectStar,
        primaryKey: table.primaryKey,
        isMetadataLoading: false,
      });
    }
    expect(tableFromServer({ ...row, description: "not json" }, "x").columns).toEqual([]);
  });

  it("marks primary key, foreign key and index columns", () => {
    expect(columnKeys(table, "id")).toEqual({ primary: true, foreign: false, indexed: false });
    expect(columnKeys(table, "name")).toEqual({ primary: false, foreign: true, indexed: true });
  });
});
