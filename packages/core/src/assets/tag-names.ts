/**
 * An import creates tags under the tags domain's own claim rule (`tags/tag-names.ts`), so a tag
 * it creates holds its name against every other writer.
 */
export { TAG, type TagData as ImportedTagData, tagNames } from "../tags/tag-names.ts";
