import type { DatabaseRelatedObjects, DatasetRelatedObjects } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";
import { resourceItemPath } from "./resource-path";

/** The resources that answer `related_objects`, and what each answers. */
export interface RelatedObjectsOf {
  database: DatabaseRelatedObjects;
  dataset: DatasetRelatedObjects;
}

export type RelatedResource = keyof RelatedObjectsOf;

/** GET /api/v1/{database|dataset}/{id}/related_objects/ */
export function relatedObjectsKey(resource: RelatedResource, id: number): string {
  return `${resourceItemPath(resource, id)}/related_objects/`;
}

/** What depends on one database or dataset; asked again each time a dialog needs it. */
export function useRelatedObjects<R extends RelatedResource>(resource: R, id: number | null | undefined) {
  return useSWR<RelatedObjectsOf[R], ApiError>(
    id == null ? null : relatedObjectsKey(resource, id),
    (key: string) => apiGet<RelatedObjectsOf[R]>(key),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
