import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";
import { t } from "../i18n";
import { withRisonQuery } from "../rison-query";
import { toast } from "../toast";

/**
 * GET /api/v1/database/{id}/schemas/?q=(force:!f[,catalog:x][,upload_allowed:!t]) → {result: [sorted
 * names]}; `uploadAllowed`: only the schemas files may be uploaded into.
 */
export function databaseSchemasKey(
  databaseId: number,
  catalog?: string | null,
  force = false,
  uploadAllowed = false,
): string {
  return withRisonQuery(`/api/v1/database/${databaseId}/schemas/`, {
    force,
    ...(catalog ? { catalog } : {}),
    ...(uploadAllowed ? { upload_allowed: true } : {}),
  });
}

const fetchSchemas = (key: string) => apiGet<{ result: string[] }>(key).then((r) => r.result ?? []);

export function useDatabaseSchemas(
  databaseId: number | null | undefined,
  catalog?: string | null,
  enabled = true,
  uploadAllowed = false,
) {
  return useSWR<string[], ApiError>(
    databaseId && enabled ? databaseSchemasKey(databaseId, catalog, false, uploadAllowed) : null,
    fetchSchemas,
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError: () => toast.danger(t("There was an error loading the schemas")),
    },
  );
}
