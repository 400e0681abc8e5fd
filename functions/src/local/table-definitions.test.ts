import { describe, expect, it } from "vitest";
import { type DynaliteStore, keepTableDefinitions } from "./table-definitions.ts";

/** A store whose table reads and writes are counted, answering like dynalite's. */
function countingStore() {
  const calls = { reads: 0, writes: 0 };
  let definition = { TableName: "t", version: 1 };
  let pendingRead: (() => void) | undefined;
  const store: DynaliteStore & { holdNextRead: boolean } = {
    holdNextRead: false,
    tableDb: {
      put(_key: unknown, value: unknown, cb?: () => void) {
        calls.writes++;
        definition = value as typeof definition;
        cb?.();
      },
      del() {},
      batch() {},
    },
    getTable(_name, checkStatus, cb) {
      calls.reads++;
      const done = (typeof checkStatus === "function" ? checkStatus : cb) as (
        e: unknown,
        t?: unknown,
      ) => void;
      const seen = definition;
      const answer = () => done(null, seen);
      if (store.holdNextRead) {
        store.holdNextRead = false;
        pendingRead = answer;
      } else setImmediate(answer);
    },
  };
  const read = (checkStatus?: boolean) =>
    new Promise<unknown>((resolve, reject) => {
      const cb = (e: unknown, t?: unknown) => (e ? reject(e) : resolve(t));
      if (checkStatus === undefined) store.getTable("t", cb);
      else store.getTable("t", checkStatus, cb);
    });
  return { store, calls, read, release: () => pendingRead?.() };
}

describe("the DynamoDB stand-in's table definitions", () => {
  it("are read once for item actions, and again after any table write", async () => {
    const { store, calls, read } = countingStore();
    keepTableDefinitions(store);
    expect(await read()).toEqual({ TableName: "t", version: 1 });
    await read();
    await read(true);
    expect(calls.reads).toBe(1);
    store.tableDb.put("t", { TableName: "t", version: 2 }, () => {});
    expect(await read()).toEqual({ TableName: "t", version: 2 });
    expect(calls.reads).toBe(2);
  });

  it("are read fresh for table actions, which change what they get", async () => {
    const { store, calls, read } = countingStore();
    keepTableDefinitions(store);
    await read();
    await read(false);
    await read(false);
    expect(calls.reads).toBe(3);
  });

  it("are not kept from a read that a table write overtook", async () => {
    const { store, calls, read, release } = countingStore();
    keepTableDefinitions(store);
    store.holdNextRead = true;
    const stale = read();
    store.tableDb.put("t", { TableName: "t", version: 2 }, () => {});
    release();
    expect(await stale).toEqual({ TableName: "t", version: 1 });
    expect(await read()).toEqual({ TableName: "t", version: 2 });
    expect(calls.reads).toBe(2);
  });
});
