import { describe, expect, it } from "vitest";
import type { ResultStorePort } from "./store-ports.ts";

let seq = 0;
const fresh = (what: string) => `${what}/${Date.now().toString(36)}-${++seq}`;

/** What the domain relies on from a result store, run against S3 (its stand-in) and the in-memory one. */
export function describeResultStoreConformance(name: string, make: () => ResultStorePort) {
  describe(`ResultStore port: ${name}`, () => {
    it("stores bytes and text by key and reads them back", async () => {
      const store = make();
      const bytes = fresh("bytes");
      const text = fresh("text");
      await store.put(bytes, new Uint8Array([0, 1, 2, 255]));
      await store.put(text, "héllo, wörld", "text/csv");
      expect([...((await store.get(bytes)) ?? [])]).toEqual([0, 1, 2, 255]);
      expect(Buffer.from((await store.get(text))!).toString("utf8")).toBe("héllo, wörld");
    });

    it("reads a missing key as nothing", async () => {
      const store = make();
      expect(await store.get(fresh("missing"))).toBeUndefined();
      expect(await store.getJson(fresh("missing"))).toBeUndefined();
    });

    it("replaces an object written again under the same key", async () => {
      const store = make();
      const key = fresh("again");
      await store.put(key, "first, and longer");
      await store.put(key, "second");
      expect(Buffer.from((await store.get(key))!).toString()).toBe("second");
    });

    it("never shows a half-written object: reads during rewrites see one whole version", async () => {
      // Two requests may cache the same reply while a third reads it (S3 gives whole objects).
      const store = make();
      const key = fresh("whole");
      const version = (n: number) => ({ n, rows: Array.from({ length: 20_000 }, (_, i) => `${n}-${i}`) });
      await store.putJson(key, version(0));
      const seen = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          if (i % 2 === 0) {
            await store.putJson(key, version(i + 1));
            return "write";
          }
          const read = await store.getJson<{ n: number; rows: string[] }>(key);
          return read && read.rows.length === 20_000 && read.rows[19_999] === `${read.n}-19999`;
        }),
      );
      expect(seen.filter((s) => s !== "write")).toEqual(Array(6).fill(true));
      // The last write answered is what a read right after it sees.
      await store.putJson(key, version(99));
      expect((await store.getJson<{ n: number }>(key))?.n).toBe(99);
    });

    it("round-trips JSON", async () => {
      const store = make();
      const key = fresh("json");
      const value = { rows: [{ a: 1, b: null, c: "x" }], meta: { rowcount: 1, nested: [[1, 2]] } };
      await store.putJson(key, value);
      expect(await store.getJson(key)).toEqual(value);
    });

    it("hands out copies: changing what was read or written does not change what is stored", async () => {
      const store = make();
      const key = fresh("copy");
      const body = new Uint8Array([1, 2, 3]);
      await store.put(key, body);
      body[0] = 9;
      const read = (await store.get(key))!;
      read[1] = 9;
      expect([...((await store.get(key)) ?? [])]).toEqual([1, 2, 3]);
    });

    it("lists the objects under a prefix, and only those, with when each was written", async () => {
      const store = make();
      const prefix = `${fresh("listed")}/`;
      const before = Date.now();
      await store.put(`${prefix}b`, "2");
      await store.put(`${prefix}a`, "1");
      await store.put(`${prefix}nested/c`, "3");
      await store.put(`${prefix.slice(0, -1)}-sibling`, "not under the prefix");
      const listed = await store.list(prefix);
      expect(listed.map((o) => o.key).sort()).toEqual([`${prefix}a`, `${prefix}b`, `${prefix}nested/c`]);
      for (const { lastModified } of listed) {
        // S3 keeps whole seconds: allow for the rounding and a little clock skew.
        expect(lastModified.getTime()).toBeGreaterThan(before - 5_000);
        expect(lastModified.getTime()).toBeLessThan(Date.now() + 5_000);
      }
      expect(await store.list(`${fresh("nothing")}/`)).toEqual([]);
    });

    it("deletes an object, and deleting a missing one is no error", async () => {
      const store = make();
      const prefix = `${fresh("deleted")}/`;
      await store.put(`${prefix}gone`, "x");
      await store.put(`${prefix}kept`, "y");
      await store.delete(`${prefix}gone`);
      await store.delete(`${prefix}never-there`);
      expect(await store.get(`${prefix}gone`)).toBeUndefined();
      expect((await store.list(prefix)).map((o) => o.key)).toEqual([`${prefix}kept`]);
    });

    it("keeps an empty object apart from a missing one", async () => {
      const store = make();
      const key = fresh("empty");
      await store.put(key, "");
      const read = await store.get(key);
      expect(read === undefined ? "missing" : read.byteLength).toBe(0);
    });
  });
}
