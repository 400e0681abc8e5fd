import { createRequire } from "node:module";
import { dirname, join } from "node:path";

type Callback = (err?: unknown) => void;
type Item = Record<string, unknown>;
interface ItemDb {
  put(key: string, value: Item, cb?: Callback): unknown;
  [flag: symbol]: boolean | undefined;
}
interface Store {
  getItemDb(table: string): ItemDb;
}
interface Table {
  TableName: string;
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
  createKey(item: Item, table: Table): string;
  [flag: symbol]: boolean | undefined;
}

const PATCHED = Symbol.for("strata.itemsBeforeIndexes");
const SKIPS_REPEAT = Symbol.for("strata.skipsRepeatedPut");

/** dynalite's `db` module, as its actions load it. */
export function dynaliteDb(): DynaliteDb {
  const require = createRequire(import.meta.url);
  return require(join(dirname(require.resolve("dynalite")), "db", "index.js")) as DynaliteDb;
}

/**
 * dynalite writes an item's index entries first and the item itself after, as separate LevelDB
 * writes. A process killed between the two (a crashed `npm start`) left an index entry with no
 * item: a row every list showed that no read could find, delete or roll back (an import rolled
 * back after a crash kept a chart in the chart list). DynamoDB never tears a write that way.
 * Here a write stores the item first, then its index entries, and the action's own write of the
 * same item that follows is skipped. A torn write now leaves an item its lists miss until it is
 * written again, which reads find and deletes and rollbacks remove. Deletes keep dynalite's
 * order (index entries, then the item), which tears the same safe way. Idempotent.
 */
export function writeItemsBeforeIndexes(db: DynaliteDb = dynaliteDb()): void {
  if (db[PATCHED]) return;
  const updateIndexes = db.updateIndexes;
  // The items this patch already stored, by identity: the action then puts the very same object.
  const stored = new WeakSet<Item>();
  db.updateIndexes = (store, table, existing, item, cb) => {
    if (!item) {
      updateIndexes.call(db, store, table, existing, item, cb);
      return;
    }
    const itemDb = store.getItemDb(table.TableName);
    skipRepeatedPut(itemDb, stored);
    itemDb.put(db.createKey(item, table), item, (err) => {
      if (err) return cb(err);
      stored.add(item);
      updateIndexes.call(db, store, table, existing, item, cb);
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
