import type { ColumnarResult, ResultColumn } from "./types.ts";

/** Superset's rule for repeated result column names: `a`, `a__1`, `a__2` … */
export function dedupeNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(names);
  return names.map((name) => {
    const count = seen.get(name);
    if (count === undefined) {
      seen.set(name, 0);
      return name;
    }
    let n = count + 1;
    while (taken.has(`${name}__${n}`)) n += 1;
    seen.set(name, n);
    taken.add(`${name}__${n}`);
    return `${name}__${n}`;
  });
}

export function emptyResult(columns: ResultColumn[]): ColumnarResult {
  return { columns, data: columns.map(() => []), rowcount: 0, truncated: false };
}

/** Turns row arrays (as drivers return them) into one array per column. */
export function rowsToColumns(
  rows: unknown[][],
  columnCount: number,
  convert?: ((v: unknown) => unknown)[],
): unknown[][] {
  const data: unknown[][] = Array.from({ length: columnCount }, () => new Array(rows.length));
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let c = 0; c < columnCount; c++) {
      const value = row[c];
      data[c][r] = value === null || value === undefined ? null : convert ? convert[c](value) : value;
    }
  }
  return data;
}
