import { unprocessable } from "../errors.ts";
import type { Entity, MetaStore } from "../store/meta-store.ts";
import { UniqueNames } from "../store/unique-names.ts";

/** A tag as stored (entity type `tag`); only custom tags are created, by hand or by an import. */
export interface TagData {
  name: string;
  type: "custom";
  description: string | null;
}
export type TagEntity = Entity<TagData>;
export const TAG = "tag";

/**
 * The claim rule of tag names: unique, compared exactly (Superset's unique column), under scope
 * `tag-name`. Everything that creates or renames a tag (the tags domain, an import) uses this one
 * rule, so a name is held against every writer.
 */
export const tagNames = (meta: MetaStore) =>
  new UniqueNames<TagEntity>(meta, {
    type: TAG,
    scope: "tag-name",
    valueOf: (t) => t.name,
    fold: false,
    taken: () => unprocessable({ name: ["A tag with this name already exists"] }),
  });
