/** How `metric()` lookups are keyed: the name, and the dataset id when one is given. */
export function metricKey(name: string, datasetId: number | null): string {
  return datasetId == null ? `:${name}` : `${datasetId}:${name}`;
}
