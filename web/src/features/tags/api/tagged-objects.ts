import type { TaggedObject } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { withParams } from "../../../lib/rison-query";

/** GET /api/v1/tag/get_objects/?tagIds=1,2 → {result: [{id, type, name, url, tags}]} */
export const taggedObjectsKey = (tagIds: number[]) =>
  withParams("/api/v1/tag/get_objects/", { tagIds: tagIds.join(",") });

export function useTaggedObjects(tagId: number | null) {
  return useSWR<TaggedObject[], ApiError>(
    tagId === null ? null : taggedObjectsKey([tagId]),
    (key: string) => apiGet<{ result: TaggedObject[] }>(key).then((r) => r.result ?? []),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
