import { ENTITY_ATTRIBUTE, entityAttribute } from "./entity-item.ts";
import { assertItemFits } from "./item-size.ts";
import { ListIndexes } from "./list-index.ts";
import { MetaCache, STAMPED_TYPES } from "./meta-cache.ts";
import {
  allPages,
  CLAIM_GRACE_MS,
  type Entity,
  type EntityMeta,
  newestBound,
  type OwnerIndex,
  type OwnerOrder,
  ownerIndex,
  ownerSortKey,
} from "./meta-store.ts";
import { LostRaceError } from "./retry-lost-race.ts";
import type { MetaStorePort, NewestOptions } from "./store-ports.ts";

/** An entity item as the DynamoDB store writes it: the data plus its index keys. */
interface EntityItem {
  version: number;
  gsi1sk: string;
  gsi2pk?: string;
  gsi2sk?: string;
  data: EntityMeta;
}

/** A key-value item: a `putValue` value, a `countBelow` counter, or both. */
interface ValueItem {
  value?: unknown;
  expires_at?: number;
  n?: number;
}

interface Claim {
  owner: number;
  claimed_at?: number;
}

/** Stored copies are serialised, as DynamoDB's are: a caller never shares an object with the store. */
const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
const indexKey = (entity: EntityMeta) => `${entity.changed_on}#${String(entity.id).padStart(10, "0")}`;
/** DynamoDB orders sort keys by their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** DynamoDB's refusal of a failed condition, with the name the callers test for. */
function conditionFailed(): Error {
  const e = new Error("The conditional request failed");
  e.name = "ConditionalCheckFailedException";
  return e;
}

function staleWrite(type: string) {
  return new LostRaceError(type);
}

/**
 * The metadata store in memory, for fast domain tests. It keeps the semantics the domain relies
 * on from the DynamoDB store (versioned conditional writes, atomic counters, unique-name claims,
 * newest-first listings, the per-owner index, TTL on read, the item size limit) and passes the
 * same conformance suite. Every call yields once before it acts, so parallel callers interleave
 * as they do over the network, while each single write stays atomic as a conditional write is.
 */
export class MemoryMetaStore implements MetaStorePort {
  /** The hot metadata read through a short-lived in-process cache, as the DynamoDB store does. */
  readonly cache: MetaCache;
  readonly reads: Record<string, number> = {};
  private readonly entities: Map<string, Map<number, EntityItem>>;
  private readonly counters: Map<string, number>;
  private readonly claims: Map<string, Claim>;
  private readonly values: Map<string, ValueItem>;
  private readonly sets: Map<string, Map<string, unknown>>;
  private readonly ownerIndexes: Map<string, OwnerIndex>;
  /** Indexes by listed ids, kept on this store's sets as the DynamoDB store keeps them. */
  private readonly listIndexes = new ListIndexes(this, () => this.now().getTime());

  /**
   * `sameDataAs` makes this store a second process over another store's data (with its own
   * cache), as two Lambdas share one table: tests use it to see how soon one sees the other's writes.
   */
  constructor(
    private readonly now: () => Date = () => new Date(),
    opts: { cache?: MetaCache; sameDataAs?: MemoryMetaStore } = {},
  ) {
    const other = opts.sameDataAs;
    this.cache = opts.cache ?? new MetaCache();
    this.entities = other?.entities ?? new Map();
    this.counters = other?.counters ?? new Map();
    this.claims = other?.claims ?? new Map();
    this.values = other?.values ?? new Map();
    this.sets = other?.sets ?? new Map();
    this.ownerIndexes = other?.ownerIndexes ?? new Map();
  }

  private tick() {
    return new Promise<void>((resolve) => setImmediate(resolve));
  }

  private counted(type: string, n: number) {
    this.reads[type] = (this.reads[type] ?? 0) + n;
  }

  private ofType(type: string) {
    const items = this.entities.get(type) ?? new Map<number, EntityItem>();
    this.entities.set(type, items);
    return items;
  }

  indexListField<T>(type: string, listedType: string, listOf: (entity: Entity<T>) => number[]): void {
    this.listIndexes.register(type, listedType, listOf);
  }

  listing<T>(type: string, id: number): Promise<Entity<T>[]> {
    return this.listIndexes.listing<T>(type, id);
  }

  indexByOwner<T>(type: string, ownerOf: (entity: Entity<T>) => number | string | null, order?: OwnerOrder) {
    this.ownerIndexes.set(type, ownerIndex(ownerOf, order));
  }

