import type { SqlLabPermalinkState } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

/**
 * A stored SQL Lab link. Links kept from other clients may lack the database or hold the
 * template parameters as an object.
 */
export type StoredSqlLabPermalink = Pick<
  SqlLabPermalinkState,
  "sql" | "name" | "schema" | "catalog" | "autorun"
> & {
  dbId: number | null;
  templateParams?: string | Record<string, unknown> | null;
};

/** GET /api/v1/sqllab/permalink/<key> (404 when unknown or the database is not visible). */
export const sqlLabPermalinkKey = (key: string) =>
  `/api/v1/sqllab/permalink/${encodeURIComponent(key).replace(/%3A/gi, ":")}`;

export const fetchSqlLabPermalink = (key: string) => apiGet<StoredSqlLabPermalink>(sqlLabPermalinkKey(key));

/** The link `key` (null: none asked). A stored link never changes: it is read once. */
export function useSqlLabPermalink(key: string | null) {
  return useSWR<StoredSqlLabPermalink, ApiError>(
    key ? sqlLabPermalinkKey(key) : null,
    () => fetchSqlLabPermalink(key ?? ""),
    {
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
    },
  );
}
