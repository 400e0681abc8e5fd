import type { TagBulkCreateResult, TaggedObject, TagPost, TagPut, TagRow } from "@strata/contracts";
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

  private async findOrCreate(p: Principal, name: string): Promise<TagEntity> {
    const clean = name.trim();
    if (!clean || clean.length > 250) throw unprocessable({ name: ["A tag name needs 1 to 250 characters"] });
    const existing = (await this.all()).find((t) => t.name === clean);
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
   * Deletes a tag. Deleting detaches it, and detaching is an edit of each tagged object, so the
   * tag must be on no object the caller may not edit: otherwise the delete is refused (403) and
   * nothing changes, rather than silently stripping other people's objects or quietly keeping a
   * tag the caller asked to delete. The caller can untag their own objects and ask the others'
   * owners (or an admin) to do the rest. Links to objects that no longer exist (left by a delete
   * that stopped half way, or written before deletes detached tags) edit nobody's object: they
   * are not counted and go with the tag.
   */
  async remove(p: Principal, id: number): Promise<void> {
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
    // Detach first: a crash after this leaves an unused tag, never a dangling reference.
    for (const [type, member] of attached) await this.meta.removeMember(taggedSet(type), member);
    await this.names.remove(tag, () => this.meta.delete(TAG, tag));
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
   * as skipped (spec 000 §6), rather than failing the whole request.
   */
  async bulkCreate(p: Principal, names: string[], objects: [string, number][]): Promise<TagBulkCreateResult> {
    if (names.length === 0) throw badRequest({ tags: ["Give at least one tag"] });
    if (objects.length === 0)
      throw badRequest({ objects_to_tag: ["Bulk tagging needs at least one selected item"] });
    const tagged: [string, number][] = [];
    const skipped: [string, number][] = [];
    const checked: [string, number][] = [];
    for (const [type, id] of objects) {
      const t = this.registry.get(type);
      if (!t) throw badRequest({ objects_to_tag: [`Objects of type ${type} can't be tagged`] });
      const view = TAG_VIEW[type];
      const allowed =
        (view ? can(p, "can_tag", view) || can(p, "can_write", view) : false) && (await t.canEdit(p, id));
      (allowed ? checked : skipped).push([type, id]);
    }
    if (checked.length) {
      const tags = [];
      for (const name of names) tags.push(await this.findOrCreate(p, name));
      for (const [type, id] of checked) {
        for (const tag of tags) await this.meta.addMember(taggedSet(type), tagLink(id, tag.id));
        tagged.push([type, id]);
      }
    }
    return { objects_tagged: tagged, objects_skipped: skipped };
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
