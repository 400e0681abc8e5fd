import { describe, expect, it } from "vitest";
import { estimateRequest, newClientId, previewSql, sqlToRun } from "./run-target";

describe("run target (002 §5)", () => {
  it("runs the selected text when there is one", () =>
    expect(sqlToRun("SELECT 1;\nSELECT 2;", "SELECT 2;")).toBe("SELECT 2;"));
  it("runs everything without a selection", () => {
    expect(sqlToRun("SELECT 1", "")).toBe("SELECT 1");
    expect(sqlToRun("SELECT 1", null)).toBe("SELECT 1");
  });
  it("treats a whitespace-only selection as none", () =>
    expect(sqlToRun("SELECT 1", "  \n")).toBe("SELECT 1"));
  it("estimates the selected text when there is one, else the full SQL", () => {
    const editor = {
      dbId: 1,
      catalog: null,
      schema: "main",
      sql: "SELECT 1;\nSELECT name FROM birth_names",
      templateParams: '{"x": 1}',
    };
    expect(estimateRequest(editor, "SELECT name FROM birth_names")).toEqual({
      database_id: 1,
      catalog: null,
      schema: "main",
      sql: "SELECT name FROM birth_names",
      template_params: '{"x": 1}',
    });
    expect(estimateRequest(editor, "")?.sql).toBe(editor.sql);
    expect(estimateRequest({ ...editor, dbId: null }, "")).toBeNull();
  });
  it("builds the data preview with LIMIT 100", () => {
    expect(previewSql("birth_names", "main")).toBe("SELECT *\nFROM main.birth_names\nLIMIT 100");
    expect(previewSql("my table", null)).toBe('SELECT *\nFROM "my table"\nLIMIT 100');
    expect(previewSql("t", "s", "SELECT a, b\nFROM s.t\nLIMIT 100")).toBe("SELECT a, b\nFROM s.t\nLIMIT 100");
  });
  it("makes 11-character client ids", () => {
    const id = newClientId();
    expect(id).toHaveLength(11);
    expect(newClientId()).not.toBe(id);
  });
});
