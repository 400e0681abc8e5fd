import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { ENTITY_ATTRIBUTE, entityAttribute, entityOfItem } from "./entity-item.ts";
import { assertItemFits } from "./item-size.ts";
import { ListIndexes } from "./list-index.ts";
import { MetaCache, STAMPED_TYPES } from "./meta-cache.ts";
import { LostRaceError } from "./retry-lost-race.ts";
import type { MetaStorePort, NewestOptions } from "./store-ports.ts";

/** Fields every stored entity carries besides its own data. */
export interface EntityMeta {
  id: number;
  version: number;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}
export type Entity<T> = T & EntityMeta;
/**
 * How a type's per-owner index sorts an owner's entities. "changed" (when each last changed) lets
 * a reader ask for what changed since a time, but every update moves the entity's entry, and an
 * index read meanwhile can miss it (DynamoDB's index follows the table a moment later). "id" keeps
 * each entry where it is: for entities read whole and often while they are edited (SQL Lab tabs).
 */
export type OwnerOrder = "changed" | "id";
/** A type's per-owner index: how to find an entity's owner, and how the owner's entries sort. */
export interface OwnerIndex {
  ownerOf: (entity: EntityMeta) => number | string | null;
  order: OwnerOrder;
}

const ITEM = "A";
/** BatchWriteItem takes at most this many items. */
const BATCH_MAX = 25;
/** Rounds of retrying the items a BatchWriteItem left unprocessed (throttling) before failing. */
const BATCH_RETRIES = 5;
/** Keys DynamoDB reads in one BatchGetItem. */
const BATCH_GET_MAX = 100;

/** Ids reserved for this process by one counter write (see `allocateIdsInBlocks`). */
interface IdBlock {
  size: number;
  next: number;
  last: number;
  refill?: Promise<void>;
}

/** A key-value put waiting for its batch (see `putValue`). */
interface QueuedPut {
  item: Record<string, unknown>;
  written: Promise<void>;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** Key-value puts issued in the same turn, written by one BatchWriteItem, by key. */
interface ValueBatch {
  puts: Map<string, QueuedPut>;
  /** A coalescing batch's timer (see `coalesce`); a turn's batch has none. */
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * How long a coalescing put waits for others (`coalesce: true`): writes nobody waits for, such as
 * a fast SQL Lab run's record stored after its reply, go out together when runs follow each other.
 * Nobody sees the wait: readers in this process flush first (`flushCoalesced`), a Lambda settles
 * its writes before it replies, and closing flushes. A batch also goes out when full, so under a
 * stream of runs this decides how full: at 10 ms a run every few milliseconds made a batch of two
 * or three, and each batch's own cost (the SDK call, the request) weighed on the next replies.
 */
const COALESCE_MS = 50;
const entityKey = (type: string, id: number) => ({ pk: `${type}#${id}`, sk: ITEM });
const stampKey = (type: string) => ({ pk: `stamp#${type}`, sk: ITEM });

/**
 * Sends a batch call until DynamoDB has processed all of it: it may hand back part of a batch
 * (throttled, or over its size limits), to be sent again after a growing pause.
 */
async function untilProcessed<T>(what: string, first: T[], send: (left: T[]) => Promise<T[]>): Promise<void> {
  let left = first;
  for (let round = 0; left.length > 0; round++) {
    if (round > BATCH_RETRIES) throw new Error(`DynamoDB left ${what} unprocessed`);
    if (round > 0) await new Promise((r) => setTimeout(r, 10 * 2 ** round));
    left = await send(left);
  }
}

/**
 * How long a fresh claim is presumed to belong to a write in flight. Far above any request's
 * lifetime (API Gateway stops at 30 s), so only a crashed writer's claim is ever taken over.
 */
export const CLAIM_GRACE_MS = 5 * 60_000;
const uniqueKey = (scope: string, value: string, fold: boolean) => ({
  pk: `unique#${scope}#${fold ? value.toLowerCase() : value}`,
  sk: ITEM,
});
const isConditionFailure = (e: unknown) =>
  e instanceof ConditionalCheckFailedException ||
  (e as { name?: string })?.name === "ConditionalCheckFailedException";

/**
 * Metadata in one DynamoDB table. Entities are single items keyed `type#id` with a `version`
 * that every update is conditional on; GSI `gsi1` lists an entity type by changed_on.
 * No transactions (the local stand-in lacks them): multi-item writes are ordered so a crash
 * between them leaves nothing broken.
 */
export class MetaStore implements MetaStorePort {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    readonly table: string,
    private readonly now: () => Date = () => new Date(),
    /** The hot metadata read through a short-lived in-process cache (see meta-cache.ts). */
    readonly cache: MetaCache = new MetaCache(),
  ) {}

