import { describe, expect, it } from "vitest";
import { csvCell, guardFormula } from "./csv.ts";

describe("CSV cells", () => {
  it("puts an apostrophe before text a spreadsheet would run as a formula", () => {
    for (const text of ["=1+1", "+x", "-x", "@SUM(A1)", "|cmd", "%y", "\tx", "\rx", "  =1", '""=x'])
      expect(guardFormula(text)).toBe(`'${text}`);
    for (const text of ["plain", "-5", "-0.25", "a=b", "", "'quoted"]) expect(guardFormula(text)).toBe(text);
  });

  it("quotes fields that need it and leaves numbers alone", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("true");
    expect(csvCell('say "hi", bye')).toBe('"say ""hi"", bye"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell([1, "a"])).toBe('"[1,""a""]"');
  });
});
