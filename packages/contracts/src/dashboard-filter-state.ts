import * as v from "valibot";

/**
 * A dashboard's native filter state kept under a key (`/api/v1/dashboard/{id_or_slug}/filter_state`,
 * Superset's temporary-cache API): what `?native_filters_key=` in a dashboard's URL names.
 */

/**
 * The most a stored value may hold, in UTF-8 bytes. Every filter's applied values fit many times
 * over; the bound keeps each entry well inside one store item (DynamoDB's 400 KB).
 */
export const FILTER_STATE_MAX_BYTES = 256 * 1024;

/**
 * `POST` and `PUT …/filter_state[/{key}]`: the value is JSON text (the SPA sends the data mask of
 * every filter, as Superset's does). Superset's schema takes any string; the server also refuses
 * text that is not JSON (it could never be restored) and values over FILTER_STATE_MAX_BYTES. Those
 * two checks live in core, not here: the contracts' schemas are bundled into the SPA's first load,
 * which has no use for them.
 */
export const DashboardFilterStateSchema = v.strictObject({ value: v.string() });
export type DashboardFilterStateRequest = v.InferOutput<typeof DashboardFilterStateSchema>;

/** `POST …/filter_state` (201). */
export interface FilterStateCreated {
  key: string;
}

/**
 * `PUT …/filter_state/{key}`: Superset's API answers the key, its SPA reads `message` to know the
 * key still holds; both are sent.
 */
export interface FilterStateUpdated {
  key: string;
  message: string;
}

/** `GET …/filter_state/{key}`: the value as it was stored (JSON text). */
export interface FilterStateValue {
  value: string;
}
