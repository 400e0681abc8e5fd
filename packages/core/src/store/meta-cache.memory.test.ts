import { describe, expect, it } from "vitest";
import { createCore } from "../core.ts";
import { can } from "../security/principal.ts";
import { USER, type UserData } from "../security/types.ts";
import { MemoryJobQueue } from "../store/memory-job-queue.ts";
import { MemoryResultStore } from "../store/memory-result-store.ts";
import { asMetaStore, startMemoryCore } from "../testing/memory-core.ts";
import type { JobQueue } from "./job-queue.ts";
import { MemoryMetaStore } from "./memory-meta-store.ts";
import { MetaCache } from "./meta-cache.ts";
import type { ResultStore } from "./result-store.ts";

/** A second process over the first one's data (as a second Lambda over one table), with its own clock. */
function secondInstance(first: MemoryMetaStore) {
  let ms = 0;
  const meta = new MemoryMetaStore(undefined, { sameDataAs: first, cache: new MetaCache({ now: () => ms }) });
  const core = createCore({
    meta: asMetaStore(meta),
    results: new MemoryResultStore() as unknown as ResultStore,
    jobs: new MemoryJobQueue() as unknown as JobQueue,
    secret: "memory-core-signing-secret-of-enough-length",
    engineFactory: () => {
      throw new Error("no engines here");
    },
    engines: { region: "us-east-1" },
  });
  return { core, meta, advance: (by: number) => (ms += by) };
}

const role = async (core: ReturnType<typeof createCore>, name: string) =>
  (await core.roles.all()).find((r) => r.name === name)!;

describe("metadata cache: in one process", () => {
  it("a write through core is seen by the very next read (create, change, delete)", async () => {
    const { core, admin } = await startMemoryCore();
    expect((await core.roles.all()).map((r) => r.name)).not.toContain("Analyst"); // warms the cache
    const made = await core.roles.create(admin, "Analyst", [["can_read", "Chart"]]);
    expect((await core.roles.all()).map((r) => r.name)).toContain("Analyst");
    await core.roles.rename(admin, made.id, "Analysts");
    expect((await core.roles.get(made.id)).name).toBe("Analysts");
    await core.roles.remove(admin, made.id);
    expect((await core.roles.all()).map((r) => r.name)).not.toContain("Analysts");
    await expect(core.roles.get(made.id)).rejects.toMatchObject({ status: 404 });
  });

  it("a role's permission change applies to the next principal resolved", async () => {
    const { core, admin, userWithRoles } = await startMemoryCore();
    const before = await userWithRoles("gina", ["Gamma"]);
    expect(can(before, "can_write", "User")).toBe(false);
    const gamma = await role(core, "Gamma");
    const views = await core.roles.permissionViews();
    const writeUsers = views.find((v) => v.permission.name === "can_write" && v.view_menu.name === "User")!;
    const current = (await core.roles.permissionsOf(gamma.id)).flatMap((pv) =>
      pv.id === null ? [] : [pv.id],
    );
    await core.roles.setPermissions(admin, gamma.id, [...current, writeUsers.id]);
    const after = await core.security.principalFor(before.user);
    expect(can(after, "can_write", "User")).toBe(true);
  });

  it("a write straight to the store object (behind core's back) is seen at once too", async () => {
    const { core, meta, userWithRoles } = await startMemoryCore();
    const p = await userWithRoles("raw", ["Gamma"]);
    const token = core.security.issueTokens(p.user!, false).access_token;
    expect(await core.security.resolveBearer(token)).toMatchObject({ username: "raw" });
    const stored = (await meta.get<UserData>(USER, p.user!.id))!;
    await meta.update<UserData>(USER, stored, { active: false }, null);
    expect(await core.security.resolveBearer(token)).toBeUndefined();
  });
});