  /** Indexes by listed ids (a chart's dashboards), kept on set items (see list-index.ts). */
  private readonly listIndexes = new ListIndexes(this, () => this.now().getTime());

  indexListField<T>(type: string, listedType: string, listOf: (entity: Entity<T>) => number[]): void {
    this.listIndexes.register(type, listedType, listOf);
  }

  listing<T>(type: string, id: number): Promise<Entity<T>[]> {
    return this.listIndexes.listing<T>(type, id);
  }

  /** Items read by list queries per type since start (tests and benches check that a read stays narrow). */
  readonly reads: Record<string, number> = {};

  private counted(type: string, n: number) {
    this.reads[type] = (this.reads[type] ?? 0) + n;
  }

  /** Types that keep a per-owner index (gsi2). */
  private readonly ownerIndexes = new Map<string, OwnerIndex>();

  /**
   * Opts a type into the per-owner index: every write of it also carries
   * `gsi2pk = {type}#owner#{owner}` and `gsi2sk = changed_on#id` (the id alone with
   * `order: "id"`, see OwnerOrder), so one owner's items are a key-condition read (`listByOwner`)
   * whatever the number of other owners' items in the table.
   */
  indexByOwner<T>(type: string, ownerOf: (entity: Entity<T>) => number | string | null, order?: OwnerOrder) {
    this.ownerIndexes.set(type, ownerIndex(ownerOf, order));
  }

  /**
   * One owner's entities of a type, most recently changed first, through gsi2. `changedAfter`
   * (an ISO time) stops the read at older items, `limit` at that many items.
   */
  async listByOwner<T>(
    type: string,
    owner: number | string | null,
    opts: { changedAfter?: string; limit?: number } = {},
  ): Promise<Entity<T>[]> {
    const items: Entity<T>[] = [];
    const pageSize = opts.limit ?? Number.POSITIVE_INFINITY;
    for await (const page of this.newest<T>(type, { owner, changedAfter: opts.changedAfter, pageSize })) {
      items.push(...page);
      if (items.length >= pageSize) break;
    }
    return items.slice(0, pageSize);
  }

