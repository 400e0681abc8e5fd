import type { RolePermission } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

/** GET /api/v1/security/roles/{id}/permissions/ → {result: [{id, permission_name, view_menu_name}]} */
export const rolePermissionsKey = (id: number) => `/api/v1/security/roles/${id}/permissions/`;

export const fetchRolePermissions = (key: string) =>
  apiGet<{ result: RolePermission[] }>(key).then((r) => r.result ?? []);

export function useRolePermissions(id: number | null) {
  return useSWR<RolePermission[], ApiError>(id ? rolePermissionsKey(id) : null, fetchRolePermissions, {
    revalidateOnFocus: false,
  });
}
