import type { PermissionPair } from "@strata/contracts";

/** Resource views that carry `can_read` / `can_write` (and export) permissions. */
const CRUD_VIEWS = [
  "Chart",
  "Dashboard",
  "Dataset",
  "Database",
  "SavedQuery",
  "Tag",
  "ReportSchedule",
  "RowLevelSecurity",
  "CssTemplate",
  "AnnotationLayer",
];

const MENU_PERMISSIONS: PermissionPair[] = [
  ["can_read", "Query"],
  ["can_export", "Chart"],
  ["can_export", "Dashboard"],
  ["can_export", "Dataset"],
  ["can_export", "Database"],
  ["can_export", "SavedQuery"],
  ["can_upload", "Database"],
  ["can_sqllab", "SQLLab"],
  ["can_execute_sql_query", "SQLLab"],
  ["can_export_csv", "SQLLab"],
  ["can_estimate_query_cost", "SQLLab"],
  ["can_format_sql", "SQLLab"],
  ["can_csv", "Superset"],
  ["can_explore", "Superset"],
  ["can_share_chart", "Superset"],
  ["can_share_dashboard", "Superset"],
  ["can_tag", "Chart"],
  ["can_tag", "Dashboard"],
  ["can_tag", "Dataset"],
  ["can_tag", "SavedQuery"],
  ["can_read", "User"],
  ["can_write", "User"],
  ["can_read", "Role"],
  ["can_write", "Role"],
  ["can_read", "Log"],
  ["can_grant_guest_token", "SecurityRestApi"],
  ["all_datasource_access", "all_datasource_access"],
  ["all_database_access", "all_database_access"],
  ["all_query_access", "all_query_access"],
];

/** Every static permission, with stable ids (the order never changes; append only). */
export const PERMISSION_CATALOG: PermissionPair[] = [
  ...CRUD_VIEWS.flatMap((view): PermissionPair[] => [
    ["can_read", view],
    ["can_write", view],
  ]),
  ...MENU_PERMISSIONS,
];

/** Dynamic permission pairs for data access get ids in their own ranges. */
export const DATABASE_ACCESS_BASE = 100_000;
export const DATASOURCE_ACCESS_BASE = 1_000_000;
/** A schema has no id of its own: its pair takes the lowest id of the datasets it holds. */
export const SCHEMA_ACCESS_BASE = 100_000_000;

export const databasePerm = (name: string, id: number) => `[${name}].(id:${id})`;
export const datasourcePerm = (dbName: string, table: string, id: number) =>
  `[${dbName}].[${table}](id:${id})`;
/** Superset's schema permission: `[db].[schema]`, or `[db].[catalog].[schema]` in a catalog. */
export const schemaPerm = (dbName: string, schema: string, catalog?: string | null) =>
  catalog ? `[${dbName}].[${catalog}].[${schema}]` : `[${dbName}].[${schema}]`;

/**
 * One schema_access pair per schema holding a dataset, as Superset lists them. Its id is the
 * range's base plus the lowest id of those datasets: the same on every call while that dataset
 * stays (a role keeps the pair by name whatever its id becomes).
 */
export function schemaPermissions(
  datasets: readonly { id: number; database_id: number; schema: string | null; catalog: string | null }[],
  databaseNames: ReadonlyMap<number, string>,
) {
  const lowest = new Map<string, number>();
  for (const d of datasets) {
    const dbName = databaseNames.get(d.database_id);
    if (!d.schema || dbName === undefined) continue;
    const view = schemaPerm(dbName, d.schema, d.catalog);
    lowest.set(view, Math.min(lowest.get(view) ?? d.id, d.id));
  }
  return [...lowest].map(([view, id]) => ({
    id: SCHEMA_ACCESS_BASE + id,
    permission: { name: "schema_access" },
    view_menu: { name: view },
  }));
}

const read = (views: string[]): PermissionPair[] => views.map((v) => ["can_read", v]);
const write = (views: string[]): PermissionPair[] => views.map((v) => ["can_write", v]);

const GAMMA: PermissionPair[] = [
  ...read(["Chart", "Dashboard", "Dataset", "Database", "Tag", "CssTemplate", "AnnotationLayer"]),
  ...write(["Chart", "Dashboard", "Tag"]),
  ["can_export", "Chart"],
  ["can_export", "Dashboard"],
  ["can_tag", "Chart"],
  ["can_tag", "Dashboard"],
  ["can_csv", "Superset"],
  ["can_explore", "Superset"],
  ["can_share_chart", "Superset"],
  ["can_share_dashboard", "Superset"],
];

const ALPHA: PermissionPair[] = [
  ...GAMMA,
  ...write(["Dataset", "CssTemplate", "AnnotationLayer"]),
  // Alerts & reports are Alpha's, as in Superset (ReportSchedule is one of its ALPHA_ONLY_VIEW_MENUS).
  ...read(["ReportSchedule"]),
  ...write(["ReportSchedule"]),
  ["can_export", "Dataset"],
  ["can_tag", "Dataset"],
  ["can_upload", "Database"],
  ["all_datasource_access", "all_datasource_access"],
  ["all_database_access", "all_database_access"],
];

const SQL_LAB: PermissionPair[] = [
  ["can_sqllab", "SQLLab"],
  ["can_execute_sql_query", "SQLLab"],
  ["can_export_csv", "SQLLab"],
  ["can_estimate_query_cost", "SQLLab"],
  ["can_format_sql", "SQLLab"],
  ["can_read", "SavedQuery"],
  ["can_write", "SavedQuery"],
  ["can_export", "SavedQuery"],
  ["can_tag", "SavedQuery"],
  ["can_read", "Query"],
  ["can_read", "Database"],
];

/** The built-in roles as Superset defines them; Admin also bypasses every check. */
export const BUILTIN_ROLE_PERMISSIONS: Record<string, PermissionPair[]> = {
  Admin: PERMISSION_CATALOG,
  Alpha: ALPHA,
  Gamma: GAMMA,
  sql_lab: SQL_LAB,
  Public: [],
};
