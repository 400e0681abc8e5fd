import { createRequire } from "node:module";
import { dirname, join } from "node:path";

type Callback = (err?: unknown) => void;
type Item = Record<string, unknown>;
interface BatchOp {
  type: "put" | "del";
  key: string;
  value?: Item;
}
interface ItemDb {
  put(key: string, value: Item, cb?: Callback): unknown;
  [flag: symbol]: boolean | undefined;
}
interface Store {
  /** The one LevelDB every table's items and index entries live in, under per-table prefixes. */
  db: { batch(ops: BatchOp[], cb: Callback): unknown };
  getItemDb(table: string): ItemDb;
}
interface IndexAction {
  index: string;
  key: string;
  item?: Item;
}
interface Table {
  TableName: string;
  LocalSecondaryIndexes?: unknown[];
  GlobalSecondaryIndexes?: unknown[];
}
/** The part of dynalite's `db` module its write actions call (`putItem`, `updateItem`, `deleteItem`). */
export interface DynaliteDb {
  updateIndexes(
    store: Store,
    table: Table,
    existing: Item | null | undefined,
    item: Item | null,
    cb: Callback,
  ): void;
  getIndexActions(
    indexes: unknown[],
    existing: Item | null | undefined,
    item: Item | null,
    table: Table,
  ): { puts: IndexAction[]; deletes: IndexAction[] };
  createKey(item: Item, table: Table): string;
  [flag: symbol]: boolean | undefined;
}

const PATCHED = Symbol.for("strata.itemWritesInOneBatch");
const SKIPS_REPEAT = Symbol.for("strata.skipsRepeatedPut");

/** dynalite's `db` module, as its actions load it. */
export function dynaliteDb(): DynaliteDb {
  const require = createRequire(import.meta.url);
  return require(join(dirname(require.resolve("dynalite")), "db", "index.js")) as DynaliteDb;
}

// Where dynalite 4 keeps a table's items and an index's entries in its one LevelDB (db/index.js,
// getItemDb and getIndexDb): each is a key prefix. The stand-in's SDK tests read every write back
// through GetItem and Query, so a version that moved them would fail there.
const itemPrefix = (table: string) => `item-${table}~`;
const indexPrefix = (kind: "local" | "global", table: string, index: string) =>
  `index-${kind}~${table}~${index}~`;

/**
 * dynalite writes a put or update as separate LevelDB writes: it deletes the item's old index
 * entries, then puts the new ones, then the item. Two things follow that DynamoDB never shows:
 * - a Query between the delete and the put misses the item altogether. Every update of an entity
 *   moves it in its type's index (the sort key starts with changed_on), so a list read beside
 *   someone's edit lost that row for the moment (a SQL Lab tab, saved by one browser while
 *   another loaded the tabs, was missing from the second);
 * - a process killed between the writes (a crashed `npm start`) left an index entry with no item:
 *   a row every list showed that no read could find, delete or roll back.
 * Here the item, the removal of its old index entries and its new ones are one LevelDB batch,
 * which a reader's iterator (reading a snapshot) sees whole or not at all; the action's own write
 * of the same item that follows is skipped. Deletes keep dynalite's order (index entries, then
 * the item): a list may drop a row a moment before a read stops finding it, the safe way round.
 * Idempotent.
 */
export function writeItemsInOneBatch(db: DynaliteDb = dynaliteDb()): void {
  if (db[PATCHED]) return;
  const updateIndexes = db.updateIndexes;
  // The items this patch already stored, by identity: the action then puts the very same object.
  const stored = new WeakSet<Item>();
  db.updateIndexes = (store, table, existing, item, cb) => {
    if (!item) {
      updateIndexes.call(db, store, table, existing, item, cb);
      return;
    }
    const ops: BatchOp[] = [
      { type: "put", key: itemPrefix(table.TableName) + db.createKey(item, table), value: item },
    ];
    for (const kind of ["local", "global"] as const) {
      const indexes = (kind === "local" ? table.LocalSecondaryIndexes : table.GlobalSecondaryIndexes) ?? [];
      const { puts, deletes } = db.getIndexActions(indexes, existing, item, table);
      for (const d of deletes)
        ops.push({ type: "del", key: indexPrefix(kind, table.TableName, d.index) + d.key });
      for (const p of puts)
        ops.push({ type: "put", key: indexPrefix(kind, table.TableName, p.index) + p.key, value: p.item });
    }
    skipRepeatedPut(store.getItemDb(table.TableName), stored);
    store.db.batch(ops, (err) => {
      if (err) return cb(err);
      stored.add(item);
      cb();
    });
  };
  db[PATCHED] = true;
}

function skipRepeatedPut(itemDb: ItemDb, stored: WeakSet<Item>) {
  if (itemDb[SKIPS_REPEAT]) return;
  const put = itemDb.put;
  itemDb.put = function (this: ItemDb, key, value, cb) {
    if (typeof cb === "function" && value && typeof value === "object" && stored.has(value)) {
      stored.delete(value);
      process.nextTick(cb, null);
      return;
    }
    return put.call(this, key, value, cb);
  };
  itemDb[SKIPS_REPEAT] = true;
}
