import type { DatabaseRow } from "@strata/contracts";
import { act, renderHook, waitFor } from "@testing-library/react";
import { useReducer, useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "../../../../test/render";
import { initialSqlLabState, makeEditor, type SqlLabState, sqlLabReducer } from "../../model/editor-state";
import { useTableSchemas } from "./use-table-schemas";

const META = {
  name: "birth_names",
  columns: [
    { name: "name", type: "VARCHAR" },
    { name: "num", type: "BIGINT" },
  ],
  selectStar: 'SELECT\n  "name",\n  "num"\nFROM "main"."birth_names"\nLIMIT 100',
  primaryKey: { constrained_columns: null, name: null, type: "pk" },
  foreignKeys: [],
  indexes: [],
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function serve(opts: { disablePreview?: boolean } = {}) {
  const calls: Call[] = [];
  let nextId = 10;
  fakeFetch((url, init) => {
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    if (url.pathname !== "/api/v1/security/csrf_token/") calls.push({ method, path: url.pathname, body });
    if (url.pathname === "/api/v1/security/csrf_token/") return { body: { result: "tok" } };
    if (url.pathname.endsWith("/table_metadata/")) return { body: META };
    if (url.pathname === "/tableschemaview/") return { body: { id: ++nextId } };
    if (url.pathname === "/api/v1/sqllab/execute/")
      return {
        body: {
          status: "success",
          data: [{ name: "Aaron", num: 1 }],
          columns: [{ column_name: "name" }, { column_name: "num" }],
          query: { rows: 1 },
        },
      };
    return { body: { message: "OK" } };
  });
  const databases = [{ id: 1, database_name: "examples", disable_data_preview: opts.disablePreview }];
  return { calls, databases: databases as unknown as DatabaseRow[] };
}

function mount(databases: DatabaseRow[], tabStateId: number | null) {
  const editor = makeEditor([], { dbId: 1, schema: "main", tabStateId, inLocalStorage: tabStateId === null });
  const start: SqlLabState = { ...initialSqlLabState, editors: [editor], tabHistory: [editor.id] };
  const onBackendError = vi.fn();
  const hook = renderHook(() => {
    const [state, dispatch] = useReducer(sqlLabReducer, start);
    const backendOn = useRef(true);
    const api = useTableSchemas({ state, dispatch, loaded: true, databases, backendOn, onBackendError });
    return { state, dispatch, api };
  });
  return { hook, editor, onBackendError };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("table schemas: metadata, preview and persistence (002 §3/§4/§7)", () => {
  it("fetches the metadata, stores the table with the tab state id, then expanded flags and removal", async () => {
    const { calls, databases } = serve();
    const { hook, editor, onBackendError } = mount(databases, 5);
    act(() => hook.result.current.api.addTable(editor, "birth_names"));
    await waitFor(() => expect(hook.result.current.state.tables[0]?.serverId).toBe(11));
    const table = hook.result.current.state.tables[0];
    expect(table.columns.map((c) => c.name)).toEqual(["name", "num"]);
    const posted = calls.find((c) => c.path === "/tableschemaview/");
    expect(posted?.method).toBe("POST");
    expect(posted?.body).toEqual({
      table: {
        queryEditorId: 5,
        dbId: 1,
        catalog: null,
        schema: "main",
        name: "birth_names",
        expanded: true,
        columns: META.columns,
        selectStar: META.selectStar,
        primaryKey: META.primaryKey,
        foreignKeys: [],
        indexes: [],
        dataPreviewQueryId: null,
      },
    });

    act(() => hook.result.current.api.setExpanded(table, false));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "/tableschemaview/11/expanded")?.body).toEqual({ expanded: false }),
    );
    act(() => hook.result.current.api.removeTable(hook.result.current.state.tables[0]));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.path === "/tableschemaview/11")).toBe(true),
    );
    expect(hook.result.current.state.tables).toEqual([]);
    expect(onBackendError).not.toHaveBeenCalled();
  });

  it("adding the same table again does not store it twice", async () => {
    const { calls, databases } = serve();
    const { hook, editor } = mount(databases, 5);
    act(() => hook.result.current.api.addTable(editor, "birth_names"));
    await waitFor(() => expect(hook.result.current.state.tables[0]?.serverId).toBe(11));
    act(() => hook.result.current.api.addTable(editor, "birth_names"));
    await new Promise((r) => setTimeout(r, 20));
    expect(hook.result.current.state.tables).toHaveLength(1);
    expect(calls.filter((c) => c.path === "/tableschemaview/")).toHaveLength(1);
  });

  it("a table of a tab still in local storage is stored once the tab is (migration)", async () => {
    const { calls, databases } = serve();
    const { hook, editor } = mount(databases, null);
    act(() => hook.result.current.api.addTable(editor, "birth_names"));
    await waitFor(() => expect(hook.result.current.state.tables[0]?.isMetadataLoading).toBe(false));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.path === "/tableschemaview/")).toBe(false);
    act(() =>
      hook.result.current.dispatch({
        type: "updateEditor",
        id: editor.id,
        patch: { tabStateId: 8, inLocalStorage: false },
      }),
    );
    await waitFor(() => expect(hook.result.current.state.tables[0]?.serverId).toBe(11));
    const posted = calls.find((c) => c.path === "/tableschemaview/")?.body as {
      table: { queryEditorId: number };
    };
    expect(posted.table.queryEditorId).toBe(8);
  });

  it("runs the data preview once as an isDataPreview run tied to the table", async () => {
    const { calls, databases } = serve();
    const { hook, editor } = mount(databases, 5);
    act(() => hook.result.current.api.addTable(editor, "birth_names"));
    await waitFor(() => expect(hook.result.current.state.tables[0]?.isMetadataLoading).toBe(false));
    const table = hook.result.current.state.tables[0];
    await act(() => hook.result.current.api.runPreview(table));
    await act(() => hook.result.current.api.runPreview(table));
    const runs = calls.filter((c) => c.path === "/api/v1/sqllab/execute/");
    expect(runs).toHaveLength(1);
    expect(runs[0].body).toMatchObject({ runAsync: false, queryLimit: 100, database_id: 1 });
    expect((runs[0].body as { sql: string }).sql).toContain('FROM "main"."birth_names"');
    const s = hook.result.current.state;
    const preview = s.queries[s.tables[0].dataPreviewQueryId ?? ""];
    expect(preview).toMatchObject({ isDataPreview: true, state: "success" });
    expect(s.editors[0].latestQueryId).toBeNull();
  });

  it("runs no preview when the database disables data preview", async () => {
    const { calls, databases } = serve({ disablePreview: true });
    const { hook, editor } = mount(databases, 5);
    expect(hook.result.current.api.previewAllowed(1)).toBe(false);
    act(() => hook.result.current.api.addTable(editor, "birth_names"));
    await waitFor(() => expect(hook.result.current.state.tables[0]?.isMetadataLoading).toBe(false));
    await act(() => hook.result.current.api.runPreview(hook.result.current.state.tables[0]));
    expect(calls.some((c) => c.path === "/api/v1/sqllab/execute/")).toBe(false);
  });
});
