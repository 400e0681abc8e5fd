import { deepFreeze } from "../resources/deep-freeze.ts";

/**
 * A short-lived in-process copy of the metadata every request reads (who is calling and their
 * roles, databases, datasets, charts, RLS rules, tags and the tag/favourite sets a list page
 * decorates rows with). Both metadata stores read through it, so:
 * - a write through the store object drops the entries it affects before it returns, and a read
 *   that was already under way when the write happened is not kept (a generation per type), so
 *   in one process a write is always seen by the next read;
 * - an entry lives at most `ttlMs` (1 s), so a write by another process (another Lambda) is seen
 *   within a second: security data (users, roles, RLS) is never staler than that. DynamoDB's
 *   eventually consistent reads, which the store uses anyway, are of the same order;
 * - callers get their own copy of an entry, so mutating a result never changes the cache; the
 *   exceptions are the shared reads (`sharedList`, `sharedEntity`): the kept value itself, which
 *   is frozen, handed to every caller;
 * - the number of entries is capped (least recently used goes first);
 * - a list of a stamped type (`STAMPED_TYPES`) past its second is not read whole again when the
 *   type's write stamp says nothing was written since (see `stampedFetch`).
 * It holds stored items only; every authorisation check still runs per request on them.
 */
export interface MetaCacheOptions {
  /** How long an entry is served without reading the store again (ms, at most 1000). */
  ttlMs?: number;
  maxEntries?: number;
  /** Milliseconds of a monotonic-enough clock (injected by tests). */
  now?: () => number;
}

/**
 * The entity types read on every request path; the rest always go to the store. Charts are read
 * by every chart-data request that names its chart (its cache timeout, a guest's query check):
 * a dashboard's batch of 20 charts was 20 store reads.
 */
export const CACHED_TYPES: ReadonlySet<string> = new Set([
  "user",
  "role",
  "database",
  "dataset",
  "chart",
  "rls",
  "tag",
]);
/**
 * Types whose every write bumps a stamp in the store (`MetaStore.bumpStamp`): the ones a list page
 * reads whole. With 1,500 charts, 300 datasets and 200 dashboards stored, the chart list read all
 * three once its copies were a second old: some 200 ms a page, to find what had not changed.
 * Dashboards are not cached one by one (a dashboard's page reads its own), only as a list. Report
 * schedules are read whole by every report list, and a dashboard's or chart's page asks for one
 * (its header's report menu) as it opens; the run that sends a report reads its own afresh.
 */
export const STAMPED_TYPES: ReadonlySet<string> = new Set([
  "chart",
  "dashboard",
  "dataset",
  "report_schedule",
]);
/**
 * Types read by several requests at the same moment and not worth keeping: a dashboard's page
 * opens with three requests (the dashboard, its charts, its datasets), each reading the dashboard
 * and the set of its charts. Callers asking at once share one store read; nothing is kept after
 * it (a dashboard may be large, and each is read by its own page alone).
 */
const JOINED_TYPES: ReadonlySet<string> = new Set(["dashboard"]);
/** Sets whose simultaneous reads are shared the same way: which charts list a dashboard. */
const JOINED_SET_PREFIXES = ["listed#"];
/** Types whose whole list may be kept. */
const LISTED_TYPES: ReadonlySet<string> = new Set([...CACHED_TYPES, ...STAMPED_TYPES]);
/**
 * A list read whole is trusted for a stamp only once that stamp is this old here: the list is
 * read through an index the store updates a moment after the write (DynamoDB's GSIs lag by
 * a fraction of a second), so a read right after a write may miss it.
 */
const SETTLE_MS = 1000;
/**
 * However unchanged its stamp, a list is read whole again this long after: a writer that stopped
 * between its write and the stamp's bump (a Lambda killed at its timeout) is caught up this late
 * at worst.
 */
const MAX_PINNED_MS = 30_000;

/** Sets read by list pages: a type's tag links and a user's favourites. */
const CACHED_SET_PREFIXES = ["tagged#", "fav#"];
/**
 * Key-value records read on every request: a cookie session's record. The stored item is kept
 * with its expiry, which the store checks on every read, cached or not.
 */