describe("metadata cache: another instance over the same store", () => {
  it("sees a role's new permissions within a second, not later", async () => {
    const { core, meta, admin, userWithRoles } = await startMemoryCore();
    const other = secondInstance(meta);
    const user = (await userWithRoles("gina", ["Gamma"])).user!;
    expect(can(await other.core.security.principalFor(user), "can_write", "User")).toBe(false);
    const gamma = await role(core, "Gamma");
    const writeUsers = (await core.roles.permissionViews()).find(
      (v) => v.permission.name === "can_write" && v.view_menu.name === "User",
    )!;
    const current = (await core.roles.permissionsOf(gamma.id)).flatMap((pv) =>
      pv.id === null ? [] : [pv.id],
    );
    await core.roles.setPermissions(admin, gamma.id, [...current, writeUsers.id]);
    // Served from its cache for a moment (that is the point of it)…
    other.advance(500);
    expect(can(await other.core.security.principalFor(user), "can_write", "User")).toBe(false);
    // …but never past one second.
    other.advance(500);
    expect(can(await other.core.security.principalFor(user), "can_write", "User")).toBe(true);
  });

  it("sees a deactivated user, a deleted role and a new RLS rule within a second", async () => {
    const { core, meta, admin, userWithRoles } = await startMemoryCore();
    const other = secondInstance(meta);
    const p = await userWithRoles("leaving", ["Gamma"]);
    const token = core.security.issueTokens(p.user!, false).access_token;
    const made = await core.roles.create(admin, "Temp");
    const dataset = await meta.create("dataset", { table_name: "t", database_id: 1, owners: [] }, null);
    // The other instance reads (and caches) all three.
    expect(await other.core.security.resolveBearer(token)).toBeDefined();
    expect((await other.core.roles.all()).map((r) => r.name)).toContain("Temp");
    expect(await other.core.rls.clausesFor(p, dataset.id)).toEqual([]);

    await core.users.update(admin, p.user!.id, { active: false });
    await core.roles.remove(admin, made.id);
    const gamma = await role(core, "Gamma");
    await core.rls.create(admin, {
      name: "only-us",
      filter_type: "Regular",
      tables: [dataset.id],
      roles: [gamma.id],
      clause: "region = 'us'",
    });
    other.advance(1000);
    expect(await other.core.security.resolveBearer(token)).toBeUndefined();
    expect((await other.core.roles.all()).map((r) => r.name)).not.toContain("Temp");
    expect(await other.core.rls.clausesFor(p, dataset.id)).toEqual(["(region = 'us')"]);
  });
});

describe("metadata cache: list pages on another instance", () => {
  it("reads a stamped type's list whole again only after a write of it, seen within a second", async () => {
    const { meta } = await startMemoryCore();
    const other = secondInstance(meta);
    const names = async () =>
      (await other.meta.listShared<{ dashboard_title: string }>("dashboard")).map((d) => d.dashboard_title);
    await meta.create("dashboard", { dashboard_title: "First" }, null);
    expect(await names()).toEqual(["First"]);
    other.advance(1000);
    await names(); // read whole once more: the stamp it was read under is a second old now
    const read = other.meta.reads.dashboard;
    for (let i = 0; i < 5; i++) {
      other.advance(1000);
      expect(await names()).toEqual(["First"]);
    }
    expect(other.meta.reads.dashboard).toBe(read); // nothing written: the stamp said so
    await meta.create("dashboard", { dashboard_title: "Second" }, null);
    other.advance(500);
    expect(await names()).toEqual(["First"]);
    other.advance(500);
    expect((await names()).sort()).toEqual(["First", "Second"]);
  });
});

describe("metadata cache: cookie sessions", () => {
  it("a logout ends the session at once here and within a second on another instance", async () => {
    const { core, meta, userWithRoles } = await startMemoryCore();
    const other = secondInstance(meta);
    const user = (await userWithRoles("sam", ["Gamma"])).user!;
    const { token } = await core.security.startSession(user);
    expect(await core.security.resolveSession(token)).toMatchObject({ user: { username: "sam" } });
    expect(await other.core.security.resolveSession(token)).toMatchObject({ user: { username: "sam" } });
    await core.security.endSession(token);
    expect(await core.security.resolveSession(token)).toBeUndefined();
    other.advance(1000);
    expect(await other.core.security.resolveSession(token)).toBeUndefined();
  });

  it("a cached session record is still refused once its expiry passed", async () => {
    let now = new Date("2030-01-01T00:00:00Z");
    const meta = new MemoryMetaStore(() => now, { cache: new MetaCache({ now: () => 0 }) });
    await meta.putValue("session#abc", 7, { ttlSeconds: 60 });
    expect(await meta.getValue("session#abc")).toBe(7);
    now = new Date(now.getTime() + 61_000);
    expect(await meta.getValue("session#abc")).toBeUndefined();
  });
});

