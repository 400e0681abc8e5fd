import { patchEveryNewStore } from "./every-new-store.ts";

type Callback<T = unknown> = (err: unknown, value?: T) => void;
interface TableDb {
  put(...args: unknown[]): unknown;
  del(...args: unknown[]): unknown;
  batch(...args: unknown[]): unknown;
}
/** The part of a dynalite store this patch touches. */
export interface DynaliteStore {
  tableDb: TableDb;
  getTable(name: string, checkStatus: boolean | Callback, cb?: Callback): void;
}
/**
 * dynalite reads the table's definition from LevelDB before every item action, and once more for
 * each item of a batch write: about a quarter of the stand-in's work for a small write, and the
 * largest single cost of SQL Lab's run records. The definition only changes through dynalite's
 * own table writes, so each store created from here on keeps the definitions its item actions
 * read until any table write (create, update, delete, the status changes that follow them).
 * Idempotent.
 */
export function cacheTableDefinitions(): void {
  patchEveryNewStore("strata.cachedTableDefinitions", keepTableDefinitions);
}

/** The caching itself, on one store (exported for its test). */
export function keepTableDefinitions(store: DynaliteStore): void {
  const tables = new Map<string, unknown>();
  // A read that overlapped a table write may hold the old definition: it is not kept.
  let generation = 0;
  const tableDb = store.tableDb;
  for (const method of ["put", "del", "batch"] as const) {
    const write = tableDb[method];
    tableDb[method] = function (this: TableDb, ...args: unknown[]) {
      generation++;
      tables.clear();
      return write.apply(this, args);
    };
  }
  const getTable = store.getTable;
  store.getTable = (name, checkStatus, cb) => {
    const done = (typeof checkStatus === "function" ? checkStatus : cb) as Callback;
    // Table actions (describe, update, delete) ask without the status check and change the
    // object they get: they read it fresh.
    if (checkStatus === false) return getTable.call(store, name, false, done);
    const known = tables.get(name);
    if (known) {
      process.nextTick(done, null, known);
      return;
    }
    const at = generation;
    getTable.call(store, name, true, (err: unknown, table?: unknown) => {
      if (!err && table && at === generation) tables.set(name, table);
      done(err, table);
    });
  };
}
