import type { FilterStateCreated, FilterStateUpdated, FilterStateValue } from "@strata/contracts";
import { apiGet, apiPost, apiPut } from "../../../lib/api-client";
import { useLoadOnce } from "../../../lib/use-load-once";
import { dashboardKey } from "./dashboard";

/** `/api/v1/dashboard/{id_or_slug}/filter_state[/{key}]`: the state `?native_filters_key=` names. */
export const filterStatePath = (idOrSlug: number | string, key?: string) =>
  `${dashboardKey(idOrSlug)}/filter_state${key ? `/${encodeURIComponent(key)}` : ""}`;

/** GET → the stored value (JSON text). */
export const fetchFilterState = (idOrSlug: number | string, key: string) =>
  apiGet<FilterStateValue>(filterStatePath(idOrSlug, key)).then((r) => r.value);

/** The filter state a dashboard opens with (null: no key), loaded once per visit. */
export const useFilterState = (idOrSlug: string, key: string | null) =>
  useLoadOnce(key === null ? null : `filter-state|${idOrSlug}|${key}`, () =>
    fetchFilterState(idOrSlug, key!),
  );

/** POST → a new key holding the value. */
export const createFilterState = (id: number, value: string) =>
  apiPost<FilterStateCreated>(filterStatePath(id), { value }).then((r) => r.key);

/** PUT → the caller's own key now holds the value (403 for another user's, 404 once expired). */
export const updateFilterState = (id: number, key: string, value: string) =>
  apiPut<FilterStateUpdated>(filterStatePath(id, key), { value });
