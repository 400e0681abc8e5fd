import { describe, expect, it } from "vitest";
import { type DynaliteDb, writeItemsInOneBatch } from "./item-writes-in-one-batch.ts";

type Item = Record<string, unknown>;

/** A dynalite `db` module and store that record their LevelDB writes. */
function fakeDynalite() {
  const writes: string[] = [];
  const itemDb = {
    put(key: string, _value: object, cb?: (err?: unknown) => void) {
      writes.push(`item put ${key}`);
      setImmediate(() => cb?.());
    },
  };
  const store = {
    db: {
      batch(ops: { type: string; key: string }[], cb: (err?: unknown) => void) {
        writes.push(`batch ${ops.map((o) => `${o.type} ${o.key}`).join(", ")}`);
        setImmediate(cb);
      },
    },
    getItemDb: () => itemDb,
  };
  const db: DynaliteDb = {
    updateIndexes(_store, _table, _existing, item, cb) {
      writes.push(item ? "index put" : "index delete");
      setImmediate(cb);
    },
    // dynalite's own: the entries to remove (a moved sort key) and to write, per index.
    getIndexActions(indexes, existing, item) {
      if (!indexes.length || !item) return { puts: [], deletes: [] };
      const keyOf = (x: Item) => `${x.kind}#${x.changed}`;
      const deletes =
        existing && keyOf(existing) !== keyOf(item) ? [{ index: "by-kind", key: keyOf(existing) }] : [];
      return { puts: [{ index: "by-kind", key: keyOf(item), item }], deletes };
    },
    createKey: (item) => String(item.pk),
  };
  return { writes, itemDb, store, db };
}

const table = { TableName: "meta", GlobalSecondaryIndexes: [{}] };
const run = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

describe("the DynamoDB stand-in's writes", () => {
  it("write an update's item, old index entry removal and new entry in one batch, once", async () => {
    const { writes, itemDb, store, db } = fakeDynalite();
    writeItemsInOneBatch(db);
    writeItemsInOneBatch(db); // idempotent
    const before = { pk: "chart#7", kind: "chart", changed: "1" };
    const item = { pk: "chart#7", kind: "chart", changed: "2" };
    // What dynalite's updateItem does: indexes, then the item.
    await run((cb) => db.updateIndexes(store, table, before, item, cb));
    await run((cb) => itemDb.put("chart#7", item, cb));
    expect(writes).toEqual([
      "batch put item-meta~chart#7, del index-global~meta~by-kind~chart#1, put index-global~meta~by-kind~chart#2",
    ]);
    // Another object under the same key is a write of its own.
    await run((cb) => itemDb.put("chart#7", { ...item }, cb));
    expect(writes.at(-1)).toBe("item put chart#7");
  });

  it("keeps a delete's order: index entries first, then the item", async () => {
    const { writes, store, db } = fakeDynalite();
    writeItemsInOneBatch(db);
    await run((cb) => db.updateIndexes(store, table, { pk: "chart#7" }, null, cb));
    expect(writes).toEqual(["index delete"]);
  });
});
