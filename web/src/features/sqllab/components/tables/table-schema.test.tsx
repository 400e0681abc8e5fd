import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, renderWithRouter } from "../../../../test/render";
import { querySuccess, startQuery } from "../../model/query-transitions";
import { makeTable, metadataPatch } from "../../model/table-schemas";
import type { TableSchema } from "../../model/types";
import { ResultsPane } from "../results-pane";
import { selectStarOf, TableSchemaCard } from "./table-schema-card";
import type { TableTabs } from "./table-tab";

const dt = (id: string) => `[data-test="${id}"]`;

function table(patch: Partial<TableSchema> = {}): TableSchema {
  return makeTable(
    { dbId: 1, queryEditorId: "e1", catalog: null, schema: "main", name: "birth_names" },
    {
      ...metadataPatch({
        columns: [
          { name: "id", type: "INTEGER" },
          { name: "gender", type: "VARCHAR" },
        ],
        selectStar: "SELECT id, gender FROM main.birth_names LIMIT 100",
        primaryKey: { constrained_columns: ["id"] },
        indexes: [{ name: "ix", column_names: ["gender"] }],
      }),
      ...patch,
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("table schema card in the left bar", () => {
  it("shows columns with types and keys when expanded; toggles and removes", () => {
    fakeFetch(() => ({ body: {} }));
    const tb = table();
    const onExpandedChange = vi.fn();
    const onRemove = vi.fn();
    const onInsertSelectStar = vi.fn();
    renderWithRouter(
      <TableSchemaCard
        table={tb}
        onExpandedChange={onExpandedChange}
        onRemove={onRemove}
        onInsertSelectStar={onInsertSelectStar}
      />,
    );
    const card = document.querySelector(dt("table-schema-birth_names")) as HTMLElement;
    expect(card.querySelectorAll(dt("table-schema-column"))).toHaveLength(2);
    expect(card.textContent).toContain("VARCHAR");
    expect(card.querySelectorAll(dt("column-primary-key"))).toHaveLength(1);
    expect(card.querySelectorAll(dt("column-index"))).toHaveLength(1);
    (card.querySelector(dt("table-schema-toggle")) as HTMLElement).click();
    expect(onExpandedChange).toHaveBeenCalledWith(tb, false);
    (card.querySelector(dt("table-schema-remove")) as HTMLElement).click();
    expect(onRemove).toHaveBeenCalledWith(tb);
    expect(onInsertSelectStar).not.toHaveBeenCalled();
  });

  it("offers 'Insert select * into the editor' next to the copy action", () => {
    fakeFetch(() => ({ body: {} }));
    const tb = table();
    const onInsertSelectStar = vi.fn();
    renderWithRouter(
      <TableSchemaCard
        table={tb}
        onExpandedChange={() => {}}
        onRemove={() => {}}
        onInsertSelectStar={onInsertSelectStar}
      />,
    );
    const insert = screen.getByRole("button", { name: "Insert select * into the editor" });
    expect(insert.nextElementSibling?.getAttribute("data-test")).toBe("table-schema-copy");
    insert.click();
    expect(onInsertSelectStar).toHaveBeenCalledWith(tb);
    expect(selectStarOf(tb)).toBe("SELECT id, gender FROM main.birth_names LIMIT 100");
    expect(selectStarOf({ ...tb, selectStar: null })).toBe("SELECT *\nFROM main.birth_names\nLIMIT 100");
  });

  it("hides the columns when collapsed", () => {
    fakeFetch(() => ({ body: {} }));
    renderWithRouter(
      <TableSchemaCard
        table={table({ expanded: false })}
        onExpandedChange={() => {}}
        onRemove={() => {}}
        onInsertSelectStar={() => {}}
      />,
    );
    expect(document.querySelector(dt("table-schema-columns"))).toBeNull();
  });
});

describe("table schema tab in the south pane", () => {
  function show(tb: TableSchema, opts: { allowed?: boolean; preview?: ReturnType<typeof startQuery> } = {}) {
    fakeFetch(() => ({ body: { result: [] } }));
    const tableTabs: TableTabs = {
      tables: [tb],
      queries: opts.preview ? { [opts.preview.id]: opts.preview } : {},
      previewAllowed: () => opts.allowed ?? true,
      onPreview: vi.fn(),
      onRemove: vi.fn(),
      onStop: vi.fn(),
    };
    renderWithRouter(
      <ResultsPane
        query={undefined}
        height={400}
        tab={tb.id}
        onTabChange={() => {}}
        onStop={() => {}}
        onOpenInNewTab={() => {}}
        tableTabs={tableTabs}
      />,
    );
    return tableTabs;
  }

  it("is a tab next to Results and Query history, showing the columns and the preview rows", async () => {
    const preview = querySuccess(
      startQuery({
        id: "p1",
        sqlEditorId: "e1",
        dbId: 1,
        catalog: null,
        schema: "main",
        sql: "SELECT ...",
        tab: "",
        runAsync: false,
        templateParams: "",
        queryLimit: 100,
        startDttm: 0,
        isDataPreview: true,
      }),
      {
        results: {
          data: [{ id: 1, gender: "boy" }],
          columns: [{ column_name: "id" }, { column_name: "gender" }],
        },
      },
    );
    const tb = table({ dataPreviewQueryId: "p1" });
    const tabs = show(tb, { preview });
    const names = [...document.querySelectorAll('[role="tab"]')].map((el) => el.textContent);
    expect(names).toEqual(["Results", "Query history", "birth_names"]);
    const panel = document.querySelector(dt("table-schema-panel")) as HTMLElement;
    expect(panel.querySelector(dt("table-schema-panel-columns"))?.textContent).toContain("gender");
    await waitFor(() => expect(panel.querySelector(dt("row-count"))?.textContent).toBe("1 rows returned"));
    expect(tabs.onPreview).toHaveBeenCalledWith(tb);
    expect(tabs.onPreview).not.toHaveBeenCalledWith(tb, true);
    screen.getByRole("button", { name: "Refresh preview" }).click();
    expect(tabs.onPreview).toHaveBeenCalledWith(tb, true);
    (document.querySelector(dt("table-tab-remove")) as HTMLElement).click();
    expect(tabs.onRemove).toHaveBeenCalledWith(tb);
  });

  it("cannot refresh a preview that is still running", () => {
    const running = startQuery({
      id: "p2",
      sqlEditorId: "e1",
      dbId: 1,
      catalog: null,
      schema: "main",
      sql: "SELECT ...",
      tab: "",
      runAsync: false,
      templateParams: "",
      queryLimit: 100,
      startDttm: 0,
      isDataPreview: true,
    });
    show(table({ dataPreviewQueryId: "p2" }), { preview: running });
    const refresh = screen.getByRole("button", { name: "Refresh preview" }) as HTMLButtonElement;
    expect(refresh.disabled).toBe(true);
  });

  it("shows a note instead of a preview when the database disables data preview", () => {
    const tabs = show(table(), { allowed: false });
    expect(screen.getByText("Data preview is disabled for this database.")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Refresh preview" })).toBeNull();
    expect(tabs.onPreview).not.toHaveBeenCalled();
  });

  it("waits for the metadata before previewing", () => {
    const tabs = show(table({ isMetadataLoading: true, columns: [] }));
    expect(tabs.onPreview).not.toHaveBeenCalled();
  });
});
