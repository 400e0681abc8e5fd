import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { conflict } from "../errors.ts";

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

const ITEM = "A";
const entityKey = (type: string, id: number) => ({ pk: `${type}#${id}`, sk: ITEM });
const isConditionFailure = (e: unknown) =>
  e instanceof ConditionalCheckFailedException ||
  (e as { name?: string })?.name === "ConditionalCheckFailedException";

/**
 * Metadata in one DynamoDB table. Entities are single items keyed `type#id` with a `version`
 * that every update is conditional on; GSI `gsi1` lists an entity type by changed_on.
 * No transactions (the local stand-in lacks them): multi-item writes are ordered so a crash
 * between them leaves nothing broken.
 */
export class MetaStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Integer ids from an atomic counter per entity type. */
  async nextId(type: string): Promise<number> {
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: `counter#${type}`, sk: ITEM },
        UpdateExpression: "ADD n :one",
        ExpressionAttributeValues: { ":one": 1 },
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
    const ts = this.now().toISOString();
    const entity = {
      ...data,
      id,
      version: 1,
      created_on: ts,
      changed_on: ts,
      created_by_fk: actorId,
      changed_by_fk: actorId,
    } as Entity<T>;
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: this.toItem(type, entity),
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    return entity;
  }

  async get<T>(type: string, id: number): Promise<Entity<T> | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: entityKey(type, id) }));
    return out.Item ? (out.Item.data as Entity<T>) : undefined;
  }

  /**
   * Replaces an entity if its stored version is still `expectedVersion`.
   * A lost race is a 409, never a silent overwrite.
   */
  async update<T extends object>(
    type: string,
    current: Entity<T>,
    changes: Partial<T>,
    actorId: number | null,
  ): Promise<Entity<T>> {
    const next = {
      ...current,
      ...changes,
      id: current.id,
      version: current.version + 1,
      created_on: current.created_on,
      created_by_fk: current.created_by_fk,
      changed_on: this.now().toISOString(),
      changed_by_fk: actorId,
    } as Entity<T>;
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
    }
  }

  /** All entities of a type, most recently changed first. */
  async list<T>(type: string): Promise<Entity<T>[]> {
    const items: Entity<T>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: "gsi1",
          KeyConditionExpression: "gsi1pk = :t",
          ExpressionAttributeValues: { ":t": type },
          ScanIndexForward: false,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) items.push(item.data as Entity<T>);
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  async getMany<T>(type: string, ids: number[]): Promise<Entity<T>[]> {
    const found: (Entity<T> | undefined)[] = await Promise.all(
      [...new Set(ids)].map((id) => this.get<T>(type, id)),
    );
    return found.filter((e) => e !== undefined) as Entity<T>[];
  }

  /**
   * Claims a unique value (a username, a database name) for an id. Returns false when another
   * live id holds it. A claim left behind by a crash is taken over when its owner no longer
   * has that value (the caller passes `stillHeld`).
   */
  async claimUnique(
    scope: string,
    value: string,
    id: number,
    stillHeld: (ownerId: number) => Promise<boolean>,
  ): Promise<boolean> {
    const key = { pk: `unique#${scope}#${value.toLowerCase()}`, sk: ITEM };
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...key, owner: id },
          ConditionExpression: "attribute_not_exists(pk) OR #o = :id",
          ExpressionAttributeNames: { "#o": "owner" },
          ExpressionAttributeValues: { ":id": id },
        }),
      );
      return true;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
    const held = await this.doc.send(new GetCommand({ TableName: this.table, Key: key }));
    const owner = Number(held.Item?.owner);
    if (held.Item && (await stillHeld(owner))) return false;
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...key, owner: id },
          ConditionExpression: "attribute_not_exists(pk) OR #o = :old",
          ExpressionAttributeNames: { "#o": "owner" },
          ExpressionAttributeValues: { ":old": owner },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  }

  async uniqueOwner(scope: string, value: string): Promise<number | undefined> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: `unique#${scope}#${value.toLowerCase()}`, sk: ITEM },
      }),
    );
    return out.Item ? Number(out.Item.owner) : undefined;
  }

  async releaseUnique(scope: string, value: string, id: number): Promise<void> {
    try {
      await this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { pk: `unique#${scope}#${value.toLowerCase()}`, sk: ITEM },
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
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { pk: `kv#${key}`, sk: ITEM } }),
    );
    const item = out.Item;
    if (!item) return undefined;
    if (typeof item.expires_at === "number" && item.expires_at * 1000 < this.now().getTime())
      return undefined;
    return item.value as T;
  }

  async putValue(key: string, value: unknown, opts: { ttlSeconds?: number; onlyIfAbsent?: boolean } = {}) {
    const expires = opts.ttlSeconds ? Math.floor(this.now().getTime() / 1000) + opts.ttlSeconds : undefined;
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: { pk: `kv#${key}`, sk: ITEM, value, expires_at: expires },
          ConditionExpression: opts.onlyIfAbsent ? "attribute_not_exists(pk)" : undefined,
        }),
      );
      return true;
    } catch (e) {
      if (opts.onlyIfAbsent && isConditionFailure(e)) return false;
      throw e;
    }
  }

  async deleteValue(key: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: `kv#${key}`, sk: ITEM } }));
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
    }
  }

  async removeMember(set: string, member: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: `set#${set}`, sk: member } }));
  }

  async members(set: string): Promise<{ member: string; value: unknown }[]> {
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
    return {
      ...entityKey(type, entity.id),
      type,
      version: entity.version,
      gsi1pk: type,
      gsi1sk: `${entity.changed_on}#${String(entity.id).padStart(10, "0")}`,
      data: entity,
    };
  }
}

function staleWrite(type: string) {
  return conflict(
    `This ${type} was changed by someone else since you loaded it. Reload it and apply your changes again.`,
  );
}
