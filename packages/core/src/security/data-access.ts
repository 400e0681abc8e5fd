import { databasePerm, datasourcePerm, schemaPerm } from "./catalog.ts";
import { can, type Principal } from "./principal.ts";

interface DatabaseLike {
  id: number;
  database_name: string;
}
interface DatasetLike {
  id: number;
  table_name: string;
  schema?: string | null;
  catalog?: string | null;
}

/** Superset's data access: all_database_access, database_access, schema_access or datasource_access. */
export function canAccessDatabase(p: Principal, db: DatabaseLike): boolean {
  if (p.guest) return false;
  return (
    p.isAdmin ||
    can(p, "all_database_access", "all_database_access") ||
    can(p, "all_datasource_access", "all_datasource_access") ||
    can(p, "database_access", databasePerm(db.database_name, db.id))
  );
}

export function canAccessDataset(p: Principal, ds: DatasetLike, db: DatabaseLike | undefined): boolean {
  if (p.guest) return p.guest.datasets.has(ds.id);
  if (!db) return p.isAdmin;
  return (
    canAccessDatabase(p, db) ||
    canAccessSchema(p, ds, db) ||
    can(p, "datasource_access", datasourcePerm(db.database_name, ds.table_name, ds.id))
  );
}

/**
 * schema_access on the dataset's schema. A dataset in a catalog is named with it, as Superset
 * names it since catalogs came; the older name without one (roles from before) still counts.
 */
function canAccessSchema(p: Principal, ds: DatasetLike, db: DatabaseLike): boolean {
  if (!ds.schema) return false;
  return (
    can(p, "schema_access", schemaPerm(db.database_name, ds.schema)) ||
    (!!ds.catalog && can(p, "schema_access", schemaPerm(db.database_name, ds.schema, ds.catalog)))
  );
}

/** Whether any dataset access grants some visibility into a database (for pickers and lists). */
export function hasAnyAccessIn(p: Principal, db: DatabaseLike): boolean {
  if (p.guest) return false;
  if (canAccessDatabase(p, db)) return true;
  const prefix = `[${db.database_name}].`;
  for (const key of p.perms) {
    const [perm, view] = key.split("|");
    if ((perm === "datasource_access" || perm === "schema_access") && view.startsWith(prefix)) return true;
  }
  return false;
}
