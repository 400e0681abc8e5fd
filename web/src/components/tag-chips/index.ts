export { searchTags, TagSearchError } from "./api/search-tags";
export { BulkTagModal } from "./bulk-tag-modal";
export { DEFAULT_MAX_TAGS, TagChips } from "./tag-chips";
export { tagFilter, tagsColumn, useBulkTag } from "./tag-list-bits";
export { TagPicker } from "./tag-picker";
export { TAG_ENTITIES_PATH, tagEntitiesUrl } from "./tag-url";