  async listByOwner<T>(
    type: string,
    owner: number | string | null,
    opts: { changedAfter?: string; limit?: number } = {},
  ): Promise<Entity<T>[]> {
    const pageSize = opts.limit ?? Number.POSITIVE_INFINITY;
    for await (const page of this.newest<T>(type, { owner, changedAfter: opts.changedAfter, pageSize }))
      return page;
    return [];
  }

  async *newest<T>(type: string, opts: NewestOptions): AsyncGenerator<Entity<T>[]> {
    await this.tick();
    const byOwner = opts.owner !== undefined;
    const partition = byOwner ? ownerPartition(type, opts.owner ?? null) : undefined;
    const sortKey = (i: EntityItem) => (byOwner ? i.gsi2sk : i.gsi1sk) ?? "";
    const bound = newestBound(opts);
    const inBound = (i: EntityItem) =>
      !bound ||
      (bound.op === ">" ? byBytes(sortKey(i), bound.value) > 0 : byBytes(sortKey(i), bound.value) < 0);
    const items = [...this.ofType(type).values()]
      .filter((i) => (!byOwner || i.gsi2pk === partition) && inBound(i))
      .sort((a, b) => byBytes(sortKey(b), sortKey(a)));
    const size = Number.isFinite(opts.pageSize) ? Math.max(1, opts.pageSize) : Math.max(1, items.length);
    for (let at = 0; at < items.length; at += size) {
      const page = items.slice(at, at + size);
      this.counted(type, page.length);
      yield page.map((i) => copy(i.data) as Entity<T>);
    }
  }

  async backfillOwnerIndex(type: string): Promise<number> {
    const marker = `owner-index-backfilled#${type}`;
    if (!this.ownerIndexes.has(type) || (await this.getValue<boolean>(marker))) return 0;
    let rewritten = 0;
    for (const entity of await this.list<object>(type)) {
      const item = this.ofType(type).get(entity.id);
      // Changed meanwhile (then indexed) or already indexed: left as it is.
      if (item?.version !== entity.version || item.gsi2pk !== undefined) continue;
      this.ofType(type).set(entity.id, this.toItem(type, entity));
      this.cache.wroteEntity(type, entity.id);
      rewritten++;
    }
    await this.putValue(marker, true);
    return rewritten;
  }

  /** In memory an id costs no round trip: ids stay one by one (no block is ever lost). */
  allocateIdsInBlocks(_type: string, _size: number): void {}

  async nextId(type: string): Promise<number> {
    await this.tick();
    const n = (this.counters.get(type) ?? 0) + 1;
    this.counters.set(type, n);
    return n;
  }

  async create<T extends object>(
    type: string,
    data: T,
    actorId: number | null,
    preallocatedId?: number,
  ): Promise<Entity<T>> {
    const id = preallocatedId ?? (await this.nextId(type));
    return this.insert(type, this.draft(data, actorId, id));
  }

  draft<T extends object>(data: T, actorId: number | null, id: number): Entity<T> {
    const ts = this.now().toISOString();
    return {
      ...data,
      id,
      version: 1,
      created_on: ts,
      changed_on: ts,
      created_by_fk: actorId,
      changed_by_fk: actorId,
    } as Entity<T>;
  }

  /** Nothing waits here: every put is written at once. */
  flushCoalesced(): void {}

  async insert<T extends object>(
    type: string,
    entity: Entity<T>,
    _opts: { batched?: boolean; coalesce?: boolean } = {},
  ): Promise<Entity<T>> {
    await this.tick();
    const item = this.toItem(type, entity);
    if (this.listIndexes.indexes(type)) await this.listIndexes.beforeWrite(type, undefined, entity);
    if (this.ofType(type).has(entity.id)) throw conditionFailed();
    this.ofType(type).set(entity.id, item);
    this.wrote(type, entity.id);
    return entity;
  }

