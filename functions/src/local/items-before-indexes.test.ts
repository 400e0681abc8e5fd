import { describe, expect, it } from "vitest";
import { type DynaliteDb, writeItemsBeforeIndexes } from "./items-before-indexes.ts";

/** A dynalite `db` module and store that record the order of their LevelDB writes. */
function fakeDynalite() {
  const writes: string[] = [];
  const itemDb = {
    put(key: string, _value: object, cb?: (err?: unknown) => void) {
      writes.push(`item ${key}`);
      setImmediate(() => cb?.());
    },
  };
  const store = { getItemDb: () => itemDb };
  const db: DynaliteDb = {
    updateIndexes(_store, _table, _existing, item, cb) {
      writes.push(item ? "index put" : "index delete");
      setImmediate(cb);
    },
    createKey: (item) => String(item.pk),
  };
  return { writes, itemDb, store, db };
}

const table = { TableName: "strata-meta" };
const run = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

describe("the DynamoDB stand-in's writes", () => {
  it("store an item before its index entries, once, as dynalite's put action writes them", async () => {
    const { writes, itemDb, store, db } = fakeDynalite();
    writeItemsBeforeIndexes(db);
    writeItemsBeforeIndexes(db); // idempotent
    const item = { pk: "chart#7" };
    // What dynalite's putItem does: indexes, then the item.
    await run((cb) => db.updateIndexes(store, table, undefined, item, cb));
    await run((cb) => itemDb.put("chart#7", item, cb));
    expect(writes).toEqual(["item chart#7", "index put"]);
    // Another object under the same key is a write of its own.
    await run((cb) => itemDb.put("chart#7", { pk: "chart#7" }, cb));
    expect(writes).toEqual(["item chart#7", "index put", "item chart#7"]);
  });

  it("keeps a delete's order: index entries first, then the item", async () => {
    const { writes, store, db } = fakeDynalite();
    writeItemsBeforeIndexes(db);
    await run((cb) => db.updateIndexes(store, table, { pk: "chart#7" }, null, cb));
    expect(writes).toEqual(["index delete"]);
  });
});
