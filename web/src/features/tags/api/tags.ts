import type { TagPost, TagPut, TagRow } from "@strata/contracts";
import { createResource, updateResource } from "../../../lib/resource/resource-write";

/** `/api/v1/tag/` as a generic resource (list, delete, bulk delete). */
export const TAGS = "tag";

/** POST /api/v1/tag/ */
export const createTag = (body: TagPost) => createResource<TagRow>(TAGS, body);
/** PUT /api/v1/tag/{id} */
export const updateTag = (id: number, body: TagPut) => updateResource<TagRow>(TAGS, id, body);
