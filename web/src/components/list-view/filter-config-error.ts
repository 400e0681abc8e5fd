import type { ListColumn, ListFilterConfig } from "./types";

export class ListViewError extends Error {
  override name = "ListViewError";
}

/** Every filter must name one of the columns (000 §5); throws otherwise. */
export function assertValidFilterConfig<T>(filters: ListFilterConfig[], columns: ListColumn<T>[]): void {
  const ids = new Set(columns.map((c) => c.id));
  for (const filter of filters) {
    if (!ids.has(filter.id)) {
      throw new ListViewError(`Invalid filter config, ${filter.id} is not present in columns`);
    }
  }
}

/** The same check, as a message to display (null when valid). */
export function filterConfigError<T>(filters: ListFilterConfig[], columns: ListColumn<T>[]): string | null {
  try {
    assertValidFilterConfig(filters, columns);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
