import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";
import { t } from "../i18n";
import { withRisonQuery } from "../rison-query";
import { toast } from "../toast";

/** GET /api/v1/database/{id}/catalogs/?q=(force:!f) → {result: [names]} */
export function databaseCatalogsKey(databaseId: number, force = false): string {
  return withRisonQuery(`/api/v1/database/${databaseId}/catalogs/`, { force });
}

const fetchCatalogs = (key: string) => apiGet<{ result: string[] }>(key).then((r) => r.result ?? []);

export function useDatabaseCatalogs(databaseId: number | null | undefined, enabled = true) {
  return useSWR<string[], ApiError>(
    databaseId && enabled ? databaseCatalogsKey(databaseId) : null,
    fetchCatalogs,
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError: () => toast.danger(t("There was an error loading the catalogs")),
    },
  );
}