  /** See MetaStorePort.newest: one Query per page, on gsi1 (the type) or gsi2 (an owner). */
  async *newest<T>(type: string, opts: NewestOptions): AsyncGenerator<Entity<T>[]> {
    const byOwner = opts.owner !== undefined;
    const [pk, sk] = byOwner ? ["gsi2pk", "gsi2sk"] : ["gsi1pk", "gsi1sk"];
    const values: Record<string, unknown> = {
      ":p": byOwner ? ownerPartition(type, opts.owner ?? null) : type,
    };
    let condition = `${pk} = :p`;
    const bound = newestBound(opts);
    if (bound) {
      condition += ` AND ${sk} ${bound.op} :bound`;
      values[":bound"] = bound.value;
    }
    let start: Record<string, unknown> | undefined;
    do {
      // DynamoDB pages at 1 MB whatever the Limit: a page may hold fewer items than asked.
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: byOwner ? "gsi2" : "gsi1",
          KeyConditionExpression: condition,
          ExpressionAttributeValues: values,
          ScanIndexForward: false,
          ExclusiveStartKey: start,
          Limit: Number.isFinite(opts.pageSize) ? opts.pageSize : undefined,
        }),
      );
      const page = (out.Items ?? []).map((item) => entityOfItem<Entity<T>>(item));
      this.counted(type, page.length);
      start = out.LastEvaluatedKey;
      if (page.length > 0) yield page;
    } while (start);
  }

  /**
   * Rewrites the type's items written before it kept a per-owner index (an older DATA_DIR), once:
   * a marker records that it ran. Each item is re-put only if its version is unchanged.
   */
  async backfillOwnerIndex(type: string): Promise<number> {
    const marker = `owner-index-backfilled#${type}`;
    if (!this.ownerIndexes.has(type) || (await this.getValue<boolean>(marker))) return 0;
    let rewritten = 0;
    for (const entity of await this.list<object>(type)) {
      try {
        await this.doc.send(
          new PutCommand({
            TableName: this.table,
            Item: this.toItem(type, entity),
            ConditionExpression: "#v = :v AND attribute_not_exists(gsi2pk)",
            ExpressionAttributeNames: { "#v": "version" },
            ExpressionAttributeValues: { ":v": entity.version },
          }),
        );
        rewritten++;
      } catch (e) {
        if (!isConditionFailure(e)) throw e; // changed meanwhile (then indexed) or already indexed
      }
    }
    await this.putValue(marker, true);
    return rewritten;
  }

  private ownerKeys(type: string, entity: EntityMeta) {
    const index = this.ownerIndexes.get(type);
    if (!index) return {};
    return { gsi2pk: ownerPartition(type, index.ownerOf(entity)), gsi2sk: ownerSortKey(entity, index.order) };
  }

  private readonly idBlocks = new Map<string, IdBlock>();

  /**
   * Opts a type into ids reserved `size` at a time: one counter write per `size` ids instead of
   * one per id, so creating one (a SQL Lab run, an event batch) costs no counter round trip most
   * of the time. Each block is one atomic `ADD`, so ids stay unique across instances; what changes
   * is that ids left in a block when the process ends are never used, and two instances' ids
   * interleave. For records whose id is a handle, never a sequence anyone counts on.
   */
  allocateIdsInBlocks(type: string, size: number): void {
    if (size > 1 && !this.idBlocks.has(type)) this.idBlocks.set(type, { size, next: 1, last: 0 });
  }

  /** Integer ids from an atomic counter per entity type. */
  async nextId(type: string): Promise<number> {
    const block = this.idBlocks.get(type);
    if (!block) return this.addToCounter(type, 1);
    // Callers arriving while a block is fetched wait for that one fetch; a failed fetch fails them
    // all and the next caller tries again.
    while (block.next > block.last) {
      block.refill ??= this.addToCounter(type, block.size)
        .then((n) => {
          block.next = n - block.size + 1;
          block.last = n;
        })
        .finally(() => {
          block.refill = undefined;
        });
      await block.refill;
    }
    return block.next++;
  }

  private addToCounter(type: string, n: number): Promise<number> {
    return this.addTo({ pk: `counter#${type}`, sk: ITEM }, n);
  }

  /** Adds `n` to the number item at `key` in one atomic update, and returns the sum. */
  private async addTo(key: { pk: string; sk: string }, n: number): Promise<number> {
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: key,
        UpdateExpression: "ADD n :n",
        ExpressionAttributeValues: { ":n": n },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    return Number(out.Attributes?.n);
  }

  /** Stores a new entity; `id` may be allocated beforehand (to claim unique names under it first). */
  async create<T extends object>(
    type: string,
    data: T,
    actorId: number | null,
    preallocatedId?: number,
  ): Promise<Entity<T>> {
    const id = preallocatedId ?? (await this.nextId(type));
    return this.insert(type, this.draft(data, actorId, id));
  }

  /** The entity `create` would store under an id already allocated, without storing it. */
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

  /**
   * Stores a new entity made by `draft`, refused if its id is taken. `batched`: for ids from the
   * type's counter (unique by construction), written unconditionally in the turn's batch with
   * other unconditional puts (see `putValue`), one round trip for a run's record and its values.
   */
  async insert<T extends object>(
    type: string,
    entity: Entity<T>,
    opts: { batched?: boolean; coalesce?: boolean } = {},
  ): Promise<Entity<T>> {
    if (this.listIndexes.indexes(type)) await this.listIndexes.beforeWrite(type, undefined, entity);
    try {
      if (opts.batched || opts.coalesce) {
        await this.batchedPut(`entity#${type}#${entity.id}`, this.toItem(type, entity), opts.coalesce);
        return entity;
      }
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: this.toItem(type, entity),
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
    } finally {
      this.cache.wroteEntity(type, entity.id);
      await this.bumpStamp(type);
    }
    return entity;
  }

  async get<T>(type: string, id: number): Promise<Entity<T> | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return this.cache.entity(type, id, () => this.readEntity<T>(type, id));
  }

  /** `get`, as one frozen value shared by every caller (see MetaCache.sharedEntity). */
  async getShared<T>(type: string, id: number): Promise<Readonly<Entity<T>> | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    return this.cache.sharedEntity(type, id, () => this.readEntity<T>(type, id));
  }

  private async readEntity<T>(type: string, id: number): Promise<Entity<T> | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: entityKey(type, id) }));
    return out.Item ? entityOfItem<Entity<T>>(out.Item) : undefined;
  }

  /**
   * Replaces an entity if its stored version is still `expectedVersion`.
   * A lost race is a 409, never a silent overwrite.
   * `keepChanged` leaves `changed_on`/`changed_by` as they were (the write is still versioned):
   * for bookkeeping a client does in the background, which must not make the object look edited.
   */
  async update<T extends object>(
    type: string,
    current: Entity<T>,
    changes: Partial<T>,
    actorId: number | null,
    opts: { keepChanged?: boolean } = {},
  ): Promise<Entity<T>> {
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
    if (this.listIndexes.indexes(type)) await this.listIndexes.beforeWrite(type, current, next);
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: this.toItem(type, next),
          ConditionExpression: "#v = :expected",
          ExpressionAttributeNames: { "#v": "version" },
          ExpressionAttributeValues: { ":expected": current.version },
        }),
      );
    } catch (e) {
      if (isConditionFailure(e)) throw staleWrite(type);
      throw e;
    } finally {
      this.cache.wroteEntity(type, current.id);
      await this.bumpStamp(type);
    }
    return next;
  }

  async delete(type: string, current: EntityMeta): Promise<void> {
    try {
      await this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: entityKey(type, current.id),
          ConditionExpression: "#v = :expected",
          ExpressionAttributeNames: { "#v": "version" },
          ExpressionAttributeValues: { ":expected": current.version },
        }),
      );
    } catch (e) {
      if (isConditionFailure(e)) throw staleWrite(type);
      throw e;
    } finally {
      this.cache.wroteEntity(type, current.id);
      await this.bumpStamp(type);
    }
    if (this.listIndexes.touches(type)) await this.listIndexes.afterDelete(type, current);
  }

  /** All entities of a type, most recently changed first. */
  list<T>(type: string): Promise<Entity<T>[]> {
    return this.cache.list(type, () => this.readAll<T>(type), this.stampReader(type));
  }

  /** `list`, as one frozen value shared by every caller (see MetaCache.sharedList). */
  listShared<T>(type: string): Promise<readonly Readonly<Entity<T>>[]> {
    return this.cache.sharedList(type, () => this.readAll<T>(type), this.stampReader(type));
  }

  /**
   * A stamped type's write stamp: a counter every write of the type adds one to, after the write.
   * Read consistently, so a stamp seen here is never older than a write already answered.
   */
  private stampReader(type: string): (() => Promise<number>) | undefined {
    if (!STAMPED_TYPES.has(type)) return undefined;
    return async () => {
      const out = await this.doc.send(
        new GetCommand({ TableName: this.table, Key: stampKey(type), ConsistentRead: true }),
      );
      return Number(out.Item?.n ?? 0);
    };
  }

  /**
   * Counts a write of a stamped type, whether or not the write succeeded (one whose answer was
   * lost may have landed). A failed bump is not the writer's failure: its write stands, and other
   * instances read their lists whole again within MAX_PINNED_MS (meta-cache.ts) anyway.
   */
  private async bumpStamp(type: string): Promise<void> {
    if (!STAMPED_TYPES.has(type)) return;
    await this.addTo(stampKey(type), 1).catch(() => undefined);
  }

  private async readAll<T>(type: string): Promise<Entity<T>[]> {
    const items: Entity<T>[] = [];
    for await (const page of this.newest<T>(type, { pageSize: Number.POSITIVE_INFINITY }))
      items.push(...page);
    return items;
  }

  /** The entities of these ids that exist, in the order asked (each once): one batch read for those not cached. */
  async getMany<T>(type: string, ids: number[]): Promise<Entity<T>[]> {
    const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return [];
    const found = await this.cache.entities(type, wanted, (missing) => this.batchGet<T>(type, missing));
    return wanted.flatMap((id) => found.get(id) ?? []);
  }

  private async batchGet<T>(type: string, ids: number[]): Promise<Map<number, Entity<T>>> {
    const out = new Map<number, Entity<T>>();
    for (let i = 0; i < ids.length; i += BATCH_GET_MAX) {
      const keys: Record<string, unknown>[] = ids
        .slice(i, i + BATCH_GET_MAX)
        .map((id) => entityKey(type, id));
      await untilProcessed("keys of a batch read", keys, async (left) => {
        const answer = await this.doc.send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: left } } }),
        );
        for (const item of answer.Responses?.[this.table] ?? []) {
          const entity = entityOfItem<Entity<T>>(item);
          out.set(entity.id, entity);
        }
        return answer.UnprocessedKeys?.[this.table]?.Keys ?? [];
      });
    }
    return out;
  }

  /**
   * Claims a unique value (a username, a database name) for an id, with a conditional write.
   * Returns false when another id holds it. A claim is taken over only when its owner provably
   * does not hold the value: `stillHeld(owner)` (the caller re-reads the owner entity) says no AND
   * the claim is older than `CLAIM_GRACE_MS`. The age matters because a claim is written before
   * its entity: a young claim whose entity is missing (or still has its old name) is a create or
   * rename in flight, not a crash. The takeover is itself conditional on the exact claim read, so
   * of two racing takeovers at most one wins. `fold` compares case-insensitively.
   */
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
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...key, owner: id, claimed_at: at },
          ConditionExpression: "attribute_not_exists(pk) OR #o = :id",
          ExpressionAttributeNames: { "#o": "owner" },
          ExpressionAttributeValues: { ":id": id },
        }),
      );
      return true;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
    const held = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }),
    );
    // Released between the two reads: try again (bounded, a release is final for its owner).
    if (!held.Item) return retries > 0 && this.claimUnique(scope, value, id, stillHeld, fold, retries - 1);
    const owner = Number(held.Item.owner);
    const claimedAt = typeof held.Item.claimed_at === "number" ? held.Item.claimed_at : undefined;
    if (claimedAt !== undefined && at - claimedAt < CLAIM_GRACE_MS) return false;
    if (await stillHeld(owner)) return false;
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...key, owner: id, claimed_at: at },
          ConditionExpression:
            claimedAt === undefined
              ? "#o = :old AND attribute_not_exists(claimed_at)"
              : "#o = :old AND claimed_at = :at",
          ExpressionAttributeNames: { "#o": "owner" },
          ExpressionAttributeValues:
            claimedAt === undefined ? { ":old": owner } : { ":old": owner, ":at": claimedAt },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  async uniqueOwner(scope: string, value: string, fold = true): Promise<number | undefined> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: uniqueKey(scope, value, fold), ConsistentRead: true }),
    );
    return out.Item ? Number(out.Item.owner) : undefined;
  }

  /** Gives a value up, only if `id` still holds it (never someone else's later claim). */
  async releaseUnique(scope: string, value: string, id: number, fold = true): Promise<void> {
    try {
      await this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: uniqueKey(scope, value, fold),
          ConditionExpression: "#o = :id",
          ExpressionAttributeNames: { "#o": "owner" },
          ExpressionAttributeValues: { ":id": id },
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }

  /** Small key-value records (settings, favourites, sessions); `expiresAt` is honoured on read. */
  async getValue<T>(key: string): Promise<T | undefined> {
    const item = await this.cache.value(key, async () => {
      const out = await this.doc.send(
        new GetCommand({ TableName: this.table, Key: { pk: `kv#${key}`, sk: ITEM } }),
      );
      return out.Item;
    });
    if (!item) return undefined;
    if (typeof item.expires_at === "number" && item.expires_at * 1000 < this.now().getTime())
      return undefined;
    return item.value as T;
  }

  /**
   * Unconditional puts issued in the same turn of the event loop (a run's query-client lookup
   * and its small result, written side by side) go out as one BatchWriteItem: one round trip
   * instead of one each. Each caller still resolves only once its own item is stored.
   */
  async putValue(
    key: string,
    value: unknown,
    opts: { ttlSeconds?: number; onlyIfAbsent?: boolean; coalesce?: boolean } = {},
  ) {
    const expires = opts.ttlSeconds ? Math.floor(this.now().getTime() / 1000) + opts.ttlSeconds : undefined;
    const Item = { pk: `kv#${key}`, sk: ITEM, value, expires_at: expires };
    try {
      if (!opts.onlyIfAbsent) {
        await this.batchedPut(key, Item, opts.coalesce);
        return true;
      }
      await this.doc.send(
        new PutCommand({ TableName: this.table, Item, ConditionExpression: "attribute_not_exists(pk)" }),
      );
      return true;
    } catch (e) {
      if (opts.onlyIfAbsent && isConditionFailure(e)) return false;
      throw e;
    } finally {
      this.cache.wroteValue(key);
    }
  }

  private valueBatch?: ValueBatch;
  private coalescing?: ValueBatch;

  /** Sends the coalescing batch now (a reader or a Lambda about to reply needs its writes done). */
  flushCoalesced(): void {
    const batch = this.coalescing;
    if (!batch) return;
    this.coalescing = undefined;
    clearTimeout(batch.timer);
    void this.writeBatch(batch);
  }

  private batchedPut(key: string, item: Record<string, unknown>, coalesce = false): Promise<void> {
    if (coalesce) return this.coalescedPut(key, item);
    let batch = this.valueBatch;
    if (!batch || (batch.puts.size >= BATCH_MAX && !batch.puts.has(key))) {
      const created: ValueBatch = { puts: new Map() };
      // Sent once the current turn's promise callbacks have run, so puts issued by one chain of
      // awaits travel together.
      process.nextTick(() => {
        if (this.valueBatch === created) this.valueBatch = undefined;
        void this.writeBatch(created);
      });
      batch = created;
      this.valueBatch = batch;
    }
    return queuePut(batch, key, item);
  }

  private coalescedPut(key: string, item: Record<string, unknown>): Promise<void> {
    if (this.coalescing && this.coalescing.puts.size >= BATCH_MAX && !this.coalescing.puts.has(key))
      this.flushCoalesced();
    if (!this.coalescing) {
      const created: ValueBatch = { puts: new Map() };
      created.timer = setTimeout(() => {
        if (this.coalescing === created) this.flushCoalesced();
      }, COALESCE_MS);
      created.timer.unref?.();
      this.coalescing = created;
    }
    return queuePut(this.coalescing, key, item);
  }

  private async writeBatch(batch: ValueBatch): Promise<void> {
    const puts = [...batch.puts.values()];
    const alone = (put: QueuedPut) =>
      this.doc.send(new PutCommand({ TableName: this.table, Item: put.item })).then(
        () => put.resolve(),
        (e: unknown) => put.reject(e),
      );
    if (puts.length === 1) return alone(puts[0]);
    try {
      const requests = puts.map((p) => ({ PutRequest: { Item: p.item } }));
      await untilProcessed("items of a batch write", requests, async (left) => {
        const out = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.table]: left } }));
        return (out.UnprocessedItems?.[this.table] ?? []) as typeof left;
      });
      for (const p of puts) p.resolve();
    } catch (e) {
      // A batch is refused whole when one item is (too large, say): each put then goes alone, so
      // only its own caller sees its error.
      if ((e as { name?: string })?.name === "ValidationException") await Promise.all(puts.map(alone));
      else for (const p of puts) p.reject(e);
    }
  }

  async deleteValue(key: string): Promise<void> {
    try {
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: `kv#${key}`, sk: ITEM } }));
    } finally {
      this.cache.wroteValue(key);
    }
  }

  /**
   * Counts one more event under `key` unless `limit` were already counted in the current window
   * (`ttlSeconds` from the first). One conditional `ADD`, so parallel callers can never count past
   * the limit; returns false (counting nothing) at the limit. An expired window is deleted first,
   * since DynamoDB's TTL deletion lags and the local stand-in has none.
   */
  async countBelow(key: string, limit: number, ttlSeconds: number): Promise<boolean> {
    try {
      return await this.countInWindow(key, limit, ttlSeconds);
    } finally {
      this.cache.wroteValue(key);
    }
  }

  private async countInWindow(key: string, limit: number, ttlSeconds: number): Promise<boolean> {
    const Key = { pk: `kv#${key}`, sk: ITEM };
    for (let round = 0; round < 3; round++) {
      const now = Math.floor(this.now().getTime() / 1000);
      try {
        await this.doc.send(
          new UpdateCommand({
            TableName: this.table,
            Key,
            UpdateExpression: "SET expires_at = if_not_exists(expires_at, :exp) ADD #n :one",
            ConditionExpression: "attribute_not_exists(pk) OR (#n < :limit AND expires_at >= :now)",
            ExpressionAttributeNames: { "#n": "n" },
            ExpressionAttributeValues: { ":one": 1, ":limit": limit, ":now": now, ":exp": now + ttlSeconds },
          }),
        );
        return true;
      } catch (e) {
        if (!isConditionFailure(e)) throw e;
      }
      const held = (await this.doc.send(new GetCommand({ TableName: this.table, Key }))).Item;
      if (!held) continue;
      const expires = held.expires_at;
      if (typeof expires === "number" && expires >= now) return false;
      await this.doc
        .send(
          new DeleteCommand({
            TableName: this.table,
            Key,
            ...(typeof expires === "number"
              ? { ConditionExpression: "expires_at = :e", ExpressionAttributeValues: { ":e": expires } }
              : { ConditionExpression: "attribute_not_exists(expires_at)" }),
          }),
        )
        .catch((e) => {
          if (!isConditionFailure(e)) throw e;
        });
    }
    return false;
  }

  /** Takes back one event counted by `countBelow` (e.g. a try that turned out not to count). */
  async uncount(key: string): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `kv#${key}`, sk: ITEM },
          UpdateExpression: "ADD #n :minus",
          ConditionExpression: "#n > :zero",
          ExpressionAttributeNames: { "#n": "n" },
          ExpressionAttributeValues: { ":minus": -1, ":zero": 0 },
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    } finally {
      this.cache.wroteValue(key);
    }
  }

  /** Members of a set-like collection (e.g. a user's favourites), stored as items under one pk. */
  /** Adds a member; with `onlyIfAbsent`, returns false (and writes nothing) when it exists. */
  async addMember(
    set: string,
    member: string,
    value: unknown = true,
    opts: { onlyIfAbsent?: boolean } = {},
  ): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { pk: `set#${set}`, sk: member, value },
          ConditionExpression: opts.onlyIfAbsent ? "attribute_not_exists(pk)" : undefined,
        }),
      );
      return true;
    } catch (e) {
      if (opts.onlyIfAbsent && isConditionFailure(e)) return false;
      throw e;
    } finally {
      this.cache.wroteSet(set);
    }
  }

  async removeMember(set: string, member: string, opts: { ifValue?: unknown } = {}): Promise<void> {
    const onlyIf =
      opts.ifValue === undefined
        ? {}
        : {
            ConditionExpression: "#value = :value",
            ExpressionAttributeNames: { "#value": "value" },
            ExpressionAttributeValues: { ":value": opts.ifValue },
          };
    try {
      await this.doc.send(
        new DeleteCommand({ TableName: this.table, Key: { pk: `set#${set}`, sk: member }, ...onlyIf }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    } finally {
      this.cache.wroteSet(set);
    }
  }

  members(set: string): Promise<{ member: string; value: unknown }[]> {
    return this.cache.members(set, () => this.readMembers(set));
  }

  private async readMembers(set: string): Promise<{ member: string; value: unknown }[]> {
    const out: { member: string; value: unknown }[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: "pk = :p",
          ExpressionAttributeValues: { ":p": `set#${set}` },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) out.push({ member: String(item.sk), value: item.value });
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  }

  private toItem(type: string, entity: EntityMeta) {
    const item = {
      ...entityKey(type, entity.id),
      type,
      version: entity.version,
      gsi1pk: type,
      gsi1sk: `${entity.changed_on}#${String(entity.id).padStart(10, "0")}`,
      ...this.ownerKeys(type, entity),
      [ENTITY_ATTRIBUTE]: entityAttribute(entity),
    };
    // Every entity write passes here: an oversized one is a 413 naming the field, not a 500.
    assertItemFits(type, item, entity);
    return item;
  }
}

/** The per-owner index of a type (`indexByOwner`), as both stores keep it. */
export function ownerIndex<T>(
  ownerOf: (entity: Entity<T>) => number | string | null,
  order: OwnerOrder = "changed",
): OwnerIndex {
  return { ownerOf: ownerOf as OwnerIndex["ownerOf"], order };
}

/** An entity's place in its owner's partition of gsi2 (see OwnerOrder). */
export function ownerSortKey(entity: EntityMeta, order: OwnerOrder): string {
  const id = String(entity.id).padStart(10, "0");
  return order === "id" ? id : `${entity.changed_on}#${id}`;
}

/** Every page of a paged read, as one list. */
export async function allPages<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

/**
 * The sort-key condition of a `newest` read: sort keys start with the ISO time (`changed_on#id`),
 * so an entity changed at exactly `changedAfter` is included and one at `changedBefore` is not.
 */
export function newestBound(opts: NewestOptions): { op: ">" | "<"; value: string } | undefined {
  if (opts.changedAfter !== undefined && opts.changedBefore !== undefined)
    throw new Error("newest: give changedAfter or changedBefore, not both");
  if (opts.changedAfter !== undefined) return { op: ">", value: opts.changedAfter };
  if (opts.changedBefore !== undefined) return { op: "<", value: opts.changedBefore };
  return undefined;
}

/** The gsi2 partition of one owner's items of a type. */
function ownerPartition(type: string, owner: number | string | null): string {
  return `${type}#owner#${owner ?? "anonymous"}`;
}

function staleWrite(type: string) {
  return new LostRaceError(type);
}

/** Adds a put to a batch; the caller's promise settles when the batch's write of it does. */
function queuePut(batch: ValueBatch, key: string, item: Record<string, unknown>): Promise<void> {
  const earlier = batch.puts.get(key);
  if (earlier) {
    // The same key twice in one batch: the later put replaces the earlier (two puts in flight at
    // once have no order anyway), and both callers wait for the one write.
    earlier.item = item;
    return earlier.written;
  }
  let settle!: { resolve: () => void; reject: (e: unknown) => void };
  const written = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  batch.puts.set(key, { item, written, ...settle });
  return written;
}
