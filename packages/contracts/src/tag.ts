import * as v from "valibot";

/** Tags (Superset's `/api/v1/tag/…`) and the tags list rows of taggable resources carry. */

const TagName = v.pipe(v.string(), v.trim(), v.minLength(1, "A tag needs a name"), v.maxLength(250));

export const TAGGABLE_TYPES = ["chart", "dashboard", "dataset", "saved_query"] as const;
export type TaggableType = (typeof TAGGABLE_TYPES)[number];

/** `[type, id]`: one object to tag. */
const ObjectRef = v.tuple([v.picklist(TAGGABLE_TYPES), v.pipe(v.number(), v.integer(), v.minValue(1))]);
export type TaggedObjectRef = v.InferOutput<typeof ObjectRef>;

/**
 * Bounds of one tagging request, far above what a person picks in the UI (a list page selects
 * at most its page of rows): without them one 10 MB body could ask for millions of writes, and
 * a request stopped by the function's timeout would leave its tagging half done.
 */
export const TAG_BULK_MAX_TAGS = 100;
export const TAG_BULK_MAX_OBJECTS = 1_000;
/** Tag links (tags × objects, after duplicates are dropped) one request may write. */
export const TAG_BULK_MAX_LINKS = 10_000;

const tooManyObjects = `Tag at most ${TAG_BULK_MAX_OBJECTS.toLocaleString("en-US")} objects in one request`;
/**
 * The length is checked on the raw array before each entry is validated, so an oversized list
 * is refused without walking it.
 */
const ObjectRefs = v.pipe(
  v.array(v.unknown()),
  v.maxLength(TAG_BULK_MAX_OBJECTS, tooManyObjects),
  v.array(ObjectRef),
);

/** `POST /api/v1/tag/bulk_create`. */
export const TagBulkCreateSchema = v.strictObject({
  tags: v.pipe(
    v.array(v.unknown()),
    v.minLength(1, "Give at least one tag"),
    v.maxLength(TAG_BULK_MAX_TAGS, `Give at most ${TAG_BULK_MAX_TAGS} tags in one request`),
    v.array(TagName),
  ),
  objects_to_tag: v.pipe(ObjectRefs, v.minLength(1, "Bulk tagging needs at least one selected item")),
});
export type TagBulkCreate = v.InferOutput<typeof TagBulkCreateSchema>;

export const TagPostSchema = v.strictObject({
  name: TagName,
  description: v.optional(v.nullable(v.string())),
  objects_to_tag: v.optional(ObjectRefs),
});
export type TagPost = v.InferOutput<typeof TagPostSchema>;

export const TagPutSchema = v.strictObject({
  name: v.optional(TagName),
  description: v.optional(v.nullable(v.string())),
});
export type TagPut = v.InferOutput<typeof TagPutSchema>;

/** `GET /api/v1/tag/` rows and `GET /api/v1/tag/{id}` result (a type, to fit the generic list row). */
export type TagRow = {
  id: number;
  name: string;
  type: "custom";
  description: string | null;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: number | null;
};

/** `POST /api/v1/tag/bulk_create` result: what was tagged, and what the caller may not edit. */
export interface TagBulkCreateResult {
  objects_tagged: [string, number][];
  objects_skipped: [string, number][];
}

/** `GET /api/v1/tag/get_objects/` items. */
export interface TaggedObject {
  id: number;
  type: string;
  name: string;
  url: string;
  tags: number[];
}

/** A tag as list rows of charts, dashboards and datasets show it. */
export type TagRef = {
  id: number;
  name: string;
  type: string;
};

/**
 * What every taggable, starrable list row adds: its tags and whether the caller starred it.
 * Types rather than interfaces, so that decorated rows still fit the generic list row.
 */
export type TagsAndFavorite = {
  tags: TagRef[];
  is_favorite: boolean;
};
