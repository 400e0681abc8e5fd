import type { FavoriteStatus } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import { withRisonQuery } from "../../../lib/rison-query";
import { toast } from "../../../lib/toast";

/** GET /api/v1/dashboard/favorite_status/?q=!(id) → {result: [{id, value}]} */
export const favoriteStatusKey = (id: number) => withRisonQuery("/api/v1/dashboard/favorite_status/", [id]);

export const fetchFavoriteStatus = (id: number) =>
  apiGet<{ result: FavoriteStatus[] }>(favoriteStatusKey(id)).then(
    (r) => r.result?.find((x) => x.id === id)?.value ?? false,
  );

export function useFavoriteStatus(id: number) {
  return useSWR<boolean, ApiError>(favoriteStatusKey(id), () => fetchFavoriteStatus(id), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: () => toast.danger(t("There was an issue fetching the favorite status of this dashboard.")),
  });
}
