import type { TagRow } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { resourceItemPath } from "../../../lib/resource/resource-path";
import { TAGS } from "./tags";

/** GET /api/v1/tag/{id} → {id, result} */
export const tagKey = (id: number) => resourceItemPath(TAGS, id);

export function useTag(id: number | null) {
  return useSWR<TagRow, ApiError>(
    id === null ? null : tagKey(id),
    (key: string) => apiGet<{ result: TagRow }>(key).then((r) => r.result),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
