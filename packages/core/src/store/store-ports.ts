import type { Job, QueueRecord } from "./job-queue.ts";
import type { Entity, EntityMeta, OwnerOrder } from "./meta-store.ts";

/**
 * What the domain needs from the metadata store. `MetaStore` (DynamoDB) and `MemoryMetaStore`
 * (tests) both provide it, and both pass the same conformance suite (meta-store.conformance.ts).
 */
/** What `MetaStorePort.newest` reads. */
export interface NewestOptions {
  owner?: number | string | null;
  changedAfter?: string;
  changedBefore?: string;
  pageSize: number;
}

export interface MetaStorePort {
  /** Items read by list queries per type since start (tests check that a read stays narrow). */
  readonly reads: Record<string, number>;
  /**
   * Opts a type into the per-owner index read by `listByOwner`, ordered by when each entity last
   * changed, or with `order: "id"` by id (an update then never moves its entry: see OwnerOrder).
   */
  indexByOwner<T>(
    type: string,
    ownerOf: (entity: Entity<T>) => number | string | null,
    order?: OwnerOrder,
  ): void;
  /**
   * One owner's entities of a type, most recently changed first (`changed_on#id` descending), or
   * highest id first for a type indexed by id (where `changedAfter` does not apply).
   */
  listByOwner<T>(
    type: string,
    owner: number | string | null,
    opts?: { changedAfter?: string; limit?: number },
  ): Promise<Entity<T>[]>;
  /**
   * A type's entities most recently changed first, a page at a time (`pageSize` items, the last
   * page maybe fewer), or with `owner` one owner's through the owner index (in its order). A
   * reader that stops early reads no further pages: the way to look through a type that grows
   * without bound (the event log) with bounded work. `changedAfter` / `changedBefore` (ISO times,
   * one or the other) read only the entities changed after / before it, by key.
   */
  newest<T>(type: string, opts: NewestOptions): AsyncIterable<Entity<T>[]>;
  /** Indexes items of an owner-indexed type written before it was indexed, once. */
  backfillOwnerIndex(type: string): Promise<number>;
  /**
   * Opts a type into an index by the ids of `listedType` it lists in a field (see list-index.ts):
   * `listing` then reads the entities listing an id without reading the whole type. Deleting an
   * entity of either type takes its part of the index with it.
   */
  indexListField<T>(type: string, listedType: string, listOf: (entity: Entity<T>) => number[]): void;
  /** The entities of a list-indexed type whose field lists `id`, most recently changed first. */
  listing<T>(type: string, id: number): Promise<Entity<T>[]>;
  /** The next id of an atomic counter per type (1, 2, …): unique, increasing within a process. */
  nextId(type: string): Promise<number>;
  /**
   * Reserves a type's ids `size` at a time (one counter write per block): ids stay unique, but a
   * block's unused ids are skipped when the process ends and instances' ids interleave.
   */
  allocateIdsInBlocks(type: string, size: number): void;
  /** A new entity at version 1; refused when the id is taken. */
  create<T extends object>(
    type: string,
    data: T,
    actorId: number | null,
    preallocatedId?: number,
  ): Promise<Entity<T>>;
  get<T>(type: string, id: number): Promise<Entity<T> | undefined>;
  /** `get`, as the cache's own frozen value (read-only): for the reads every request makes. */
  getShared<T>(type: string, id: number): Promise<Readonly<Entity<T>> | undefined>;
  /** A write conditional on `current.version`; a stale one is a 409. */
  update<T extends object>(
    type: string,
    current: Entity<T>,
    changes: Partial<T>,
    actorId: number | null,
    opts?: { keepChanged?: boolean },
  ): Promise<Entity<T>>;
  /** A delete conditional on `current.version`; a stale one is a 409. */
  delete(type: string, current: EntityMeta): Promise<void>;
  /** All entities of a type, most recently changed first. */
  list<T>(type: string): Promise<Entity<T>[]>;
  /** `list`, as one frozen value shared by every caller (read-only). */
  listShared<T>(type: string): Promise<readonly Readonly<Entity<T>>[]>;
  getMany<T>(type: string, ids: number[]): Promise<Entity<T>[]>;
  /** Claims a unique value for an id; false when another id holds it (see MetaStore.claimUnique). */
  claimUnique(
    scope: string,
    value: string,
    id: number,
    stillHeld: (ownerId: number) => Promise<boolean>,
    fold?: boolean,
    retries?: number,
  ): Promise<boolean>;
  uniqueOwner(scope: string, value: string, fold?: boolean): Promise<number | undefined>;
  releaseUnique(scope: string, value: string, id: number, fold?: boolean): Promise<void>;
  /** A key-value record; one past its `ttlSeconds` reads as absent. */
  getValue<T>(key: string): Promise<T | undefined>;
  putValue(
    key: string,
    value: unknown,
    opts?: { ttlSeconds?: number; onlyIfAbsent?: boolean },
  ): Promise<boolean>;
  deleteValue(key: string): Promise<void>;
  /** Counts one event in a window unless `limit` were counted; never past the limit. */
  countBelow(key: string, limit: number, ttlSeconds: number): Promise<boolean>;
  uncount(key: string): Promise<void>;
  addMember(
    set: string,
    member: string,
    value?: unknown,
    opts?: { onlyIfAbsent?: boolean },
  ): Promise<boolean>;
  /** `ifValue`: only while the member still holds that value (a later re-add keeps it). */
  removeMember(set: string, member: string, opts?: { ifValue?: unknown }): Promise<void>;
  members(set: string): Promise<{ member: string; value: unknown }[]>;
}

/** What the domain needs from the result store (query results and uploads by key). */
export interface ResultStorePort {
  put(key: string, body: Uint8Array | string, contentType?: string): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  putJson(key: string, value: unknown): Promise<void>;
  getJson<T>(key: string): Promise<T | undefined>;
  /** Every object whose key starts with `prefix`, with when it was last written. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Removes an object; removing a missing one is no error. */
  delete(key: string): Promise<void>;
}

export interface StoredObject {
  key: string;
  lastModified: Date;
}

/** What the domain and the worker loop need from the job queue (at-least-once delivery). */
export interface JobQueuePort {
  send(job: Job): Promise<void>;
  /** Hands out visible messages, hiding them for the visibility timeout. */
  receive(waitSeconds?: number, max?: number): Promise<QueueRecord[]>;
  /** Deletes a handled message. */
  ack(record: QueueRecord): Promise<void>;
  approximateDepth(): Promise<number>;
}
