import { badRequest, notFound } from "../errors.ts";
import { type Principal, requireUser } from "../security/principal.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { TaggableRegistry } from "./taggable.ts";

/** Per-user favourites of charts, dashboards and tags, one item per star. */
export class Favorites {
  constructor(
    private readonly meta: MetaStore,
    private readonly registry: TaggableRegistry,
  ) {}

  private set(type: string, userId: number) {
    return `fav#${type}#${userId}`;
  }

  async ids(p: Principal, type: string): Promise<Set<number>> {
    if (!p.user) return new Set();
    const members = await this.meta.members(this.set(type, p.user.id));
    return new Set(members.map((m) => Number(m.member)));
  }

  async status(p: Principal, type: string, ids: number[]) {
    const mine = await this.ids(p, type);
    return ids.map((id) => ({ id, value: mine.has(id) }));
  }

  private async check(p: Principal, type: string, id: number) {
    const t = this.registry.get(type);
    if (!t) throw badRequest(`${type} can't be a favourite`);
    if (!(await t.canRead(p, id))) throw notFound(`${type} not found`);
  }

  async add(p: Principal, type: string, id: number): Promise<void> {
    const user = requireUser(p);
    await this.check(p, type, id);
    await this.meta.addMember(this.set(type, user.id), String(id), new Date().toISOString());
  }

  async remove(p: Principal, type: string, id: number): Promise<void> {
    const user = requireUser(p);
    await this.check(p, type, id);
    await this.meta.removeMember(this.set(type, user.id), String(id));
  }
}
