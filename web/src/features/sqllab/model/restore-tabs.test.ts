import type { TabStateDetail } from "@strata/contracts";
import { describe, expect, it } from "vitest";
import { activeEditorId } from "./editor-state";
import { stateFromTabStates } from "./restore-tabs";

const tab = (id: number, patch: Partial<TabStateDetail> = {}): TabStateDetail => ({
  id,
  label: `Tab ${id}`,
  database_id: 1,
  schema: "main",
  catalog: null,
  sql: `SELECT ${id}`,
  query_limit: null,
  template_params: null,
  hide_left_bar: false,
  latest_query: null,
  ...patch,
});

describe("restoring the stored tabs (002 §7)", () => {
  it("keeps their order, makes the server's active tab active and brings their tables and latest run", () => {
    const state = stateFromTabStates(
      [
        tab(3),
        tab(4, {
          saved_query: { id: 9 },
          table_schemas: [
            {
              id: 20,
              tab_state_id: 4,
              database_id: 1,
              catalog: null,
              schema: "main",
              table: "birth_names",
              expanded: false,
              description: null,
            },
          ],
        }),
        tab(5),
      ],
      4,
    );
    expect(state?.editors.map((e) => [e.name, e.tabStateId, e.queryLimit, e.inLocalStorage])).toEqual([
      ["Tab 3", 3, 1000, false],
      ["Tab 4", 4, 1000, false],
      ["Tab 5", 5, 1000, false],
    ]);
    const active = state?.editors.find((e) => e.id === activeEditorId(state));
    expect(active?.tabStateId).toBe(4);
    expect(active?.remoteId).toBe(9);
    expect(state?.tables.map((tb) => [tb.name, tb.serverId, tb.queryEditorId])).toEqual([
      ["birth_names", 20, active?.id],
    ]);
  });

  it("makes the last tab active without an active one, and gives null without tabs", () => {
    const state = stateFromTabStates([tab(1), tab(2)], undefined);
    expect(state?.editors.find((e) => e.id === activeEditorId(state))?.tabStateId).toBe(2);
    expect(stateFromTabStates([], 1)).toBeNull();
  });
});
