import type { MeRoles } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../api-client";
import type { ApiError } from "../api-error";

/** GET /api/v1/me/roles/: the signed-in user and the permission pairs of each role. */
export const meRolesKey = "/api/v1/me/roles/";

export const fetchMeRoles = (key: string) => apiGet<{ result: MeRoles }>(key).then((r) => r.result);

export function useMeRoles() {
  return useSWR<MeRoles, ApiError>(meRolesKey, fetchMeRoles, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
