import { describe, expect, it } from "vitest";
import { queryFromServer, runOutcome, type ServerRun } from "./server-runs";

/** A tab state's `latest_query` as the server sends it (both spellings of the CTAS table name). */
const latest: ServerRun = {
  id: "abcDEF12345",
  query_id: 7,
  state: "success",
  progress: 100,
  rows: 2,
  resultsKey: null,
  sql: "SELECT gender, COUNT(*) FROM birth_names GROUP BY gender",
  dbId: 1,
  schema: "main",
  catalog: null,
  tab: "Untitled Query 3",
  startDttm: 1000,
  endDttm: 1500,
  ctas: true,
  ctas_method: "TABLE",
  tempTable: "births_by_gender",
  tmp_table_name: "births_by_gender",
  tempSchema: "main",
};

describe("server → run mapping (002 §3)", () => {
  it("reads the outcome fields of an execute answer", () => {
    expect(
      runOutcome({
        displayLimitReached: true,
        query: { ctas: true, ctas_method: "VIEW", tmp_table_name: "v1", tempSchema: "main" },
      }),
    ).toEqual({
      displayLimitReached: true,
      ctas: true,
      ctas_method: "VIEW",
      tempTable: "v1",
      tempSchema: "main",
    });
    expect(runOutcome({ data: [] })).toEqual({});
  });

  it("restores the CTAS fields of a tab state's latest_query", () => {
    const run = queryFromServer(latest, "local-1");
    expect(run).toMatchObject({
      id: "abcDEF12345",
      serverId: 7,
      sqlEditorId: "local-1",
      dbId: 1,
      schema: "main",
      state: "success",
      rows: 2,
      ctas: true,
      ctas_method: "TABLE",
      tempTable: "births_by_gender",
      tempSchema: "main",
    });
  });

  it("leaves the CTAS fields out of a plain run and ignores an unknown method", () => {
    const plain = queryFromServer(
      { ...latest, ctas: false, ctas_method: null, tempTable: null, tmp_table_name: null, tempSchema: null },
      "local-1",
    );
    expect(plain.ctas).toBe(false);
    expect(plain.ctas_method).toBeUndefined();
    expect(plain.tempTable).toBeNull();
    const { ctas: _c, ctas_method: _m, tempTable: _t, tmp_table_name: _n, tempSchema: _s, ...bare } = latest;
    const old = queryFromServer(bare, "local-1");
    expect("ctas" in old || "tempTable" in old || "tempSchema" in old).toBe(false);
  });
});