describe("MetaCache", () => {
  const entity = (id: number, name: string) => ({ id, name });
  /** A store read held until released (the latest one made), counting how many were made. */
  const heldRead = () => {
    let made = 0;
    let resolve: (() => void) | undefined;
    const load = () =>
      new Promise<{ id: number; name: string }>((r) => {
        made++;
        resolve = () => r(entity(1, "stored"));
      });
    return { load, release: () => resolve?.(), loads: () => made };
  };

  it("keeps no read that was under way while its type was written", async () => {
    const cache = new MetaCache({ now: () => 0 });
    let release!: () => void;
    const slow = cache.entity(
      "role",
      1,
      () => new Promise<{ id: number; name: string }>((r) => (release = () => r(entity(1, "old")))),
    );
    cache.wroteEntity("role", 1);
    release();
    expect(await slow).toEqual(entity(1, "old"));
    expect(await cache.entity("role", 1, async () => entity(1, "new"))).toEqual(entity(1, "new"));
  });

  it("hands each caller its own copy", async () => {
    const cache = new MetaCache({ now: () => 0 });
    const first = (await cache.entity("role", 1, async () => entity(1, "a")))!;
    first.name = "changed by a caller";
    expect(await cache.entity("role", 1, async () => entity(1, "from the store"))).toEqual(entity(1, "a"));
  });

  it("shares one frozen entity with shared readers, while plain readers still get their own copy", async () => {
    let ms = 0;
    const cache = new MetaCache({ now: () => ms });
    let loads = 0;
    const load = async () => ({ ...entity(1, `load ${++loads}`), roles: [1, 2] });
    const shared = (await cache.sharedEntity("user", 1, load))!;
    expect(await cache.sharedEntity("user", 1, load)).toBe(shared); // the kept value itself
    expect(Object.isFrozen(shared.roles)).toBe(true);
    expect(() => {
      shared.roles.push(3);
    }).toThrow(TypeError);
    // A plain read of the same entry is a copy a caller may change without reaching the cache.
    const copy = (await cache.entity("user", 1, load))!;
    expect(copy).not.toBe(shared);
    copy.roles.push(3);
    expect((await cache.sharedEntity("user", 1, load))!.roles).toEqual([1, 2]);
    // A value first read plainly is kept frozen too, so a later shared read may hand it out.
    const plain = (await cache.entity("role", 7, async () => entity(7, "plain first")))!;
    plain.name = "changed by its reader";
    const sharedRole = (await cache.sharedEntity("role", 7, async () => entity(7, "not read")))!;
    expect(sharedRole.name).toBe("plain first");
    expect(Object.isFrozen(sharedRole)).toBe(true);
    // From a kept list: shared as is, copied for a plain read.
    await cache.list("chart", async () => [entity(5, "listed")]);
    expect(Object.isFrozen(await cache.sharedEntity("chart", 5, async () => undefined))).toBe(true);
    expect(Object.isFrozen(await cache.entity("chart", 5, async () => undefined))).toBe(false);
    // Dropped by a write of the entity and after its second, like any entry.
    cache.wroteEntity("user", 1);
    expect((await cache.sharedEntity("user", 1, load))!.name).toBe("load 2");
    ms += 1000;
    expect((await cache.sharedEntity("user", 1, load))!.name).toBe("load 3");
    // An uncached type is read each time, and still handed out frozen.
    expect(Object.isFrozen(await cache.sharedEntity("saved_query", 1, load))).toBe(true);
    expect(loads).toBe(4);
  });

  it("shares one frozen list, dropped by a write of its type and after 1 s", async () => {
    let ms = 0;
    const cache = new MetaCache({ now: () => ms });
    let loads = 0;
    const load = async () => [{ ...entity(1, `load ${++loads}`), permissions: [["can_read", "Chart"]] }];
    const first = await cache.sharedList("role", load);
    expect(await cache.sharedList("role", load)).toBe(first); // the same value, not a copy
    expect(Object.isFrozen(first[0].permissions[0])).toBe(true);
    expect(() => {
      first[0].name = "changed by a caller";
    }).toThrow(TypeError);
    cache.wroteEntity("role", 1);
    expect((await cache.sharedList("role", load))[0].name).toBe("load 2");
    ms += 1000;
    expect((await cache.sharedList("role", load))[0].name).toBe("load 3");
    // An uncached type is read each time, and still handed out frozen.
    expect(Object.isFrozen(await cache.sharedList("saved_query", load))).toBe(true);
    expect(loads).toBe(4);
  });

  it("caches only the hot types and sets, never an absent item, never past 1 s, within its size", async () => {
    let ms = 0;
    const cache = new MetaCache({ now: () => ms, ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => {
      loads++;
      return entity(1, "x");
    };
    const noMembers = async () => {
      loads++;
      return [];
    };
    await cache.entity("dashboard", 1, load);
    await cache.entity("dashboard", 1, load);
    expect(loads).toBe(2);
    // Charts are read by every chart-data item of a dashboard's batch: cached.
    await cache.entity("chart", 1, load);
    await cache.entity("chart", 1, load);
    expect(loads).toBe(3);
    cache.wroteEntity("chart", 1);
    await cache.entity("chart", 1, load);
    expect(loads).toBe(4);
    await cache.members("sqllab#running", noMembers);
    await cache.members("sqllab#running", noMembers);
    expect(loads).toBe(6);
    expect(await cache.entity("user", 9, async () => undefined)).toBeUndefined();
    expect(await cache.entity("user", 9, async () => entity(9, "now there"))).toEqual(entity(9, "now there"));
    await cache.entity("role", 1, load);
    ms = 999;
    await cache.entity("role", 1, load);
    expect(loads).toBe(7);
    ms = 1000; // the TTL asked for (60 s) is capped at one second
    await cache.entity("role", 1, load);
    expect(loads).toBe(8);
    await cache.list("dataset", async () => []);
    await cache.list("database", async () => []);
    expect(cache.size).toBe(2);
  });
  it("reads the store once for callers asking at the same time, each with its own copy", async () => {
    const cache = new MetaCache({ now: () => 0 });
    const { load, release, loads } = heldRead();
    const asked = [cache.entity("dataset", 1, load), cache.entity("dataset", 1, load)];
    release();
    const [a, b] = await Promise.all(asked);
    expect(loads()).toBe(1);
    expect(a).toEqual(entity(1, "stored"));
    a!.name = "changed by the first caller";
    expect(b).toEqual(entity(1, "stored"));
  });

  it("shares a dashboard's and a dashboard's chart set's simultaneous reads, keeping neither", async () => {
    const cache = new MetaCache({ now: () => 0 });
    const { load, release, loads } = heldRead();
    // The three requests a dashboard page opens with each read the dashboard.
    const asked = [cache.entity("dashboard", 1, load), cache.entity("dashboard", 1, load)];
    const shared = cache.sharedEntity("dashboard", 1, load);
    release();
    const [a, b] = await Promise.all(asked);
    expect(loads()).toBe(1);
    a!.name = "changed by the first caller";
    expect(b).toEqual(entity(1, "stored"));
    expect(Object.isFrozen(await shared)).toBe(true);
    // Not kept: the next read goes to the store.
    const later = cache.entity("dashboard", 1, load);
    release();
    await later;
    expect(loads()).toBe(2);
    // A write in between: the read after it is its own.
    const before = cache.entity("dashboard", 1, load);
    cache.wroteEntity("dashboard", 1);
    const after = cache.entity("dashboard", 1, async () => entity(1, "new"));
    release();
    expect(await before).toEqual(entity(1, "stored"));
    expect(await after).toEqual(entity(1, "new"));

    let setReads = 0;
    const members = async () => {
      setReads++;
      return [{ member: "7", value: true }];
    };
    await Promise.all([cache.members("listed#chart#1", members), cache.members("listed#chart#1", members)]);
    expect(setReads).toBe(1);
    await cache.members("listed#chart#1", members);
    expect(setReads).toBe(2);
    cache.wroteSet("listed#chart#1");
    expect(cache.size).toBe(0);
  });

  it("never joins a read begun before a write of its type", async () => {
    const cache = new MetaCache({ now: () => 0 });
    let release!: () => void;
    const before = cache.entity(
      "dataset",
      1,
      () => new Promise<{ id: number; name: string }>((r) => (release = () => r(entity(1, "old")))),
    );
    cache.wroteEntity("dataset", 1);
    const after = cache.entity("dataset", 1, async () => entity(1, "new"));
    release();
    expect(await before).toEqual(entity(1, "old"));
    expect(await after).toEqual(entity(1, "new"));
  });

  it("reads the ids it does not hold in one call, and a single read of one of them joins it", async () => {
    const cache = new MetaCache({ now: () => 0 });
    await cache.entity("chart", 1, async () => entity(1, "kept"));
    const calls: number[][] = [];
    let release!: () => void;
    const loadMany = (ids: number[]) =>
      new Promise<Map<number, { id: number; name: string }>>((r) => {
        calls.push(ids);
        release = () => r(new Map(ids.filter((id) => id !== 4).map((id) => [id, entity(id, `read ${id}`)])));
      });
    const many = cache.entities("chart", [1, 2, 3, 4, 2], loadMany);
    let singles = 0;
    const single = cache.entity("chart", 3, async () => {
      singles++;
      return entity(3, "read alone");
    });
    release();
    const found = await many;
    expect(calls).toEqual([[2, 3, 4]]);
    expect([...found.entries()].sort(([a], [b]) => a - b)).toEqual([
      [1, entity(1, "kept")],
      [2, entity(2, "read 2")],
      [3, entity(3, "read 3")],
    ]);
    expect(await single).toEqual(entity(3, "read 3"));
    expect(singles).toBe(0);
    // Now kept: no store call.
    expect((await cache.entities("chart", [2, 3], loadMany)).size).toBe(2);
    expect(calls).toHaveLength(1);
  });
  it("answers an item from its type's kept list while that list is fresh", async () => {
    let ms = 0;
    const cache = new MetaCache({ now: () => ms });
    await cache.list("chart", async () => [entity(1, "listed"), entity(2, "listed too")]);
    let loads = 0;
    const load = async () => {
      loads++;
      return entity(1, "read alone");
    };
    const first = (await cache.entity("chart", 1, load))!;
    expect(first).toEqual(entity(1, "listed"));
    first.name = "changed by a caller";
    expect(await cache.entity("chart", 1, load)).toEqual(entity(1, "listed"));
    expect((await cache.entities("chart", [2], async () => new Map())).get(2)).toEqual(
      entity(2, "listed too"),
    );
    expect(loads).toBe(0);
    // Not in the list: read from the store.
    expect(await cache.entity("chart", 3, async () => entity(3, "new"))).toEqual(entity(3, "new"));
    // A write of the type drops the list; so does its age.
    cache.wroteEntity("chart", 1);
    expect(await cache.entity("chart", 1, load)).toEqual(entity(1, "read alone"));
    await cache.list("chart", async () => [entity(2, "listed again")]);
    ms += 1000;
    expect(await cache.entity("chart", 2, async () => entity(2, "from the store"))).toEqual(
      entity(2, "from the store"),
    );
  });

  it("keeps a stamped list past its second while the type's write stamp stays, once that stamp settled", async () => {
    let ms = 0;
    const cache = new MetaCache({ now: () => ms });
    let stamp = 0;
    let stampReads = 0;
    const readStamp = async () => {
      stampReads++;
      return stamp;
    };
    let loads = 0;
    const load = async () => [entity(1, `load ${++loads}`)];
    const list = () => cache.list("chart", load, readStamp);
    expect((await list())[0].name).toBe("load 1");
    ms = 500;
    expect((await list())[0].name).toBe("load 1"); // within the second: no store read at all
    expect(stampReads).toBe(1);
    // The stamp was first seen just now: that read may have missed a write the index had not
    // taken yet, so the next one (a second on) reads whole, and is then trusted.
    ms = 1000;
    expect((await list())[0].name).toBe("load 2");
    ms = 2000;
    expect((await list())[0].name).toBe("load 2");
    ms = 3000;
    const copy = await list();
    expect(copy[0].name).toBe("load 2");
    copy[0].name = "changed by a caller";
    ms = 4000;
    expect((await list())[0].name).toBe("load 2"); // still each caller's own copy
    expect([loads, stampReads]).toEqual([2, 5]);
    // Items are answered from a revalidated list as from a fresh one.
    expect(await cache.entity("chart", 1, async () => entity(1, "read alone"))).toEqual(entity(1, "load 2"));

    // Another instance wrote: read whole at once, and again a second later (a new stamp settles).
    stamp = 1;
    ms = 5000;
    expect((await list())[0].name).toBe("load 3");
    ms = 6000;
    expect((await list())[0].name).toBe("load 4");
    ms = 7000;
    expect((await list())[0].name).toBe("load 4");
    // A write here drops it at once, as for any cached type.
    cache.wroteEntity("chart", 1);
    expect((await list())[0].name).toBe("load 5");

    // However quiet the type, a list is read whole again 30 s after its last whole read.
    ms = 8000;
    expect((await list())[0].name).toBe("load 5");
    ms = 36_000;
    expect((await list())[0].name).toBe("load 5");
    ms = 37_000;
    expect((await list())[0].name).toBe("load 6");
  });

  it("reads a stamped list whole, kept for its second only, when the stamp cannot be read", async () => {
    let ms = 0;
    const cache = new MetaCache({ now: () => ms });
    let loads = 0;
    const load = async () => [entity(1, `load ${++loads}`)];
    let failing = false;
    const readStamp = async () => {
      if (failing) throw new Error("throttled");
      return 4;
    };
    await cache.sharedList("dataset", load, readStamp);
    for (const at of [1000, 2000]) {
      ms = at;
      await cache.sharedList("dataset", load, readStamp);
    }
    expect(loads).toBe(2); // settled at 1000, kept at 2000
    failing = true;
    ms = 3000;
    expect((await cache.sharedList("dataset", load, readStamp))[0].name).toBe("load 3");
    ms = 3500;
    expect((await cache.sharedList("dataset", load, readStamp))[0].name).toBe("load 3");
    ms = 4000;
    expect((await cache.sharedList("dataset", load, readStamp))[0].name).toBe("load 4");
  });
});
