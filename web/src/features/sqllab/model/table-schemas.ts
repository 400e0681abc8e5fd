import type { TableMetadata, TableSchemaDetail } from "@strata/contracts";
import type { TableKey, TableSchema, TableSchemaColumn } from "./types";

/** South-pane tabs that are not tables. */
export const RESULTS_TAB = "results";
export const HISTORY_TAB = "history";

let seq = 0;
export function newTableId(): string {
  seq += 1;
  return `table-${Date.now().toString(36)}-${seq}`;
}

export type TableIdentity = Pick<TableSchema, "dbId" | "queryEditorId" | "catalog" | "schema" | "name">;

/** Merging matches on db, editor, catalog, schema and name (002 §4). */
export function sameTable(a: TableIdentity, b: TableIdentity): boolean {
  return (
    a.dbId === b.dbId &&
    a.queryEditorId === b.queryEditorId &&
    (a.catalog ?? null) === (b.catalog ?? null) &&
    (a.schema ?? null) === (b.schema ?? null) &&
    a.name === b.name
  );
}

/** A new, expanded table schema whose metadata is still to be fetched. */
export function makeTable(identity: TableIdentity, patch: Partial<TableSchema> = {}): TableSchema {
  return {
    id: newTableId(),
    serverId: null,
    ...identity,
    expanded: true,
    dataPreviewQueryId: null,
    columns: [],
    selectStar: null,
    primaryKey: null,
    foreignKeys: [],
    indexes: [],
    isMetadataLoading: true,
    metadataError: null,
    ...patch,
  };
}

/** The table metadata a table schema keeps; a column may come without its type. */
export type TableMetadataInput = Omit<Partial<TableMetadata>, "columns"> & {
  columns?: { name: string; type?: string | null }[];
};

export function metadataPatch(meta: TableMetadataInput): Partial<TableSchema> {
  return {
    columns: (meta.columns ?? []).map((c) => ({ name: c.name, type: c.type ?? "" })),
    selectStar: meta.selectStar ?? null,
    primaryKey: meta.primaryKey ?? null,
    foreignKeys: meta.foreignKeys ?? [],
    indexes: meta.indexes ?? [],
    isMetadataLoading: false,
    metadataError: null,
  };
}

/** The `table` of `POST /tableschemaview/`; everything but the identity ends up in `description`. */
export function tableToServer(table: TableSchema, tabStateId: number) {
  return {
    queryEditorId: tabStateId,
    dbId: table.dbId,
    catalog: table.catalog,
    schema: table.schema,
    name: table.name,
    expanded: table.expanded,
    columns: table.columns,
    selectStar: table.selectStar,
    primaryKey: table.primaryKey,
    foreignKeys: table.foreignKeys,
    indexes: table.indexes,
    dataPreviewQueryId: table.dataPreviewQueryId,
  };
}

function parseDescription(d: TableSchemaDetail["description"]): Record<string, unknown> {
  if (d && typeof d === "object") return d;
  if (typeof d === "string") {
    try {
      const parsed = JSON.parse(d) as unknown;
      if (parsed && typeof parsed === "object") return parsed as Record<string, unknown>;
    } catch {
      /* an unreadable description: the metadata is fetched again */
    }
  }
  return {};
}

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export function tableFromServer(row: TableSchemaDetail, queryEditorId: string): TableSchema {
  const d = parseDescription(row.description);
  const columns = arr<TableSchemaColumn>(d.columns);
  return makeTable(
    {
      dbId: row.database_id,
      queryEditorId,
      catalog: row.catalog ?? null,
      schema: row.schema ?? null,
      name: row.table,
    },
    {
      serverId: row.id,
      expanded: Boolean(row.expanded),
      // The preview query of another session is not in this one: it is run again when shown.
      dataPreviewQueryId: null,
      columns,
      // Without stored columns the metadata is fetched again.
      isMetadataLoading: columns.length === 0,
      selectStar: typeof d.selectStar === "string" ? d.selectStar : null,
      primaryKey: (d.primaryKey as TableKey | null | undefined) ?? null,
      foreignKeys: arr<TableKey>(d.foreignKeys),
      indexes: arr<TableKey>(d.indexes),
    },
  );
}

export interface ColumnKeys {
  primary: boolean;
  foreign: boolean;
  indexed: boolean;
}

/** Which keys a column takes part in, from the table's primary key, foreign keys and indexes. */
export function columnKeys(table: TableSchema, column: string): ColumnKeys {
  return {
    primary: Boolean(table.primaryKey?.constrained_columns?.includes(column)),
    foreign: table.foreignKeys.some((k) => k.constrained_columns?.includes(column)),
    indexed: table.indexes.some((k) => k.column_names?.includes(column)),
  };
}
