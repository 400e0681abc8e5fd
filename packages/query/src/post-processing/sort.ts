import {
  type ColumnarFrame,
  column,
  compareValues,
  postProcessingError,
  rowCount,
  takeRows,
} from "./frame.ts";
import type { SortOptions } from "./schemas.ts";

/**
 * Superset's sort: by columns (`by` + `ascending`, or the older `columns: {name: ascending}`),
 * or by the index (`is_sort_index`: the first column of a flat frame). Stable; nulls last.
 */
export function sort(frame: ColumnarFrame, options: SortOptions): ColumnarFrame {
  let keys: string[];
  let ascending: boolean[];
  if (options.columns && Object.keys(options.columns).length) {
    keys = Object.keys(options.columns);
    ascending = Object.values(options.columns);
  } else if (options.by !== undefined) {
    keys = Array.isArray(options.by) ? options.by : [options.by];
    ascending = Array.isArray(options.ascending)
      ? options.ascending
      : keys.map(() => options.ascending as boolean);
  } else if (options.is_sort_index) {
    keys = frame.columns.slice(0, 1);
    ascending = [Array.isArray(options.ascending) ? (options.ascending[0] ?? true) : options.ascending];
  } else {
    throw postProcessingError("sort needs `by`, `columns` or `is_sort_index`");
  }
  if (ascending.length !== keys.length)
    throw postProcessingError("`ascending` must have one entry per sort column");
  const values = keys.map((key) => column(frame, key));
  const order = Array.from({ length: rowCount(frame) }, (_, i) => i);
  order.sort((a, b) => {
    for (let k = 0; k < values.length; k++) {
      const x = values[k][a];
      const y = values[k][b];
      const nullX = x === null || x === undefined;
      const nullY = y === null || y === undefined;
      // Nulls stay last whatever the direction (pandas na_position="last").
      if (nullX || nullY) {
        if (nullX !== nullY) return nullX ? 1 : -1;
        continue;
      }
      const c = compareValues(x, y);
      if (c !== 0) return ascending[k] ? c : -c;
    }
    return a - b;
  });
  return takeRows(frame, order);
}
