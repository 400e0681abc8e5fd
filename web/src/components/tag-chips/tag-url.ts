/** The tagged-objects page of one tag (Superset's route). */
export const TAG_ENTITIES_PATH = "/superset/all_entities/";

export const tagEntitiesUrl = (id: number) => `${TAG_ENTITIES_PATH}?id=${id}`;