  async get<T>(type: string, id: number): Promise<Entity<T> | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return this.cache.entity(type, id, () => this.readEntity<T>(type, id));
  }

  async getShared<T>(type: string, id: number): Promise<Readonly<Entity<T>> | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return this.cache.sharedEntity(type, id, () => this.readEntity<T>(type, id));
  }

  private async readEntity<T>(type: string, id: number): Promise<Entity<T> | undefined> {
    await this.tick();
    const item = this.ofType(type).get(id);
    return item ? (copy(item.data) as Entity<T>) : undefined;
  }

  async update<T extends object>(
    type: string,
    current: Entity<T>,
    changes: Partial<T>,
    actorId: number | null,
    opts: { keepChanged?: boolean } = {},
  ): Promise<Entity<T>> {
    await this.tick();
    const next = {
      ...current,
      ...changes,
      id: current.id,
      version: current.version + 1,
      created_on: current.created_on,
      created_by_fk: current.created_by_fk,
      changed_on: opts.keepChanged ? current.changed_on : this.now().toISOString(),
      changed_by_fk: opts.keepChanged ? current.changed_by_fk : actorId,
    } as Entity<T>;
    const item = this.toItem(type, next);
    // Before the versioned check and write, which stay one step (nothing awaited between them).
    if (this.listIndexes.indexes(type)) await this.listIndexes.beforeWrite(type, current, next);
    if (this.ofType(type).get(current.id)?.version !== current.version) throw staleWrite(type);
    this.ofType(type).set(current.id, item);
    this.wrote(type, current.id);
    return next;
  }

  async delete(type: string, current: EntityMeta): Promise<void> {
    await this.tick();
    if (this.ofType(type).get(current.id)?.version !== current.version) throw staleWrite(type);
    this.ofType(type).delete(current.id);
    this.wrote(type, current.id);
    if (this.listIndexes.touches(type)) await this.listIndexes.afterDelete(type, current);
  }

  list<T>(type: string): Promise<Entity<T>[]> {
    return this.cache.list(type, () => this.readAll<T>(type), this.stampReader(type));
  }

  listShared<T>(type: string): Promise<readonly Readonly<Entity<T>>[]> {
    return this.cache.sharedList(type, () => this.readAll<T>(type), this.stampReader(type));
  }

  /** A write of an entity: this instance's cache drops it, and a stamped type's stamp moves on. */
  private wrote(type: string, id: number) {
    this.cache.wroteEntity(type, id);
    if (!STAMPED_TYPES.has(type)) return;
    const key = `stamp#${type}`;
    this.counters.set(key, (this.counters.get(key) ?? 0) + 1);
  }

  /** A stamped type's write stamp (see MetaStore): here counted in the same step as the write. */
  private stampReader(type: string): (() => Promise<number>) | undefined {
    if (!STAMPED_TYPES.has(type)) return undefined;
    return async () => {
      await this.tick();
      return this.counters.get(`stamp#${type}`) ?? 0;
    };
  }

  private readAll<T>(type: string): Promise<Entity<T>[]> {
    return allPages(this.newest<T>(type, { pageSize: Number.POSITIVE_INFINITY }));
  }

  async getMany<T>(type: string, ids: number[]): Promise<Entity<T>[]> {
    const found = await Promise.all([...new Set(ids)].map((id) => this.get<T>(type, id)));
    return found.filter((e) => e !== undefined) as Entity<T>[];
  }

  async claimUnique(
    scope: string,
    value: string,
    id: number,
    stillHeld: (ownerId: number) => Promise<boolean>,
    fold = true,
    retries = 2,
  ): Promise<boolean> {
    const key = uniqueKey(scope, value, fold);
    const at = this.now().getTime();
    await this.tick();
    const held = this.claims.get(key);
    if (!held || held.owner === id) {
      this.claims.set(key, { owner: id, claimed_at: at });
      return true;
    }
    await this.tick();
    const seen = this.claims.get(key);
    if (!seen) return retries > 0 && this.claimUnique(scope, value, id, stillHeld, fold, retries - 1);
    const { owner, claimed_at: claimedAt } = seen;
    if (claimedAt !== undefined && at - claimedAt < CLAIM_GRACE_MS) return false;
    if (await stillHeld(owner)) return false;
    await this.tick();
    // The takeover is conditional on the exact claim read, as the DynamoDB one is.
    const nowHeld = this.claims.get(key);
    if (!nowHeld || nowHeld.owner !== owner || nowHeld.claimed_at !== claimedAt) return false;
    this.claims.set(key, { owner: id, claimed_at: at });
    return true;
  }

  async uniqueOwner(scope: string, value: string, fold = true): Promise<number | undefined> {
    await this.tick();
    return this.claims.get(uniqueKey(scope, value, fold))?.owner;
  }

  async releaseUnique(scope: string, value: string, id: number, fold = true): Promise<void> {
    await this.tick();
    const key = uniqueKey(scope, value, fold);
    if (this.claims.get(key)?.owner === id) this.claims.delete(key);
  }

  async getValue<T>(key: string): Promise<T | undefined> {
    const item = await this.cache.value(key, async () => {
      await this.tick();
      const stored = this.values.get(key);
      return stored && copy(stored);
    });
    if (!item) return undefined;
    if (typeof item.expires_at === "number" && item.expires_at * 1000 < this.now().getTime())
      return undefined;
    return copy(item.value) as T;
  }

  async putValue(
    key: string,
    value: unknown,
    opts: { ttlSeconds?: number; onlyIfAbsent?: boolean; coalesce?: boolean } = {},
  ) {
    await this.tick();
    const expires = opts.ttlSeconds ? Math.floor(this.now().getTime() / 1000) + opts.ttlSeconds : undefined;
    // Like a conditional put: an expired item not yet deleted still counts as present.
    if (opts.onlyIfAbsent && this.values.has(key)) return false;
    this.values.set(key, { value: copy(value), expires_at: expires });
    this.cache.wroteValue(key);
    return true;
  }

  async deleteValue(key: string): Promise<void> {
    await this.tick();
    this.values.delete(key);
    this.cache.wroteValue(key);
  }

  async countBelow(key: string, limit: number, ttlSeconds: number): Promise<boolean> {
    try {
      return await this.countInWindow(key, limit, ttlSeconds);
    } finally {
      this.cache.wroteValue(key);
    }
  }

  private async countInWindow(key: string, limit: number, ttlSeconds: number): Promise<boolean> {
    for (let round = 0; round < 3; round++) {
      await this.tick();
      const now = Math.floor(this.now().getTime() / 1000);
      const item = this.values.get(key);
      const open =
        item?.n !== undefined && item.n < limit && item.expires_at !== undefined && item.expires_at >= now;
      if (!item || open) {
        const next = item ?? {};
        next.expires_at ??= now + ttlSeconds;
        next.n = (next.n ?? 0) + 1;
        this.values.set(key, next);
        return true;
      }
      if (typeof item.expires_at === "number" && item.expires_at >= now) return false;
      // An expired window (TTL deletion lags): delete it, then count afresh.
      this.values.delete(key);
    }
    return false;
  }

  async uncount(key: string): Promise<void> {
    await this.tick();
    const item = this.values.get(key);
    if (item?.n !== undefined && item.n > 0) item.n -= 1;
    this.cache.wroteValue(key);
  }

  async addMember(
    set: string,
    member: string,
    value: unknown = true,
    opts: { onlyIfAbsent?: boolean } = {},
  ): Promise<boolean> {
    await this.tick();
    const members = this.sets.get(set) ?? new Map<string, unknown>();
    this.sets.set(set, members);
    if (opts.onlyIfAbsent && members.has(member)) return false;
    members.set(member, copy(value));
    this.cache.wroteSet(set);
    return true;
  }

  async removeMember(set: string, member: string, opts: { ifValue?: unknown } = {}): Promise<void> {
    await this.tick();
    const members = this.sets.get(set);
    const held = members?.get(member);
    if (opts.ifValue === undefined || JSON.stringify(held) === JSON.stringify(opts.ifValue))
      members?.delete(member);
    this.cache.wroteSet(set);
  }

  members(set: string): Promise<{ member: string; value: unknown }[]> {
    return this.cache.members(set, async () => {
      await this.tick();
      return [...(this.sets.get(set) ?? new Map<string, unknown>())]
        .sort(([a], [b]) => byBytes(a, b))
        .map(([member, value]) => ({ member, value: copy(value) }));
    });
  }

  /** The stored item, checked against DynamoDB's item size limit as the real store checks it. */
  private toItem(type: string, entity: EntityMeta): EntityItem {
    const index = this.ownerIndexes.get(type);
    const owner = index
      ? { gsi2pk: ownerPartition(type, index.ownerOf(entity)), gsi2sk: ownerSortKey(entity, index.order) }
      : {};
    const item = {
      pk: `${type}#${entity.id}`,
      sk: "A",
      type,
      version: entity.version,
      gsi1pk: type,
      gsi1sk: indexKey(entity),
      ...owner,
      [ENTITY_ATTRIBUTE]: entityAttribute(entity),
    };
    assertItemFits(type, item, entity);
    return { version: item.version, gsi1sk: item.gsi1sk, ...owner, data: copy(entity) };
  }
}

function uniqueKey(scope: string, value: string, fold: boolean) {
  return `${scope}#${fold ? value.toLowerCase() : value}`;
}

function ownerPartition(type: string, owner: number | string | null): string {
  return `${type}#owner#${owner ?? "anonymous"}`;
}
