import { describe, expect, it } from "vitest";
import { dynaliteDb } from "./item-writes-in-one-batch.ts";
import { groupCallsPerTurn, type StoreLevel } from "./level-calls-per-turn.ts";

type Level = StoreLevel & {
  _get(...args: unknown[]): Promise<unknown>;
  _getMany(...args: unknown[]): Promise<unknown>;
  _batch(...args: unknown[]): Promise<unknown>;
  close(): Promise<void>;
};

/** A real dynalite store's LevelDB (in memory), its calls into LevelDB counted, then grouped. */
function countedLevel() {
  const store = (dynaliteDb() as unknown as { create(o: object): { db: Level } }).create({});
  const level = store.db;
  const calls = { get: 0, getMany: 0, batch: 0 };
  for (const name of ["_get", "_getMany", "_batch"] as const) {
    const original = level[name].bind(level);
    level[name] = (...args: unknown[]) => {
      calls[name.slice(1) as keyof typeof calls]++;
      return original(...args);
    };
  }
  groupCallsPerTurn(level);
  const get = (key: string) =>
    new Promise<unknown>((resolve, reject) => level.get(key, (e, v) => (e ? reject(e) : resolve(v))));
  const batch = (ops: Parameters<Level["batch"]>[0]) =>
    new Promise<void>((resolve, reject) => level.batch(ops, (e) => (e ? reject(e) : resolve())));
  return { level, calls, get, batch };
}

describe("the DynamoDB stand-in's LevelDB calls", () => {
  it("made in one turn go out as one write and one read, each caller answered with its own", async () => {
    const { calls, get, batch } = countedLevel();
    await Promise.all([
      batch([{ type: "put", key: "a", value: { n: 1 } }]),
      batch([
        { type: "put", key: "b", value: { n: 2 } },
        { type: "put", key: "c", value: { n: 3 } },
      ]),
      batch([{ type: "put", key: "d", value: { n: 4 } }]),
    ]);
    expect(calls.batch).toBe(1);
    expect(await Promise.all([get("a"), get("c"), get("missing"), get("d")])).toEqual([
      { n: 1 },
      { n: 3 },
      undefined,
      { n: 4 },
    ]);
    expect(calls).toMatchObject({ getMany: 1, get: 0 });
  });

  it("made alone take the usual way, and later turns go out separately", async () => {
    const { calls, get, batch } = countedLevel();
    await batch([{ type: "put", key: "a", value: 1 }]);
    await batch([{ type: "del", key: "a" }]);
    expect(await get("a")).toBeUndefined();
    expect(calls).toEqual({ get: 1, getMany: 0, batch: 2 });
  });

  it("fail together when their grouped write fails, and a closed store answers every read", async () => {
    const { level, get, batch } = countedLevel();
    // A key LevelDB refuses (null) makes the whole grouped write fail, as one batch would.
    const results = await Promise.allSettled([
      batch([{ type: "put", key: "ok", value: 1 }]),
      batch([{ type: "put", key: null as unknown as string, value: 2 }]),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(await get("ok")).toBeUndefined();
    await level.close();
    const reads = await Promise.allSettled([get("a"), get("b")]);
    for (const r of reads) expect((r as PromiseRejectedResult).reason.message).toBe("Database is closed");
  });
});
