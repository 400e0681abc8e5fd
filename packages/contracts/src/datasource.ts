export const DATASOURCE_TYPES = ["table", "query", "dataset", "sl_table", "saved_query"] as const;
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];

/** `{id}__{type}`, e.g. `7__table`. */
export function datasourceKey(id: number, type: DatasourceType = "table"): string {
  return `${id}__${type}`;
}

export function parseDatasourceKey(key: string): { id: number; type: DatasourceType } | undefined {
  const m = /^(\d+)__([a-z_]+)$/.exec(key);
  if (!m) return undefined;
  const type = m[2] as DatasourceType;
  if (!DATASOURCE_TYPES.includes(type)) return undefined;
  return { id: Number(m[1]), type };
}
