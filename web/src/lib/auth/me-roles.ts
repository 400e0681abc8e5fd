import type { MeRoles } from "@strata/contracts";
import useSWR, { mutate } from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";

/** GET /api/v1/me/roles/: the signed-in user and the permission pairs of each role. */
export const meRolesKey = "/api/v1/me/roles/";

export const fetchMeRoles = (key: string) => apiGet<{ result: MeRoles }>(key).then((r) => r.result);

/**
 * Puts who the page was served to in the cache (null: nobody signed in), so the app shell paints
 * without asking and a signed-out visitor goes to the login page without a 401.
 */
export function seedMeRoles(user: MeRoles | null): void {
  signedOutAtLoad = user === null;
  void mutate(meRolesKey, user, { revalidate: false });
}

let signedOutAtLoad = false;

/**
 * The page was served to nobody and no login has happened since: a route asks nothing of the API
 * ahead of its page (the visitor is on the way to the login page).
 */
export const knownSignedOut = () => signedOutAtLoad;

/** After a login: the new session's user, fetched once and cached for the app shell. */
export function reloadMeRoles(): Promise<MeRoles | null | undefined> {
  signedOutAtLoad = false;
  return mutate(meRolesKey, fetchMeRoles(meRolesKey), { revalidate: false });
}

/** The cached user (null: signed out), else fetched; a 401 error also means signed out. */
export function useMeRoles() {
  return useSWR<MeRoles | null, ApiError>(meRolesKey, fetchMeRoles, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
