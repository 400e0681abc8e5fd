import {
  TAG_BULK_MAX_LINKS,
  TAG_BULK_MAX_OBJECTS,
  TAG_BULK_MAX_TAGS,
  type TagBulkCreateResult,
  type TaggedObject,
  type TagPost,
  type TagPut,
  type TagRow,
} from "@strata/contracts";
import { AppError, badRequest, forbidden, notFound, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { can, type Principal, requirePermission, userId } from "../security/principal.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { parseTagLink, tagLink, taggedSet } from "./tag-links.ts";
import { TAG, type TagData, type TagEntity, tagNames } from "./tag-names.ts";
import type { TaggableRegistry } from "./taggable.ts";

export type { TagData, TagEntity } from "./tag-names.ts";
const TAG_VIEW: Record<string, string> = {
  chart: "Chart",
  dashboard: "Dashboard",
  dataset: "Dataset",
  saved_query: "SavedQuery",
};

/**
 * How many store calls a bulk tagging keeps in flight: the links are independent writes to one
 * set, so a few at once cut the wait several times over without flooding the store.
 */
const WRITE_CONCURRENCY = 16;

/** Runs `fn` over `items`, at most `limit` at a time, in order of start. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Tags and what they are attached to (links per object type: `tag-links.ts`). */
export class Tags {
  private readonly names: ReturnType<typeof tagNames>;

  constructor(
    private readonly meta: MetaStore,
    private readonly registry: TaggableRegistry,
  ) {
    this.names = tagNames(meta);
  }

  all(): Promise<TagEntity[]> {
    return this.meta.list<TagData>(TAG);
  }

  find(id: number): Promise<TagEntity | undefined> {
    return this.meta.get<TagData>(TAG, id);
  }

  async get(p: Principal, id: number): Promise<TagEntity> {
    requirePermission(p, "can_read", "Tag");
    const tag = await this.meta.get<TagData>(TAG, id);
    if (!tag) throw notFound("Tag not found");
    return tag;
  }

  /**
   * A tag is a shared label: anyone with can_write on Tag may put it on their objects, but only
   * its owner (the user who created it) or an Admin may rename or delete it for everyone.
   */
  async getForWrite(p: Principal, id: number): Promise<TagEntity> {
    requirePermission(p, "can_write", "Tag");
    const tag = await this.get(p, id);
    const me = userId(p);
    if (!p.isAdmin && (me === null || tag.created_by_fk !== me))
      throw forbidden(
        `Only the owner of tag "${tag.name}" (the user who created it) or an admin may change it`,
      );
    return tag;
  }

  row(t: TagEntity): TagRow {
    return {
      id: t.id,
      name: t.name,
      type: t.type,
      description: t.description,
      changed_on: t.changed_on,
      changed_on_delta_humanized: humanizeSince(t.changed_on),
      created_by: t.created_by_fk,
    };
  }

  async rows(p: Principal): Promise<TagRow[]> {
    requirePermission(p, "can_read", "Tag");
    return (await this.all()).map((t) => this.row(t));
  }

  private async findOrCreate(p: Principal, name: string, known: readonly TagEntity[]): Promise<TagEntity> {
    const clean = name.trim();
    if (!clean || clean.length > 250) throw unprocessable({ name: ["A tag name needs 1 to 250 characters"] });
    const existing = known.find((t) => t.name === clean);
    if (existing) return existing;
    requirePermission(p, "can_write", "Tag");
    try {
      return await this.names.create(clean, (id) =>
        this.meta.create<TagData>(TAG, { name: clean, type: "custom", description: null }, userId(p), id),
      );
    } catch (e) {
      // Another request created it just now: use theirs.
      const owner = e instanceof AppError && e.status === 422 ? await this.names.owner(clean) : undefined;
      const theirs = owner ? await this.meta.get<TagData>(TAG, owner) : undefined;
      if (theirs?.name === clean) return theirs;
      throw e;
    }
  }

  async create(p: Principal, body: TagPost) {
    requirePermission(p, "can_write", "Tag");
    if ((await this.all()).some((t) => t.name === body.name.trim())) {
      throw unprocessable({ name: ["A tag with this name already exists"] });
    }
    const name = body.name.trim();
    const tag = await this.names.create(name, (id) =>
      this.meta.create<TagData>(
        TAG,
        { name, type: "custom", description: body.description ?? null },
        userId(p),
        id,
      ),
    );
    if (body.objects_to_tag?.length) await this.bulkCreate(p, [tag.name], body.objects_to_tag);
    return tag;
  }

  async update(p: Principal, id: number, body: TagPut) {
    const tag = await this.getForWrite(p, id);
    if (body.name && (await this.all()).some((t) => t.name === body.name!.trim() && t.id !== id)) {
      throw unprocessable({ name: ["A tag with this name already exists"] });
    }
    const name = body.name ? body.name.trim() : tag.name;
    return this.names.rename(tag, name, () =>
      this.meta.update<TagData>(
        TAG,
        tag,
        { name, ...(body.description !== undefined ? { description: body.description } : {}) },
        userId(p),
      ),
    );
  }

  /**
   * Resolves when `remove` would delete the tag: every rule `remove` applies, so a bulk delete
   * checks all its ids first and deletes all of them or none.
   */
  async checkRemove(p: Principal, id: number): Promise<void> {
    await this.removable(p, id);
  }

  /**
   * Deletes a tag. Deleting detaches it, and detaching is an edit of each tagged object, so the
   * tag must be on no object the caller may not edit: otherwise the delete is refused (403) and
   * nothing changes, rather than silently stripping other people's objects or quietly keeping a
   * tag the caller asked to delete. The caller can untag their own objects and ask the others'
   * owners (or an admin) to do the rest. Links to objects that no longer exist (left by a delete
   * that stopped half way, or written before deletes detached tags) edit nobody's object: they
   * are not counted and go with the tag.
   */
  async remove(p: Principal, id: number): Promise<void> {
    const { tag, attached } = await this.removable(p, id);
    // Detach first: a crash after this leaves an unused tag, never a dangling reference.
    for (const [type, member] of attached) await this.meta.removeMember(taggedSet(type), member);
    await this.names.remove(tag, () => this.meta.delete(TAG, tag));
  }

  /** The tag and its links, when the caller may delete it (see `remove`). */
  private async removable(p: Principal, id: number) {
    const tag = await this.getForWrite(p, id);
    const attached: [string, string][] = [];
    let foreign = 0;
    for (const type of this.registry.names()) {
      const t = this.registry.get(type)!;
      for (const { member } of await this.meta.members(taggedSet(type))) {
        const { objectId, tagId } = parseTagLink(member);
        if (tagId !== id) continue;
        attached.push([type, member]);
        if (!(await t.canEdit(p, objectId)) && (await t.exists(objectId))) foreign++;
      }
    }
    if (foreign > 0)
      throw forbidden(
        `Tag "${tag.name}" is still on ${foreign} object(s) you can't edit; their owners or an admin must remove it first`,
      );
    return { tag, attached };
  }

  /** Tag ids per object id, for one object type (one query). */
  async tagsByObject(type: string): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    for (const { member } of await this.meta.members(taggedSet(type))) {
      const { objectId, tagId } = parseTagLink(member);
      out.set(objectId, [...(out.get(objectId) ?? []), tagId]);
    }
    return out;
  }

  /**
   * `POST /api/v1/tag/bulk_create`: tags every object the caller may edit and reports the rest
   * as skipped, rather than failing the whole request (as Superset does). Repeated tags and objects
   * count once. The contract bounds both lists; the bounds are checked here too for callers
   * that skip it (`create` with `objects_to_tag`), along with their product, the number of
   * links written.
   */
  async bulkCreate(p: Principal, names: string[], objects: [string, number][]): Promise<TagBulkCreateResult> {
    const uniqueNames = [...new Set(names.map((n) => n.trim()))];
    const seen = new Set<string>();
    const uniqueObjects = objects.filter(([type, id]) => {
      const key = `${type}#${id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (uniqueNames.length === 0) throw badRequest({ tags: ["Give at least one tag"] });
    if (uniqueNames.length > TAG_BULK_MAX_TAGS)
      throw badRequest({ tags: [`Give at most ${TAG_BULK_MAX_TAGS} tags in one request`] });
    if (uniqueObjects.length === 0)
      throw badRequest({ objects_to_tag: ["Bulk tagging needs at least one selected item"] });
    if (uniqueObjects.length > TAG_BULK_MAX_OBJECTS)
      throw badRequest({
        objects_to_tag: [
          `Tag at most ${TAG_BULK_MAX_OBJECTS.toLocaleString("en-US")} objects in one request`,
        ],
      });
    if (uniqueNames.length * uniqueObjects.length > TAG_BULK_MAX_LINKS)
      throw badRequest(
        `One request may attach at most ${TAG_BULK_MAX_LINKS.toLocaleString("en-US")} tags to objects ` +
          `(tags × objects); this one asks for ${uniqueNames.length} × ${uniqueObjects.length}. ` +
          "Split it into smaller requests.",
      );
    for (const [type] of uniqueObjects)
      if (!this.registry.get(type))
        throw badRequest({ objects_to_tag: [`Objects of type ${type} can't be tagged`] });

    const allowed = new Map<string, boolean>();
    await eachLimited(uniqueObjects, WRITE_CONCURRENCY, async ([type, id]) => {
      const view = TAG_VIEW[type];
      const may = view ? can(p, "can_tag", view) || can(p, "can_write", view) : false;
      allowed.set(`${type}#${id}`, may && (await this.registry.get(type)!.canEdit(p, id)));
    });
    const checked = uniqueObjects.filter(([type, id]) => allowed.get(`${type}#${id}`));
    const skipped = uniqueObjects.filter(([type, id]) => !allowed.get(`${type}#${id}`));
    if (checked.length) {
      // One by one: a name may be new, and its create is a claim, then an entity write.
      const known = await this.all();
      const tags: TagEntity[] = [];
      for (const name of uniqueNames) tags.push(await this.findOrCreate(p, name, known));
      const links = checked.flatMap(([type, id]) => tags.map((tag) => [type, tagLink(id, tag.id)] as const));
      // The store has no batched set writes; each link is one idempotent put, so they go out
      // several at a time.
      await eachLimited(links, WRITE_CONCURRENCY, ([type, member]) =>
        this.meta.addMember(taggedSet(type), member).then(() => undefined),
      );
    }
    return { objects_tagged: checked, objects_skipped: skipped };
  }

  async untag(p: Principal, type: string, objectId: number, tagName: string): Promise<void> {
    const t = this.registry.get(type);
    if (!t || !(await t.canEdit(p, objectId))) throw notFound(`${type} not found`);
    const tag = (await this.all()).find((x) => x.name === tagName);
    if (!tag) throw notFound("Tag not found");
    await this.meta.removeMember(taggedSet(type), tagLink(objectId, tag.id));
  }

  /** `GET /api/v1/tag/get_objects/`: objects carrying any of the tags, that the caller may see. */
  async objects(p: Principal, tagIds: number[]): Promise<TaggedObject[]> {
    requirePermission(p, "can_read", "Tag");
    const wanted = new Set(tagIds);
    const out: TaggedObject[] = [];
    for (const type of this.registry.names()) {
      const t = this.registry.get(type)!;
      for (const [objectId, ids] of await this.tagsByObject(type)) {
        if (!ids.some((i) => wanted.has(i)) || !(await t.canRead(p, objectId))) continue;
        const d = await t.describe(p, objectId);
        if (d) out.push({ id: objectId, type, name: d.name, url: d.url, tags: ids });
      }
    }
    return out;
  }
}
