import { patchEveryNewStore } from "./every-new-store.ts";

type Callback<T = unknown> = (err: unknown, value?: T) => void;
interface BatchOp {
  type: "put" | "del";
  key: string;
  value?: unknown;
}
/** The LevelDB a dynalite store keeps everything in, with dynalite's callback methods on it. */
export interface StoreLevel {
  status?: string;
  get(key: string, cb?: Callback): unknown;
  getMany(keys: string[]): Promise<unknown[]>;
  batch(ops: BatchOp[], cb?: Callback): unknown;
}
/**
 * A BatchWriteItem of 25 items made 25 LevelDB reads (each item's old version) and 25 LevelDB
 * writes, all started in the same turn; each call into LevelDB costs the server's one thread far
 * more than the bytes it moves (about a third of the stand-in's share of a fast SQL Lab run, whose
 * record and result are such a batch). Reads started in one turn go out as one `getMany`, writes
 * as one batch: the same items, in two calls. Every caller still gets its own answer in its own
 * callback, after the data is read or durable, as before. A read and a write of the same item are
 * never in one turn: dynalite holds the item's lock from its read until its write is done.
 * Idempotent.
 */
export function levelCallsPerTurn(): void {
  patchEveryNewStore<{ db: StoreLevel }>("strata.levelCallsPerTurn", (store) => groupCallsPerTurn(store.db));
}

/** The grouping itself, on one LevelDB (exported for its test). */
export function groupCallsPerTurn(level: StoreLevel): void {
  const getOne = level.get.bind(level);
  const batchOne = level.batch.bind(level);
  let reads: { key: string; cb: Callback }[] = [];
  let writes: { ops: BatchOp[]; cb: Callback }[] = [];

  const flushReads = () => {
    const turn = reads;
    reads = [];
    if (turn.length === 1) {
      getOne(turn[0].key, turn[0].cb);
      return;
    }
    // dynalite answers a closed store's reads with this error; its own `get` does the same.
    const closed = () => new Error("Database is closed");
    if (level.status !== "open") {
      for (const r of turn) setImmediate(r.cb, closed());
      return;
    }
    level.getMany(turn.map((r) => r.key)).then(
      (values) => {
        for (const [i, r] of turn.entries()) setImmediate(r.cb, null, values[i]);
      },
      (e: { code?: string }) => {
        const err = e?.code === "LEVEL_DATABASE_NOT_OPEN" ? closed() : e;
        for (const r of turn) setImmediate(r.cb, err);
      },
    );
  };
  const flushWrites = () => {
    const turn = writes;
    writes = [];
    if (turn.length === 1) {
      batchOne(turn[0].ops, turn[0].cb);
      return;
    }
    batchOne(
      turn.flatMap((w) => w.ops),
      (err) => {
        for (const w of turn) w.cb(err);
      },
    );
  };

  level.get = (key, cb) => {
    // dynalite's callers pass a callback; a promise caller is answered as before.
    if (typeof cb !== "function") return getOne(key);
    if (reads.length === 0) setImmediate(flushReads);
    reads.push({ key, cb });
  };
  level.batch = (ops, cb) => {
    if (typeof cb !== "function") return batchOne(ops);
    if (writes.length === 0) setImmediate(flushWrites);
    writes.push({ ops, cb });
  };
}
