import { ErrorType } from "@strata/contracts";
import {
  type QueryEngine,
  readReferences,
  type StatementReferences,
  UnreadableTables,
} from "@strata/engines";
import type { DatabaseEntity } from "../databases/types.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { typedError } from "../errors.ts";
import { datasourcePerm, schemaPerm } from "./catalog.ts";
import { can, type Principal } from "./principal.ts";

/** Where the datasets a caller's datasource_access may name are read from. */
export type DatasetList = () => Promise<readonly Readonly<DatasetEntity>[]>;

const keyOf = (t: { schema: string; table: string }) => `${t.schema}\u0000${t.table}`;

/** What a caller without access to the whole of a database may read in it. */
export interface TableGrants {
  /** Every table of this schema (schema_access). */
  schema(name: string): boolean;
  /** This table or view, as the engine names it. */
  table(target: { schema: string; table: string }): boolean;
  /** The schemas holding a table of theirs through a dataset. */
  datasetSchemas: ReadonlySet<string>;
}

/**
 * The schemas `p` has schema_access on in `db`, and the tables of the physical datasets on it
 * they have datasource_access on, as the engine names them. (A virtual dataset is a query, not
 * a table: its name grants nothing here.)
 */
export async function tableGrants(
  p: Principal,
  db: DatabaseEntity,
  engine: QueryEngine,
  datasets: DatasetList | undefined,
): Promise<TableGrants> {
  const catalog = await engine.defaultCatalog();
  const tables = await grantedTables(p, db, engine, catalog, datasets);
  const schema = (name: string) =>
    can(p, "schema_access", schemaPerm(db.database_name, name)) ||
    can(p, "schema_access", schemaPerm(db.database_name, name, catalog));
  return {
    schema,
    table: (target) => schema(target.schema) || tables.has(keyOf(target)),
    datasetSchemas: new Set([...tables].map((key) => key.split("\u0000")[0])),
  };
}

/**
 * Refuses `sql` unless every table and view it reads is one `p` may read on `db` without access
 * to the whole database, as Superset lets them (see tableGrants).
 *
 * The engine itself says where each name leads (the query's default schema, its search path,
 * its case rules), so `birth_names`, `main.birth_names` and `"Birth_Names"` are checked as the
 * one table DuckDB reads, and PostgreSQL's `pg_class` as pg_catalog's. What can't be read that
 * way (see readTableNames) is refused with the reason, and so is every engine that can't look
 * names up: no table is ever read unchecked. So is a call to a macro, function or operator
 * defined in the database rather than shipped with the engine: its body reads what it likes.
 */
export async function requireTableAccess(
  p: Principal,
  db: DatabaseEntity,
  engine: QueryEngine,
  sql: string,
  opts: { schema?: string | null; datasets?: DatasetList },
): Promise<void> {
  const wholeDatabase = `Ask an admin for access to the whole database "${db.database_name}" to run it.`;
  if (!engine.resolveTables || !engine.definedRoutines)
    throw refusal(
      `Your access covers some tables of "${db.database_name}", and which tables a query reads can't be checked on this kind of database. ${wholeDatabase}`,
    );
  let read: StatementReferences;
  try {
    read = await readReferences(sql);
  } catch (e) {
    if (e instanceof UnreadableTables)
      throw refusal(`Your access covers some tables of "${db.database_name}": ${e.message} ${wholeDatabase}`);
    throw e;
  }
  const names = read.tables;
  const [defined, resolved, granted] = await Promise.all([
    engine.definedRoutines(read.routines),
    engine.resolveTables(names, opts.schema ?? null),
    names.length > 0 ? tableGrants(p, db, engine, opts.datasets) : undefined,
  ]);
  // A macro or function someone defined in the database runs its own queries, unseen here.
  if (defined.length > 0)
    throw refusal(
      `Your access covers some tables of "${db.database_name}": ${defined.map((name) => (/^\w+$/.test(name) ? `${name}()` : `the operator ${name}`)).join(", ")} ${defined.length === 1 ? "was" : "were"} defined in this database and may read tables beyond your access. ${wholeDatabase}`,
      { routines: defined },
    );
  if (!granted) return;
  const refused = names.filter((_, i) => {
    const target = resolved[i];
    return !target || !granted.table(target);
  });
  if (refused.length === 0) return;
  const list = refused.map((n) => (n.schema ? `${n.schema}.${n.table}` : n.table)).join(", ");
  throw refusal(
    `You don't have access to ${refused.length === 1 ? "the table" : "the tables"} ${list} on "${db.database_name}" (or ${refused.length === 1 ? "it does" : "they do"} not exist). Ask an admin for access to ${refused.length === 1 ? "it" : "them"}, or to a dataset on ${refused.length === 1 ? "it" : "them"}.`,
    { tables: refused.map((n) => (n.schema ? `${n.schema}.${n.table}` : n.table)) },
  );
}

async function grantedTables(
  p: Principal,
  db: DatabaseEntity,
  engine: QueryEngine,
  catalog: string,
  datasets: DatasetList | undefined,
): Promise<Set<string>> {
  if (!datasets || !engine.resolveTables) return new Set();
  const mine = (await datasets()).filter(
    (ds) =>
      ds.database_id === db.id &&
      !ds.sql &&
      (!ds.catalog || ds.catalog === catalog) &&
      can(p, "datasource_access", datasourcePerm(db.database_name, ds.table_name, ds.id)),
  );
  if (mine.length === 0) return new Set();
  // A dataset without a schema reads its table from the connection's default schema.
  const where = await engine.resolveTables(
    mine.map((ds) => (ds.schema ? { schema: ds.schema, table: ds.table_name } : { table: ds.table_name })),
    null,
  );
  return new Set(where.filter((t) => t !== null).map(keyOf));
}

function refusal(message: string, extra: Record<string, unknown> = {}) {
  return typedError(403, ErrorType.TABLE_SECURITY_ACCESS_ERROR, message, extra);
}
