import type { TagRow } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { isApiError } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import { withRisonQuery } from "../../../lib/rison-query";

/**
 * Raised when the caller may not read tags: the tag pickers show its message rather than a
 * generic failure (002 §6: 'You do not have permission to read tags').
 */
export class TagSearchError extends Error {}

/** GET /api/v1/tag/?q=(filters:!((col:name,opr:ct,value:…)),order_column:name,order_direction:asc,page,page_size) */
export const tagSearchKey = (search: string, page: number, pageSize: number) =>
  withRisonQuery("/api/v1/tag/", {
    filters: search ? [{ col: "name", opr: "ct", value: search }] : [],
    order_column: "name",
    order_direction: "asc",
    page,
    page_size: pageSize,
  });

export async function searchTags(
  search: string,
  page = 0,
  pageSize = 100,
): Promise<{ tags: TagRow[]; count: number }> {
  try {
    const body = await apiGet<{ result: TagRow[]; count: number }>(tagSearchKey(search, page, pageSize));
    return { tags: body.result ?? [], count: body.count ?? 0 };
  } catch (e) {
    if (isApiError(e) && e.status === 403)
      throw new TagSearchError(t("You do not have permission to read tags"));
    throw e;
  }
}
