import type { Entity, EntityMeta } from "./meta-store.ts";
import type { MetaStorePort } from "./store-ports.ts";

/**
 * How long a member stays in its set after the entity it names stopped listing the id. A writer
 * adds the member just before its own write lands; a reader that found the entity without the id
 * in that moment must not take the member away, so only members older than any write can take
 * are removed.
 */
export const LISTED_GRACE_MS = 5 * 60_000;

type ListOf = (entity: EntityMeta) => number[];
interface ListedField {
  /** The type whose ids the field holds. */
  listed: string;
  listOf: ListOf;
}
type StorePart = Pick<
  MetaStorePort,
  "addMember" | "removeMember" | "members" | "getMany" | "list" | "getValue" | "putValue"
>;

const setOf = (type: string, value: number) => `listed#${type}#${value}`;

/** The order of `MetaStorePort.list`: most recently changed first, then the higher id. */
export const newestFirst = (a: EntityMeta, b: EntityMeta) =>
  a.changed_on === b.changed_on ? b.id - a.id : a.changed_on < b.changed_on ? 1 : -1;

/**
 * Indexes of a type's entities by the ids they list in a field (a chart's `dashboards`): for each
 * id, a set of the entities listing it. "The charts on dashboard 7" then reads those charts by id,
 * where it read every chart, so it costs the same with 20 charts stored or 20,000.
 *
 * A set may hold more than the entities that list the id, never fewer: an entity joins the set
 * before the write that makes it list the id, so no reader misses it, and leaves only when a
 * reader finds it gone or no longer listing the id, past `LISTED_GRACE_MS`. Readers check every
 * member against the entity itself. Both metadata stores keep their indexes with this class, on
 * their own set items, so both behave the same.
 */
export class ListIndexes {
  private readonly fields = new Map<string, ListedField>();
  /** Types whose older items this process has seen indexed (the backfill marker was read). */
  private readonly backfilled = new Set<string>();

  constructor(
    private readonly store: StorePart,
    private readonly now: () => number = Date.now,
  ) {}

  register<T>(type: string, listed: string, listOf: (entity: Entity<T>) => number[]): void {
    this.fields.set(type, { listed, listOf: listOf as unknown as ListOf });
  }

  /**
   * Whether a type is indexed: the stores ask before `beforeWrite`, so a write of any other type
   * (a SQL Lab run's record, on its reply's path) awaits nothing more than it did.
   */
  indexes(type: string): boolean {
    return this.fields.has(type);
  }

  /** Whether deleting an entity of this type has index items to take away (see `afterDelete`). */
  touches(type: string): boolean {
    return this.fields.has(type) || [...this.fields.values()].some((f) => f.listed === type);
  }

  /**
   * After an entity is deleted: it leaves the sets of the ids it listed, and the sets of what
   * listed it go, since nobody asks what lists an id that no longer exists (a deleted dashboard's
   * set of charts stayed for good before). Left behind if this fails, they name more than list the
   * id, which readers allow for: the delete itself has happened and is not reported as failed.
   */
  async afterDelete(type: string, deleted: EntityMeta): Promise<void> {
    const own = this.fields.get(type);
    const leaving = own
      ? [...new Set(own.listOf(deleted))].map((id) =>
          this.store.removeMember(setOf(type, id), String(deleted.id)),
        )
      : [];
    const listing = [...this.fields]
      .filter(([, f]) => f.listed === type)
      .map(async ([listingType]) => {
        const set = setOf(listingType, deleted.id);
        for (const m of await this.store.members(set)) await this.store.removeMember(set, m.member);
      });
    await Promise.all([...leaving, ...listing]).catch(() => undefined);
  }

  /** Before an entity of an indexed type is written: the ids it will newly list get it as a member. */
  async beforeWrite(type: string, before: EntityMeta | undefined, after: EntityMeta): Promise<void> {
    const listOf = this.fields.get(type)?.listOf;
    if (!listOf) return;
    const had = new Set(before ? listOf(before) : []);
    const added = [...new Set(listOf(after))].filter((id) => !had.has(id));
    const since = this.now();
    await Promise.all(added.map((id) => this.store.addMember(setOf(type, id), String(after.id), since)));
  }

  /** The entities of `type` listing `id` now, most recently changed first. */
  async listing<T>(type: string, id: number): Promise<Entity<T>[]> {
    const listOf = this.fields.get(type)?.listOf;
    if (!listOf) throw new Error(`${type} keeps no list index`);
    await this.backfill(type, listOf);
    const members = await this.store.members(setOf(type, id));
    const found = await this.store.getMany<T>(
      type,
      members.map((m) => Number(m.member)),
    );
    const byId = new Map(found.map((e) => [e.id, e]));
    const old = this.now() - LISTED_GRACE_MS;
    const stale = members.filter((m) => {
      const entity = byId.get(Number(m.member));
      return (!entity || !listOf(entity).includes(id)) && Number(m.value) < old;
    });
    // Conditional on the time read: a writer re-adding the member meanwhile keeps it.
    await Promise.all(
      stale.map((m) => this.store.removeMember(setOf(type, id), m.member, { ifValue: m.value })),
    );
    return found.filter((e) => listOf(e).includes(id)).sort(newestFirst);
  }

  /**
   * Items written before their type was indexed (an older DATA_DIR or table) are indexed once, on
   * the first read: a marker records it. Idempotent, so two processes doing it at once is harmless.
   */
  private async backfill(type: string, listOf: ListOf): Promise<void> {
    if (this.backfilled.has(type)) return;
    const marker = `list-index-backfilled#${type}`;
    if (!(await this.store.getValue<boolean>(marker))) {
      const since = this.now();
      for (const entity of await this.store.list<object>(type))
        for (const id of new Set(listOf(entity)))
          await this.store.addMember(setOf(type, id), String(entity.id), since);
      await this.store.putValue(marker, true);
    }
    this.backfilled.add(type);
  }
}
