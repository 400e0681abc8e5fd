import { describe, expect, it } from "vitest";
import { appendStatement, isBlankEditor } from "./append-statement";
import { localPlaceholder, NEW_TAB_SQL } from "./editor-state";

const STAR = "SELECT *\nFROM main.birth_names\nLIMIT 100";

describe("adding a statement to the editor", () => {
  it("replaces a blank editor or the new-tab placeholder", () => {
    expect(isBlankEditor("  \n")).toBe(true);
    expect(appendStatement("", STAR)).toBe(STAR);
    expect(appendStatement(NEW_TAB_SQL, STAR)).toBe(STAR);
    expect(appendStatement(localPlaceholder(), STAR)).toBe(STAR);
  });

  it("appends after the existing SQL, closing it with one semicolon", () => {
    expect(appendStatement("SELECT 1\n\n", STAR)).toBe(`SELECT 1;\n\n${STAR}`);
    expect(appendStatement("SELECT 1;", STAR)).toBe(`SELECT 1;\n\n${STAR}`);
    expect(isBlankEditor("SELECT ... FROM t")).toBe(false);
  });
});