const CACHED_VALUE_PREFIXES = ["session#"];

const MAX_TTL_MS = 1000;

interface Entry {
  value: unknown;
  at: number;
  /** For a list of a stamped type: the write stamp it was read under. */
  stamp?: ListStamp;
}

interface ListStamp {
  /** The type's write stamp, read just before the list. */
  seen: number;
  /** Read at least SETTLE_MS after this instance first saw that stamp (see SETTLE_MS). */
  settled: boolean;
  /** When the list was read whole (revalidations keep it: MAX_PINNED_MS counts from here). */
  readAt: number;
}

/** What a store read brings back: a new value, or the kept one still good (`reused`). */
interface Fetched<T> {
  value: T;
  reused?: boolean;
  stamp?: ListStamp;
}

/** A store read's answer: as handed to its own caller, and the pristine copy joiners are copied from. */
interface Loaded<T> {
  value: T;
  kept: T;
}

/** Reads a type's write stamp from the store. */
export type StampReader = () => Promise<number>;

export class MetaCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every write of a scope (an entity type or a set): reads begun before it are not kept. */
  private readonly generations = new Map<string, number>();
  /**
   * Reads of the store under way, by key, with the generation they began in. A caller who finds one
   * of the current generation waits for it instead of reading again: a dashboard's 20 chart-data
   * requests arrive together, and each read the same dataset, database and RLS rules from the store
   * (20 reads of each, where one answers them all).
   */
  private readonly loading = new Map<string, { generation: number; read: Promise<Loaded<unknown>> }>();
  /** Each kept list's items by id (built on first use, gone with the list). */
  private readonly listIndexes = new WeakMap<unknown[], Map<number, unknown>>();
  /** Each stamped type's stamp as last seen here, and when it was first seen. */
  private readonly stampsSeen = new Map<string, { stamp: number; since: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(opts: MetaCacheOptions = {}) {
    this.ttlMs = Math.min(opts.ttlMs ?? MAX_TTL_MS, MAX_TTL_MS);
    this.maxEntries = opts.maxEntries ?? 5000;
    this.now = opts.now ?? (() => performance.now());
  }

  /** One entity, read through the cache when its type is cached (an absent one is never kept). */
  entity<T>(type: string, id: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (JOINED_TYPES.has(type)) return this.read(type, `e:${type}#${id}`, load, false, undefined, false);
    if (!CACHED_TYPES.has(type)) return load();
    const listed = this.listed<T>(type, id);
    if (listed !== undefined) return Promise.resolve(structuredClone(listed));
    return this.read(type, `e:${type}#${id}`, load);
  }

  /**
   * `entity` without the copy: the kept value itself, deep-frozen, as every caller's (a change
   * throws). For the reads every request makes: copying the caller's user and the query's
   * database took a fifth of the server's own time in a small SQL Lab run.
   */
  sharedEntity<T>(type: string, id: number, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (JOINED_TYPES.has(type)) return this.read(type, `e:${type}#${id}`, load, true, undefined, false);
    if (!CACHED_TYPES.has(type)) return load().then(deepFreeze);
    const listed = this.listed<T>(type, id);
    if (listed !== undefined) return Promise.resolve(listed);
    return this.read(type, `e:${type}#${id}`, load, true);
  }

  /**
   * The entity from its type's kept list, if one is (frozen, as everything kept is: callers copy
   * it unless they share it). A list is as fresh as an entry of one of its items would be (the
   * same age limit, dropped by any write of the type). A dashboard's chart and dataset lists are
   * read as it opens, and its charts' data requests read those items one by one a moment later.
   */
  private listed<T>(type: string, id: number): T | undefined {
    const now = this.now();
    for (const key of [`l:${type}`, `f:${type}`]) {
      const hit = this.entries.get(key);
      if (!hit || now - hit.at >= this.ttlMs || !Array.isArray(hit.value)) continue;
      let byId = this.listIndexes.get(hit.value);
      if (!byId) {
        byId = new Map();
        for (const item of hit.value as { id?: unknown }[])
          if (typeof item?.id === "number") byId.set(item.id, item);
        this.listIndexes.set(hit.value, byId);
      }
      const found = byId.get(id);
      if (found !== undefined) return found as T;
    }
    return undefined;
  }

  /**
   * Several entities of a type: those kept are answered from the cache, those being read join that
   * read, and the rest are read together by `loadMany` (one store call, not one per id). While it
   * runs, a single read of one of those ids joins it too.
   */
  async entities<T>(
    type: string,
    ids: number[],
    loadMany: (ids: number[]) => Promise<Map<number, T>>,
  ): Promise<Map<number, T>> {
    const out = new Map<number, T>();
    if (!CACHED_TYPES.has(type)) return loadMany(ids);
    const now = this.now();
    const generation = this.generations.get(type) ?? 0;
    const waiting: Promise<void>[] = [];
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const key = `e:${type}#${id}`;
      const listed = this.listed<T>(type, id);
      if (listed !== undefined) {
        out.set(id, structuredClone(listed));
        continue;
      }
      const hit = this.entries.get(key);
      if (hit && now - hit.at < this.ttlMs) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        out.set(id, structuredClone(hit.value) as T);
        continue;
      }
      if (hit) this.entries.delete(key);
      const pending = this.loading.get(key);
      if (pending && pending.generation === generation)
        waiting.push(
          pending.read.then(({ kept }) => {
            if (kept !== undefined) out.set(id, structuredClone(kept) as T);
          }),
        );
      else missing.push(id);
    }
    if (missing.length > 0) {
      const all = loadMany(missing);
      for (const id of missing) {
        const key = `e:${type}#${id}`;
        const one = () => all.then((found) => ({ value: found.get(id) }));
        const read = this.load(type, key, generation, now, one, false);
        this.loading.set(key, { generation, read });
        waiting.push(
          read
            .then(({ value }) => {
              if (value !== undefined) out.set(id, value);
            })
            .finally(() => {
              if (this.loading.get(key)?.read === read) this.loading.delete(key);
            }),
        );
      }
    }
    await Promise.all(waiting);
    return out;
  }

  /** All entities of a type; `stamp` reads the type's write stamp (stamped types). */
  list<T>(type: string, load: () => Promise<T>, stamp?: StampReader): Promise<T> {
    if (!LISTED_TYPES.has(type)) return load();
    return this.read(type, `l:${type}`, load, false, stamp) as Promise<T>;
  }

  /**
   * All entities of a type as one deep-frozen value shared by every caller, not a copy each: the
   * roles every request turns into its caller's permissions (copying all of them was most of the
   * cost of authenticating a request). Otherwise the rules of `list`: a write of the type drops it
   * and it lives at most the TTL.
   */
  sharedList<T>(type: string, load: () => Promise<T>, stamp?: StampReader): Promise<T> {
    if (!LISTED_TYPES.has(type)) return load().then(deepFreeze);
    return this.read(type, `f:${type}`, load, true, stamp) as Promise<T>;
  }

  /** A set's members. */
  members<T>(set: string, load: () => Promise<T>): Promise<T> {
    if (JOINED_SET_PREFIXES.some((p) => set.startsWith(p)))
      return this.read(`s:${set}`, `s:${set}`, load, false, undefined, false) as Promise<T>;
    if (!CACHED_SET_PREFIXES.some((p) => set.startsWith(p))) return load();
    return this.read(`s:${set}`, `s:${set}`, load) as Promise<T>;
  }

  /** A key-value item as stored (value and expiry). */
  value<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (!CACHED_VALUE_PREFIXES.some((p) => key.startsWith(p))) return load();
    return this.read(`v:${key}`, `v:${key}`, load);
  }

  /** A write of a key-value item (put, delete, count). */
  wroteValue(key: string): void {
    this.bump(`v:${key}`);
    this.entries.delete(`v:${key}`);
  }

  /** A write of an entity (create, update, delete): its entry and its type's list go. */
  wroteEntity(type: string, id: number): void {
    if (!LISTED_TYPES.has(type)) return;
    this.bump(type);
    this.entries.delete(`e:${type}#${id}`);
    this.entries.delete(`l:${type}`);
    this.entries.delete(`f:${type}`);
  }

  /** A write of a set's member. */
  wroteSet(set: string): void {
    this.bump(`s:${set}`);
    this.entries.delete(`s:${set}`);
  }

  /** Drops everything (e.g. after a bulk rewrite). */
  clear(): void {
    for (const scope of this.generations.keys()) this.bump(scope);
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private bump(scope: string) {
    this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
  }

  /** `keep`: false for a read only shared with those asking meanwhile (JOINED_TYPES). */
  private async read<T>(
    scope: string,
    key: string,
    load: () => Promise<T>,
    shared = false,
    stamp?: StampReader,
    keep = true,
  ): Promise<T> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && now - hit.at < this.ttlMs) {
      // Least recently used order: a hit moves to the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return (shared ? hit.value : structuredClone(hit.value)) as T;
    }
    if (hit) this.entries.delete(key);
    const generation = this.generations.get(scope) ?? 0;
    // A read begun before a write of this scope may have missed it: only one of this generation is joined.
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) {
      // Each joiner gets its own copy of the store's answer, as from an entry.
      const { kept } = (await pending.read) as Loaded<T>;
      return shared ? kept : structuredClone(kept);
    }
    const fetch = stamp
      ? this.stampedFetch(scope, hit, now, stamp, load)
      : async (): Promise<Fetched<T>> => ({ value: await load() });
    const read = this.load(scope, key, generation, now, fetch, shared, keep);
    this.loading.set(key, { generation, read });
    try {
      return (await read).value;
    } finally {
      if (this.loading.get(key)?.read === read) this.loading.delete(key);
    }
  }

  /**
   * A stamped list's read: the type's write stamp first. The same stamp as the kept list's, when
   * that list is settled and not too old, means no write since: the kept list is good for another
   * TTL. Otherwise the list is read whole, under the stamp just read. A stamp that cannot be read
   * means a whole read, kept for the TTL only.
   */
  private stampedFetch<T>(
    type: string,
    previous: Entry | undefined,
    startedAt: number,
    readStamp: StampReader,
    load: () => Promise<T>,
  ): () => Promise<Fetched<T>> {
    return async () => {
      const seen = await readStamp().catch(() => undefined);
      const before = previous?.stamp;
      if (previous && before?.settled && seen === before.seen && startedAt - before.readAt < MAX_PINNED_MS)
        return { value: previous.value as T, reused: true, stamp: before };
      if (seen === undefined) return { value: await load() };
      const settled = startedAt - this.firstSeen(type, seen, startedAt) >= SETTLE_MS;
      return { value: await load(), stamp: { seen, settled, readAt: startedAt } };
    };
  }

  /** When this instance first saw `stamp` as the type's stamp. */
  private firstSeen(type: string, stamp: number, now: number): number {
    const known = this.stampsSeen.get(type);
    if (known?.stamp === stamp) return known.since;
    this.stampsSeen.set(type, { stamp, since: now });
    return now;
  }

  private async load<T>(
    scope: string,
    key: string,
    generation: number,
    startedAt: number,
    fetch: () => Promise<Fetched<T>>,
    shared: boolean,
    keep = true,
  ): Promise<Loaded<T>> {
    const { value: fetched, reused, stamp } = await fetch();
    // What the cache keeps stays pristine: a copy the first caller's changes never reach, or one
    // frozen value every caller shares. A kept value still good is pristine already.
    let value: T;
    let kept: T;
    if (reused) {
      kept = fetched;
      value = shared ? kept : structuredClone(kept);
    } else if (shared) {
      kept = value = deepFreeze(fetched);
    } else {
      value = fetched;
      // Frozen too: a shared read of the same entry hands this very value out.
      kept = deepFreeze(structuredClone(fetched));
    }
    // A write of this scope while the read was under way may have been missed by it: not kept.
    if (keep && value !== undefined && (this.generations.get(scope) ?? 0) === generation) {
      // Aged from when the read began, so an entry never outlives the TTL counted from the store's answer.
      this.entries.set(key, { value: kept, at: startedAt, stamp });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return { value, kept };
  }
}
