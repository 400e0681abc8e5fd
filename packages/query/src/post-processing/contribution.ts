import { type ColumnarFrame, finiteOrNull, postProcessingError, toNumber, withData } from "./frame.ts";
import type { ContributionOptions } from "./schemas.ts";

function isNumericColumn(values: unknown[]): boolean {
  let seen = false;
  for (const value of values) {
    if (value === null || value === undefined) continue;
    if (typeof value !== "number" && typeof value !== "bigint") return false;
    seen = true;
  }
  return seen;
}

/**
 * Superset's contribution: each cell divided by its column total (orientation column, nulls
 * counted as 0) or by its row total over the selected columns (orientation row; columns of each
 * time shift form their own group). Division by a zero total gives null.
 */
export function contribution(frame: ColumnarFrame, options: ContributionOptions): ColumnarFrame {
  const numeric = frame.columns.filter((_, i) => isNumericColumn(frame.data[i]));
  for (const name of options.columns ?? []) {
    if (!numeric.includes(name)) {
      throw postProcessingError(`Column "${name}" is not numeric or does not exists in the query results.`);
    }
  }
  const selected = options.columns?.length ? options.columns : numeric;
  const renamed = options.rename_columns?.length ? options.rename_columns : selected;
  if (renamed.length !== selected.length) {
    throw postProcessingError(
      "`rename_columns` must have the same length as `columns` + `time_shift_columns`.",
    );
  }
  const valuesOf = (name: string) => frame.data[frame.columns.indexOf(name)].map(toNumber);
  const results: (number | null)[][] = [];
  if (options.orientation === "column") {
    for (const name of selected) {
      const values = valuesOf(name).map((v) => v ?? 0);
      const total = values.reduce((a, b) => a + b, 0);
      results.push(values.map((v) => finiteOrNull(v / total)));
    }
  } else {
    const groups = new Map<string, number[]>();
    selected.forEach((name, i) => {
      const shift = (options.time_shifts ?? []).find((s) => name.endsWith(s)) ?? "";
      groups.set(shift, [...(groups.get(shift) ?? []), i]);
    });
    const columns = selected.map(valuesOf);
    const rows = columns[0]?.length ?? 0;
    for (const _ of selected) results.push(new Array(rows));
    for (const members of groups.values()) {
      for (let r = 0; r < rows; r++) {
        const total = members.reduce((acc, i) => acc + (columns[i][r] ?? 0), 0);
        for (const i of members)
          results[i][r] = columns[i][r] === null ? null : finiteOrNull((columns[i][r] as number) / total);
      }
    }
  }
  const names = [...frame.columns];
  const data = [...frame.data];
  renamed.forEach((name, i) => {
    const existing = names.indexOf(name);
    if (existing >= 0) data[existing] = results[i];
    else {
      names.push(name);
      data.push(results[i]);
    }
  });
  return withData(frame, names, data);
}
