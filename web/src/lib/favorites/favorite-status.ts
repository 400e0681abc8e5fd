import type { FavoriteStatus } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";
import { t } from "../i18n";
import { withRisonQuery } from "../rison-query";
import { toast } from "../toast";

export type StarrableType = "chart" | "dashboard";

/** GET /api/v1/{chart|dashboard}/favorite_status/?q=!(ids) → {result: [{id, value}]} */
export const favoriteStatusKey = (type: StarrableType, ids: number[]) =>
  withRisonQuery(`/api/v1/${type}/favorite_status/`, ids);

export const fetchFavoriteStatus = (type: StarrableType, ids: number[]) =>
  apiGet<{ result: FavoriteStatus[] }>(favoriteStatusKey(type, ids)).then(
    (r) => new Map((r.result ?? []).map((x) => [x.id, x.value])),
  );

/** One object's star (the detail headers: dashboard, Explore). `null` id: nothing to ask yet. */
export function useFavoriteStatus(type: StarrableType, id: number | null) {
  return useSWR<boolean, ApiError>(
    id === null ? null : favoriteStatusKey(type, [id]),
    () => fetchFavoriteStatus(type, [id!]).then((m) => m.get(id!) ?? false),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError: (e) =>
        toast.danger(
          type === "dashboard"
            ? t("There was an issue fetching the favorite status of this dashboard.")
            : t("There was an error fetching the favorite status: %s", e.message),
        ),
    },
  );
}
