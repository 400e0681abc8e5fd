import { describe, expect, it } from "vitest";
import { MemoryResultStore } from "../store/memory-result-store.ts";
import type { ResultStore } from "../store/result-store.ts";
import { ResultCache } from "./cache.ts";

/** A store that counts reads, and another process's cache over the same objects. */
function setup(soleWriter?: boolean) {
  const store = new MemoryResultStore();
  let reads = 0;
  const counting = Object.assign(Object.create(store) as MemoryResultStore, {
    get: (key: string) => {
      reads++;
      return store.get(key);
    },
  });
  let t = 0;
  const clock = { now: () => t, advance: (ms: number) => (t += ms) };
  const cache = new ResultCache(counting as unknown as ResultStore, { clock: clock.now, soleWriter });
  const elsewhere = new ResultCache(store as unknown as ResultStore, { clock: clock.now });
  return { cache, elsewhere, clock, reads: () => reads };
}

const text = (rows: Uint8Array[]) => Buffer.concat(rows).toString("utf8");
const meta = (rows: string) => ({ cached_dttm: "2030-01-01T00:00:00Z", expires_at: 4e9, rows });

describe("ResultCache: hot copies of recent results", () => {
  it("answers repeated reads within a second from memory, then reads the store again", async () => {
    const { cache, elsewhere, clock, reads } = setup();
    await elsewhere.put("k", meta("a"), [Buffer.from("[1]")]);
    expect(text((await cache.get("k"))!.rows)).toBe("[1]");
    expect(text((await cache.get("k"))!.rows)).toBe("[1]");
    expect(reads()).toBe(1);
    // Another process rewrites the key: seen once the copy is a second old, never later.
    await elsewhere.put("k", meta("b"), [Buffer.from("[2]")]);
    clock.advance(999);
    expect(text((await cache.get("k"))!.rows)).toBe("[1]");
    clock.advance(1);
    expect(text((await cache.get("k"))!.rows)).toBe("[2]");
    expect(reads()).toBe(2);
  });

  it("serves its own writes at once and still honours an entry's expiry", async () => {
    const { cache, reads } = setup();
    await cache.put("k", meta("a"), [Buffer.from("[3]")]);
    expect(text((await cache.get("k"))!.rows)).toBe("[3]");
    expect(reads()).toBe(0);
    await cache.put("old", { cached_dttm: "", expires_at: 10 }, [Buffer.from("[4]")]);
    expect(await cache.get("old", 11_000)).toBeUndefined();
    expect(await cache.get("missing")).toBeUndefined();
  });

  it("keeps copies until its own rewrite when it is the only writer, and still honours expiry", async () => {
    const { cache, clock, reads } = setup(true);
    await cache.put("k", meta("a"), [Buffer.from("[5]")]);
    expect(text((await cache.get("k"))!.rows)).toBe("[5]");
    clock.advance(3_600_000);
    expect(text((await cache.get("k"))!.rows)).toBe("[5]");
    expect(reads()).toBe(0);
    // A forced refresh goes through this process: the next read has the new rows at once.
    await cache.put("k", meta("b"), [Buffer.from("[6]")]);
    expect(text((await cache.get("k"))!.rows)).toBe("[6]");
    await cache.put("old", { cached_dttm: "", expires_at: 10 }, [Buffer.from("[7]")]);
    expect(await cache.get("old", 11_000)).toBeUndefined();
    expect(reads()).toBe(0);
  });
});
