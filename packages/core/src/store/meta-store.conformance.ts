import { describe, expect, it } from "vitest";
import { LISTED_GRACE_MS } from "./list-index.ts";
import { CLAIM_GRACE_MS } from "./meta-store.ts";
import type { MetaStorePort } from "./store-ports.ts";

/** A clock a test moves by hand; both stores read time only through it. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

function testClock(): TestClock {
  let t = Date.parse("2030-01-01T00:00:00Z");
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
  };
}

let seq = 0;
/** A name no other case (nor an earlier run over the same table) uses. */
const fresh = (what: string) => `${what}_${Date.now().toString(36)}_${++seq}`;
const N = 20;

/**
 * What the domain relies on from a metadata store, written once and run against every
 * implementation (DynamoDB over its stand-in, and the in-memory one).
 */
export function describeMetaStoreConformance(name: string, make: (now: () => Date) => MetaStorePort) {
  const setup = () => {
    const clock = testClock();
    return { clock, meta: make(clock.now) };
  };

  describe(`MetaStore port: ${name}`, () => {
    it("hands out ids from an atomic counter per type, without gaps or repeats under a race", async () => {
      const { meta } = setup();
      const type = fresh("counter");
      const ids = await Promise.all(Array.from({ length: N }, () => meta.nextId(type)));
      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
      expect(await meta.nextId(fresh("other"))).toBe(1);
    });

    it("creates an entity at version 1 with its bookkeeping fields and refuses a taken id", async () => {
      const { meta, clock } = setup();
      const type = fresh("thing");
      const made = await meta.create(type, { name: "a", tags: [1, 2] }, 7);
      expect(made).toEqual({
        name: "a",
        tags: [1, 2],
        id: 1,
        version: 1,
        created_on: clock.now().toISOString(),
        changed_on: clock.now().toISOString(),
        created_by_fk: 7,
        changed_by_fk: 7,
      });
      expect(await meta.get(type, 1)).toEqual(made);
      await expect(meta.create(type, { name: "b" }, 7, 1)).rejects.toMatchObject({
        name: "ConditionalCheckFailedException",
      });
      expect((await meta.get<{ name: string }>(type, 1))?.name).toBe("a");
    });

    it("reads nothing for ids that cannot exist", async () => {
      const { meta } = setup();
      const type = fresh("thing");
      await meta.create(type, {}, null);
      for (const id of [0, -1, 1.5, Number.NaN, 2 ** 60]) expect(await meta.get(type, id)).toBeUndefined();
      expect(await meta.get(type, 2)).toBeUndefined();
    });

    it("updates conditionally on the version: a stale write is the same 409, never an overwrite", async () => {
      const { meta, clock } = setup();
      const type = fresh("thing");
      const v1 = await meta.create(type, { name: "a", n: 1 }, 1);
      clock.advance(1000);
      const v2 = await meta.update(type, v1, { name: "b" }, 2);
      expect(v2).toMatchObject({ name: "b", n: 1, version: 2, changed_by_fk: 2, created_by_fk: 1 });
      expect(v2.changed_on).toBe(clock.now().toISOString());
      expect(v2.created_on).toBe(v1.created_on);
      const stale = meta.update(type, v1, { name: "c" }, 3);
      await expect(stale).rejects.toMatchObject({ status: 409 });
      await expect(stale).rejects.toThrow(`This ${type} was changed by someone else since you loaded it.`);
      expect(await meta.get(type, v1.id)).toEqual(v2);
    });

    it("lets exactly one of racing writers from the same version win", async () => {
      const { meta } = setup();
      const type = fresh("thing");
      const v1 = await meta.create(type, { name: "a" }, 1);
      const outcomes = await Promise.allSettled(
        Array.from({ length: N }, (_, i) => meta.update(type, v1, { name: `w${i}` }, 1)),
      );
      const won = outcomes.filter((o) => o.status === "fulfilled");
      expect(won).toHaveLength(1);
      for (const o of outcomes.filter((x) => x.status === "rejected"))
        expect((o as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
      expect(await meta.get(type, v1.id)).toEqual((won[0] as PromiseFulfilledResult<unknown>).value);
    });

    it("keeps changed_on and changed_by on a bookkeeping update, still versioned", async () => {
      const { meta, clock } = setup();
      const type = fresh("thing");
      const v1 = await meta.create(type, { seen: 0 }, 1);
      clock.advance(5000);
      const v2 = await meta.update(type, v1, { seen: 1 }, 9, { keepChanged: true });
      expect(v2).toMatchObject({ version: 2, changed_on: v1.changed_on, changed_by_fk: 1, seen: 1 });
      await expect(meta.update(type, v1, { seen: 2 }, 9, { keepChanged: true })).rejects.toMatchObject({
        status: 409,
      });
    });

    it("deletes conditionally on the version", async () => {
      const { meta } = setup();
      const type = fresh("thing");
      const v1 = await meta.create(type, { name: "a" }, 1);
      const v2 = await meta.update(type, v1, { name: "b" }, 1);
      await expect(meta.delete(type, v1)).rejects.toMatchObject({ status: 409 });
      expect(await meta.get(type, v1.id)).toBeDefined();
      await meta.delete(type, v2);
      expect(await meta.get(type, v1.id)).toBeUndefined();
      await expect(meta.update(type, v2, { name: "c" }, 1)).rejects.toMatchObject({ status: 409 });
      await expect(meta.delete(type, v2)).rejects.toMatchObject({ status: 409 });
    });

    it("lists a type newest change first (ties: higher id first) and counts the items read", async () => {
      const { meta, clock } = setup();
      const type = fresh("listed");
      const a = await meta.create(type, { name: "a" }, 1);
      clock.advance(1000);
      await meta.create(type, { name: "b" }, 1);
      await meta.create(type, { name: "c" }, 1); // same instant as b
      await meta.create(fresh("unrelated"), { name: "x" }, 1);
      const names = async () => (await meta.list<{ name: string }>(type)).map((e) => e.name);
      const before = meta.reads[type] ?? 0;
      expect(await names()).toEqual(["c", "b", "a"]);
      expect((meta.reads[type] ?? 0) - before).toBe(3);
      clock.advance(1000);
      await meta.update(type, a, { name: "a2" }, 1);
      expect(await names()).toEqual(["a2", "c", "b"]);
    });

    it("reads many by id, once each, skipping missing ones", async () => {
      const { meta } = setup();
      const type = fresh("thing");
      await meta.create(type, { name: "a" }, 1);
      await meta.create(type, { name: "b" }, 1);
      const got = await meta.getMany<{ name: string }>(type, [2, 1, 2, 99]);
      expect(got.map((e) => e.name).sort()).toEqual(["a", "b"]);
    });

    it("keeps a per-owner index: newest first, after a time, up to a limit", async () => {
      const { meta, clock } = setup();
      const type = fresh("owned");
      meta.indexByOwner<{ owner: number | null }>(type, (e) => e.owner);
      const stamps: string[] = [];
      for (let i = 0; i < 5; i++) {
        await meta.create(type, { owner: 1, i }, 1);
        stamps.push(clock.now().toISOString());
        await meta.create(type, { owner: 2, i }, 2);
        clock.advance(1000);
      }
      await meta.create(type, { owner: null, i: 99 }, null);
      const mine = await meta.listByOwner<{ i: number }>(type, 1);
      expect(mine.map((e) => e.i)).toEqual([4, 3, 2, 1, 0]);
      const before = meta.reads[type] ?? 0;
      expect((await meta.listByOwner<{ i: number }>(type, 1, { limit: 2 })).map((e) => e.i)).toEqual([4, 3]);
      expect((meta.reads[type] ?? 0) - before).toBe(2);
      const newer = await meta.listByOwner<{ i: number }>(type, 1, { changedAfter: stamps[2] });
      expect(newer.map((e) => e.i)).toEqual([4, 3, 2]);
      expect((await meta.listByOwner<{ i: number }>(type, null)).map((e) => e.i)).toEqual([99]);
      expect(await meta.listByOwner(type, 3)).toEqual([]);
    });

    it("reads a type or an owner newest first a page at a time, and a reader that stops reads no more", async () => {
      const { meta, clock } = setup();
      const type = fresh("paged");
      meta.indexByOwner<{ owner: number }>(type, (e) => e.owner);
      for (let i = 0; i < 7; i++) {
        await meta.create(type, { owner: i % 2, i }, 1);
        clock.advance(1000);
      }
      const pages: number[][] = [];
      for await (const page of meta.newest<{ i: number }>(type, { pageSize: 3 }))
        pages.push(page.map((e) => e.i));
      expect(pages).toEqual([[6, 5, 4], [3, 2, 1], [0]]);
      const before = meta.reads[type] ?? 0;
      for await (const page of meta.newest<{ i: number }>(type, { pageSize: 2 })) {
        expect(page.map((e) => e.i)).toEqual([6, 5]);
        break;
      }
      expect((meta.reads[type] ?? 0) - before).toBe(2);
      const odd: number[] = [];
      for await (const page of meta.newest<{ i: number }>(type, { owner: 1, pageSize: 2 }))
        odd.push(...page.map((e) => e.i));
      expect(odd).toEqual([5, 3, 1]);
      const third = new Date(clock.now().getTime() - 5000).toISOString();
      const recent: number[] = [];
      for await (const page of meta.newest<{ i: number }>(type, {
        owner: 0,
        changedAfter: third,
        pageSize: 10,
      }))
        recent.push(...page.map((e) => e.i));
      expect(recent).toEqual([6, 4, 2]);
      // Before a time: only what changed earlier (an entity changed at exactly that time is not).
      const older: number[] = [];
      for await (const page of meta.newest<{ i: number }>(type, { changedBefore: third, pageSize: 10 }))
        older.push(...page.map((e) => e.i));
      expect(older).toEqual([1, 0]);
      for await (const _ of meta.newest(type, { owner: 7, pageSize: 5 })) expect.unreachable();
    });

    it("keeps a per-owner index by id: highest id first, and an update leaves the entry in place", async () => {
      const { meta, clock } = setup();
      const type = fresh("owned-by-id");
      meta.indexByOwner<{ owner: number; i: number }>(type, (e) => e.owner, "id");
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await meta.create(type, { owner: 1, i }, 1));
      await meta.create(type, { owner: 2, i: 9 }, 2);
      clock.advance(1000);
      await meta.update(type, made[0], { i: 10 }, 1);
      const mine = await meta.listByOwner<{ i: number }>(type, 1);
      expect(mine.map((e) => e.i)).toEqual([2, 1, 10]);
    });

    it("backfills the owner index once, for items written before the type was indexed", async () => {
      const { meta } = setup();
      const type = fresh("late");
      await meta.create(type, { owner: 1 }, 1);
      await meta.create(type, { owner: 1 }, 1);
      meta.indexByOwner<{ owner: number }>(type, (e) => e.owner);
      expect(await meta.listByOwner(type, 1)).toEqual([]);
      expect(await meta.backfillOwnerIndex(type)).toBe(2);
      expect(await meta.listByOwner(type, 1)).toHaveLength(2);
      expect(await meta.backfillOwnerIndex(type)).toBe(0);
      expect(await meta.backfillOwnerIndex(fresh("not-indexed"))).toBe(0);
    });

    it("keeps an index by listed ids: reads only the entities listing an id, newest first", async () => {
      const { meta, clock } = setup();
      const type = fresh("listing");
      meta.indexListField<{ on: number[] }>(type, fresh("listed"), (e) => e.on);
      const a = await meta.create(type, { name: "a", on: [1, 2] }, 1);
      clock.advance(1000);
      const b = await meta.create(type, { name: "b", on: [2, 2] }, 1);
      await meta.create(type, { name: "c", on: [] }, 1);
      for (let i = 0; i < 5; i++) await meta.create(type, { name: `elsewhere ${i}`, on: [3] }, 1);
      const names = async (id: number) => (await meta.listing<{ name: string }>(type, id)).map((e) => e.name);
      expect(await names(2)).toEqual(["b", "a"]);
      // Past the first read (which indexes older items once), no read of the whole type.
      const listed = meta.reads[type] ?? 0;
      expect(await names(1)).toEqual(["a"]);
      expect(await names(4)).toEqual([]);
      expect(meta.reads[type] ?? 0).toBe(listed);

      clock.advance(1000);
      const moved = await meta.update(type, a, { on: [1] }, 1);
      await meta.delete(type, b);
      expect(await names(2)).toEqual([]);
      // A deleted entity leaves its sets at once; a member that went stale by an update stays a
      // while (a writer may be re-adding it), then goes.
      const members = () => meta.members(`listed#${type}#2`);
      expect((await members()).map((m) => Number(m.member))).toEqual([a.id]);
      clock.advance(LISTED_GRACE_MS + 1);
      expect(await names(2)).toEqual([]);
      expect(await members()).toEqual([]);
      await meta.update(type, moved, { on: [1, 2] }, 1);
      expect(await names(2)).toEqual(["a"]);
    });

    it("keeps a member a writer re-added after a reader found it stale", async () => {
      const { meta, clock } = setup();
      const type = fresh("relisted");
      meta.indexListField<{ on: number[] }>(type, fresh("listed"), (e) => e.on);
      const a = await meta.create(type, { on: [5] }, 1);
      const off = await meta.update(type, a, { on: [] }, 1);
      clock.advance(LISTED_GRACE_MS + 1);
      const [stale] = await meta.members(`listed#${type}#5`);
      // The writer's add lands between the reader's read of the member and its removal.
      const back = await meta.update(type, off, { on: [5] }, 1);
      await meta.removeMember(`listed#${type}#5`, stale.member, { ifValue: stale.value });
      expect((await meta.listing(type, 5)).map((e) => e.id)).toEqual([back.id]);
    });

    it("indexes listed ids of items written before the type was indexed, on the first read", async () => {
      const { meta } = setup();
      const type = fresh("listed-late");
      await meta.create(type, { on: [9] }, 1);
      await meta.create(type, { on: [8, 9] }, 1);
      meta.indexListField<{ on: number[] }>(type, fresh("listed"), (e) => e.on);
      expect((await meta.listing(type, 9)).map((e) => e.id)).toEqual([2, 1]);
      expect((await meta.listing(type, 8)).map((e) => e.id)).toEqual([2]);
    });

    it("drops the set of what listed an entity when that entity is deleted", async () => {
      const { meta } = setup();
      const type = fresh("listing-gone");
      const listed = fresh("listed-gone");
      meta.indexListField<{ on: number[] }>(type, listed, (e) => e.on);
      const target = await meta.create(listed, { name: "target" }, 1);
      const other = await meta.create(listed, { name: "other" }, 1);
      await meta.create(type, { on: [target.id, other.id] }, 1);
      await meta.create(type, { on: [target.id] }, 1);
      expect(await meta.members(`listed#${type}#${target.id}`)).toHaveLength(2);
      await meta.delete(listed, target);
      expect(await meta.members(`listed#${type}#${target.id}`)).toEqual([]);
      expect(await meta.listing(type, other.id)).toHaveLength(1);
    });

    it("refuses an entity over the item size limit with a 413 naming its largest field", async () => {
      const { meta } = setup();
      const type = fresh("big");
      const big = "x".repeat(401 * 1024);
      await expect(meta.create(type, { small: "a", position_json: big }, 1)).rejects.toMatchObject({
        status: 413,
        message: expect.stringMatching(/Its largest field, position_json, is 401 KB/),
      });
      expect(await meta.list(type)).toEqual([]);
      const ok = await meta.create(type, { position_json: "{}" }, 1);
      await expect(meta.update(type, ok, { position_json: big }, 1)).rejects.toMatchObject({ status: 413 });
      expect(await meta.get(type, ok.id)).toEqual(ok);
    });

    it("gives a unique value to exactly one of racing claimants, case-folded unless asked not to", async () => {
      const { meta } = setup();
      const scope = fresh("slug");
      const held = async () => true;
      const won = await Promise.all(
        Array.from({ length: N }, (_, i) => meta.claimUnique(scope, i % 2 ? "Name" : "name", i + 1, held)),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = won.indexOf(true) + 1;
      expect(await meta.uniqueOwner(scope, "NAME")).toBe(winner);
      expect(await meta.claimUnique(scope, "name", winner, held)).toBe(true); // its own claim again
      expect(await meta.uniqueOwner(scope, "NAME", false)).toBeUndefined(); // unfolded: another value
      expect(await meta.claimUnique(scope, "Name", 99, held, false)).toBe(true);
      expect(await meta.claimUnique(scope, "name", 98, held, false)).toBe(false);
    });

    it("releases a value only for its holder", async () => {
      const { meta } = setup();
      const scope = fresh("name");
      const held = async () => true;
      expect(await meta.claimUnique(scope, "v", 1, held)).toBe(true);
      await meta.releaseUnique(scope, "v", 2);
      expect(await meta.uniqueOwner(scope, "v")).toBe(1);
      await meta.releaseUnique(scope, "V", 1);
      expect(await meta.uniqueOwner(scope, "v")).toBeUndefined();
      expect(await meta.claimUnique(scope, "v", 2, held)).toBe(true);
    });

    it("takes over a claim only when it is old and its owner no longer holds the value", async () => {
      const { meta, clock } = setup();
      const scope = fresh("name");
      const asked: number[] = [];
      const gone = async (owner: number) => {
        asked.push(owner);
        return false;
      };
      expect(await meta.claimUnique(scope, "v", 1, gone)).toBe(true); // a writer that then crashed
      clock.advance(CLAIM_GRACE_MS - 1000);
      expect(await meta.claimUnique(scope, "v", 2, gone)).toBe(false); // young: a write in flight
      expect(asked).toEqual([]);
      clock.advance(2000);
      expect(await meta.claimUnique(scope, "v", 2, async () => true)).toBe(false); // still held
      expect(await meta.claimUnique(scope, "v", 2, gone)).toBe(true);
      expect(asked).toEqual([1]);
      expect(await meta.uniqueOwner(scope, "v")).toBe(2);
    });

    it("lets one of racing takeovers of a stale claim win", async () => {
      const { meta, clock } = setup();
      const scope = fresh("name");
      await meta.claimUnique(scope, "v", 1, async () => true);
      clock.advance(CLAIM_GRACE_MS + 1000);
      const won = await Promise.all(
        Array.from({ length: N }, (_, i) => meta.claimUnique(scope, "v", i + 2, async (o) => o !== 1)),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await meta.uniqueOwner(scope, "v")).toBe(won.indexOf(true) + 2);
    });

    it("keeps values, hides them past their time to live, and writes only-if-absent", async () => {
      const { meta, clock } = setup();
      const key = fresh("session");
      expect(await meta.getValue(key)).toBeUndefined();
      expect(await meta.putValue(key, { user: 1, roles: ["a"] }, { ttlSeconds: 60 })).toBe(true);
      expect(await meta.putValue(key, { user: 2 }, { onlyIfAbsent: true })).toBe(false);
      expect(await meta.getValue(key)).toEqual({ user: 1, roles: ["a"] });
      clock.advance(60_000);
      expect(await meta.getValue(key)).toEqual({ user: 1, roles: ["a"] });
      clock.advance(1000);
      expect(await meta.getValue(key)).toBeUndefined();
      // Expired but not yet deleted: still there for a conditional write.
      expect(await meta.putValue(key, { user: 3 }, { onlyIfAbsent: true })).toBe(false);
      await meta.deleteValue(key);
      expect(await meta.putValue(key, { user: 3 }, { onlyIfAbsent: true })).toBe(true);
      expect(await meta.getValue(key)).toEqual({ user: 3 });
      await meta.putValue(key, "plain");
      clock.advance(10 * 365 * 86_400_000);
      expect(await meta.getValue(key)).toBe("plain");
    });

    it("stores every one of many puts issued at once, the later of two to one key winning", async () => {
      const { meta } = setup();
      const keys = Array.from({ length: 30 }, (_, i) => fresh(`many${i}`));
      const same = fresh("same");
      const done = await Promise.all([
        ...keys.map((k, i) => meta.putValue(k, { i }, { ttlSeconds: 60 })),
        meta.putValue(same, "first"),
        meta.putValue(same, "second"),
      ]);
      expect(done.every(Boolean)).toBe(true);
      expect(await Promise.all(keys.map((k) => meta.getValue(k)))).toEqual(keys.map((_, i) => ({ i })));
      expect(await meta.getValue(same)).toBe("second");
    });

    it("hands out unique ids from blocks, increasing within a store, under a race", async () => {
      const { meta } = setup();
      const type = fresh("blocked");
      meta.allocateIdsInBlocks(type, 4);
      const ids = await Promise.all(Array.from({ length: N }, () => meta.nextId(type)));
      expect(new Set(ids).size).toBe(N);
      expect(ids.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
      expect(await meta.nextId(type)).toBeGreaterThan(Math.max(...ids));
    });

    it("counts events in a window atomically, never past the limit, and starts afresh after it", async () => {
      const { meta, clock } = setup();
      const key = fresh("tries");
      const raced = await Promise.all(Array.from({ length: N }, () => meta.countBelow(key, 5, 300)));
      expect(raced.filter(Boolean)).toHaveLength(5);
      await meta.uncount(key);
      expect(await meta.countBelow(key, 5, 300)).toBe(true);
      expect(await meta.countBelow(key, 5, 300)).toBe(false);
      clock.advance(299_000);
      expect(await meta.countBelow(key, 5, 300)).toBe(false);
      clock.advance(2_000); // past the window; the item is still stored
      const again: boolean[] = [];
      for (let i = 0; i < 6; i++) again.push(await meta.countBelow(key, 5, 300));
      expect(again).toEqual([true, true, true, true, true, false]);
    });

    it("never uncounts below zero, and uncounting an absent counter does nothing", async () => {
      const { meta } = setup();
      const key = fresh("tries");
      await meta.uncount(key);
      expect(await meta.countBelow(key, 1, 300)).toBe(true);
      await meta.uncount(key);
      await meta.uncount(key);
      expect(await meta.countBelow(key, 1, 300)).toBe(true);
      expect(await meta.countBelow(key, 1, 300)).toBe(false);
      await meta.deleteValue(key);
      expect(await meta.countBelow(key, 1, 300)).toBe(true);
    });

    it("keeps set members in member order, with only-if-absent adds", async () => {
      const { meta } = setup();
      const set = fresh("favs");
      expect(await meta.addMember(set, "dashboard#2", { at: 1 })).toBe(true);
      expect(await meta.addMember(set, "chart#10")).toBe(true);
      expect(await meta.addMember(set, "chart#10", "again", { onlyIfAbsent: true })).toBe(false);
      expect(await meta.addMember(set, "chart#1")).toBe(true);
      expect(await meta.members(set)).toEqual([
        { member: "chart#1", value: true },
        { member: "chart#10", value: true },
        { member: "dashboard#2", value: { at: 1 } },
      ]);
      await meta.removeMember(set, "chart#10");
      await meta.removeMember(set, "missing");
      expect((await meta.members(set)).map((m) => m.member)).toEqual(["chart#1", "dashboard#2"]);
      expect(await meta.members(fresh("empty"))).toEqual([]);
    });

    it("never shares objects with the caller", async () => {
      const { meta } = setup();
      const type = fresh("thing");
      const data = { list: [1] };
      const made = await meta.create(type, data, 1);
      data.list.push(2);
      const got = await meta.get<{ list: number[] }>(type, made.id);
      expect(got?.list).toEqual([1]);
      got!.list.push(3);
      expect((await meta.get<{ list: number[] }>(type, made.id))?.list).toEqual([1]);
    });
  });
}
