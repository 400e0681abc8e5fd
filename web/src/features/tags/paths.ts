import { TAG_ENTITIES_PATH, tagEntitiesUrl } from "../../components/tag-chips";

/** Superset's routes of the tag pages. */
export const tagPaths = {
  list: "/superset/tags/",
  entitiesPattern: TAG_ENTITIES_PATH,
  entities: tagEntitiesUrl,
} as const;
