import { afterEach, describe, expect, it } from "vitest";
import { initialSqlLabState, makeEditor, type SqlLabState, sqlLabReducer } from "./editor-state";
import { loadLocal, saveLocal } from "./local-store";
import { makeTable } from "./table-schemas";

afterEach(() => localStorage.clear());

describe("localStorage fallback", () => {
  it("stores the unsaved copy merged in, and the tables without their preview run", () => {
    const editor = makeEditor([]);
    let s: SqlLabState = { ...initialSqlLabState, editors: [editor], tabHistory: [editor.id] };
    s = sqlLabReducer(s, { type: "updateEditor", id: editor.id, patch: { sql: "typed" } });
    s = sqlLabReducer(s, {
      type: "addTable",
      table: makeTable(
        { dbId: 1, queryEditorId: editor.id, catalog: null, schema: "main", name: "t" },
        { dataPreviewQueryId: "p1" },
      ),
    });
    saveLocal(s);
    const back = loadLocal();
    expect(back?.editors[0].sql).toBe("typed");
    expect(back?.unsavedEditor).toBeNull();
    expect(back?.tables[0]).toMatchObject({ name: "t", dataPreviewQueryId: null, isMetadataLoading: false });
    expect(back?.activeSouthPaneTab).toBe("results");
  });

  it("reads an entry stored before tables existed", () => {
    const editor = makeEditor([]);
    localStorage.setItem(
      "strata.sqllab.v1",
      JSON.stringify({ editors: [editor], tabHistory: [editor.id], queries: {}, destroyed: [] }),
    );
    expect(loadLocal()).toMatchObject({ tables: [], destroyedTables: [], unsavedEditor: null });
  });
});
