import type { EntityMeta, MetaStore } from "./meta-store.ts";

/** One kind of unique value (a dashboard slug, a tag name, …) and how an entity holds it. */
export interface UniqueRule<E extends EntityMeta> {
  /** Entity type: ids for new entities come from its counter, owners are re-read from it. */
  type: string;
  /** Claim namespace (`unique#{scope}#{value}`). */
  scope: string;
  /** The unique value an entity holds; null when it holds none (e.g. a dashboard without slug). */
  valueOf(entity: E): string | null;
  /** Case-insensitive uniqueness (database names, usernames). */
  fold: boolean;
  /** The 422 to answer when the value is taken, with Superset's wording for that kind. */
  taken(value: string): Error;
}

/**
 * Unique values kept by claim items written (conditionally) before the entity, so that of
 * 20 racing creates or renames exactly one gets the value. The entity write is the second
 * step: when it fails the claim is given back; a delete gives it back after the entity is gone.
 * A crash between the steps leaves a claim that `MetaStore.claimUnique` takes over only once it
 * is provably stale (its owner does not hold the value and the claim is old).
 */
export class UniqueNames<E extends EntityMeta> {
  constructor(
    private readonly meta: MetaStore,
    private readonly rule: UniqueRule<E>,
  ) {}

  private same(a: string | null, b: string | null) {
    if (a === null || b === null) return a === b;
    return this.rule.fold ? a.toLowerCase() === b.toLowerCase() : a === b;
  }

  /** Does entity `ownerId` (re-read now) still hold `value`? */
  private async holds(ownerId: number, value: string): Promise<boolean> {
    const owner = await this.meta.get<E>(this.rule.type, ownerId);
    return owner !== undefined && this.same(this.rule.valueOf(owner as E), value);
  }

  private async claim(value: string, id: number): Promise<void> {
    const ok = await this.meta.claimUnique(
      this.rule.scope,
      value,
      id,
      (owner) => this.holds(owner, value),
      this.rule.fold,
    );
    if (!ok) throw this.rule.taken(value);
  }

  release(value: string | null, id: number): Promise<void> {
    if (value === null) return Promise.resolve();
    return this.meta.releaseUnique(this.rule.scope, value, id, this.rule.fold);
  }

  /** Who holds `value` now (the claim's owner), if anyone. */
  owner(value: string): Promise<number | undefined> {
    return this.meta.uniqueOwner(this.rule.scope, value, this.rule.fold);
  }

  /** Creates an entity holding `value`: claim under a fresh id, then `write(id)`. */
  async create<T extends E>(value: string | null, write: (id: number) => Promise<T>): Promise<T> {
    const id = await this.meta.nextId(this.rule.type);
    if (value === null) return write(id);
    await this.claim(value, id);
    try {
      return await write(id);
    } catch (e) {
      await this.release(value, id);
      throw e;
    }
  }

  /**
   * Changes the value an entity holds: claim the new value, `write()` (a versioned update), then
   * give the old value back. A failed write (409, 422) gives the new claim back.
   */
  async rename<T extends E>(current: E, next: string | null, write: () => Promise<T>): Promise<T> {
    const before = this.rule.valueOf(current);
    if (this.same(before, next)) return write();
    if (next !== null) await this.claim(next, current.id);
    let saved: T;
    try {
      saved = await write();
    } catch (e) {
      if (next !== null) await this.release(next, current.id);
      throw e;
    }
    await this.release(before, current.id);
    return saved;
  }

  /** Deletes with `remove()`, then gives the value back (a crash in between leaves a stale claim). */
  async remove(current: E, remove: () => Promise<void>): Promise<void> {
    await remove();
    await this.release(this.rule.valueOf(current), current.id);
  }
}
