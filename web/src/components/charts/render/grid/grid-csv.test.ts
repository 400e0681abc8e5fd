import { describe, expect, it } from "vitest";
import { cellText, toCsv, toTsv } from "./grid-csv";
import type { GridColumn } from "./types";

const columns: GridColumn[] = [
  { key: "s", label: "s" },
  { key: "n", label: "n", numeric: true },
];

describe("grid CSV and TSV", () => {
  it("quotes fields with commas, quotes and line breaks (RFC 4180), CRLF line ends", () => {
    const csv = toCsv(columns, [
      { s: "a,b", n: 1 },
      { s: 'say "hi"', n: 2 },
      { s: "two\nlines", n: 3 },
      { s: "plain", n: null },
    ]);
    expect(csv).toBe('s,n\r\n"a,b",1\r\n"say ""hi""",2\r\n"two\nlines",3\r\nplain,\r\n');
  });

  it("guards strings that a spreadsheet would run as formulas, not numbers", () => {
    const csv = toCsv(columns, [
      { s: "=1+1", n: -5 },
      { s: "+1", n: 0 },
      { s: "-x", n: 1 },
      { s: "@SUM(A1)", n: 2 },
      { s: '=HYPERLINK("x","y")', n: 3 },
      { s: "a=b", n: 4 },
    ]);
    expect(csv.split("\r\n").slice(1, -1)).toEqual([
      "'=1+1,-5",
      "'+1,0",
      "'-x,1",
      "'@SUM(A1),2",
      '"\'=HYPERLINK(""x"",""y"")",3',
      "a=b,4",
    ]);
  });

  it("guards a header that starts like a formula", () => {
    expect(toCsv([{ key: "x", label: "=x" }], [])).toBe("'=x\r\n");
  });

  it("uses the column's formatter and exports null as empty", () => {
    const date: GridColumn = {
      key: "d",
      label: "d",
      format: (v) => new Date(Number(v)).toISOString().slice(0, 10),
    };
    expect(cellText(date, 0)).toBe("1970-01-01");
    expect(cellText(date, null)).toBe("");
    expect(cellText(columns[0], { a: 1 })).toBe('{"a":1}');
    expect(toCsv([date], [{ d: 86_400_000 }])).toBe("d\r\n1970-01-02\r\n");
  });

  it("builds TSV with a header line, flattening tabs and line breaks", () => {
    expect(
      toTsv(columns, [
        { s: "a\tb", n: 1 },
        { s: "x\r\ny", n: null },
      ]),
    ).toBe("s\tn\na b\t1\nx y\t");
  });
});
