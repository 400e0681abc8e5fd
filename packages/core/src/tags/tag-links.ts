import type { MetaStore } from "../store/meta-store.ts";

/**
 * Tag links are kept per object type in one set, `tagged#{type}`, whose members are
 * `{objectId}#{tagId}`: a list page reads every link of its type with one query.
 */
export const taggedSet = (type: string) => `tagged#${type}`;

export const tagLink = (objectId: number, tagId: number) => `${objectId}#${tagId}`;

export function parseTagLink(member: string): { objectId: number; tagId: number } {
  const [objectId, tagId] = member.split("#").map(Number);
  return { objectId, tagId };
}

/**
 * Takes every tag off an object that was just deleted. Called after the delete: a crash in
 * between leaves links to a gone object, which lists never show and deleting the tag cleans up,
 * whereas detaching first would strip the tags of an object whose delete then failed (a 409).
 */
export async function detachObjectTags(meta: MetaStore, type: string, objectId: number): Promise<void> {
  const set = taggedSet(type);
  for (const { member } of await meta.members(set)) {
    if (parseTagLink(member).objectId === objectId) await meta.removeMember(set, member);
  }
}
