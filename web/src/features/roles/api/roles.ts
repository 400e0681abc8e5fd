import type { PermissionResource, RolePermission, RoleRow } from "@strata/contracts";
import useSWR from "swr";
import { apiGet, apiPost } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { createResource } from "../../../lib/resource/resource-write";
import { withRisonQuery } from "../../../lib/rison-query";

export const ROLES = "security/roles";

/** POST /api/v1/security/roles/ {name} */
export const createRole = (name: string) => createResource<RoleRow>(ROLES, { name });

/** GET /api/v1/security/roles/{id}/permissions/ → {result: [{id, permission_name, view_menu_name}]} */
export const rolePermissionsKey = (id: number) => `/api/v1/security/roles/${id}/permissions/`;
export function useRolePermissions(id: number | null) {
  return useSWR<RolePermission[], ApiError>(
    id ? rolePermissionsKey(id) : null,
    (key: string) => apiGet<{ result: RolePermission[] }>(key).then((r) => r.result ?? []),
    { revalidateOnFocus: false },
  );
}

/** POST /api/v1/security/roles/{id}/permissions {permission_view_menu_ids} (replaces the set). */
export const setRolePermissions = (id: number, ids: number[]) =>
  apiPost<{ result: unknown }>(`/api/v1/security/roles/${id}/permissions`, { permission_view_menu_ids: ids });

const PAGE = 100;

/** Every permission-resource pair: GET /api/v1/security/permissions-resources/, page after page. */
async function fetchAllPermissionResources(): Promise<PermissionResource[]> {
  const all: PermissionResource[] = [];
  for (let page = 0; page < 100; page++) {
    const body = await apiGet<{ count?: number; result: PermissionResource[] }>(
      withRisonQuery("/api/v1/security/permissions-resources/", { page, page_size: PAGE }),
    );
    all.push(...(body.result ?? []));
    const total = body.count ?? all.length;
    if ((body.result ?? []).length < PAGE || all.length >= total) break;
  }
  return all;
}

export const permissionResourcesKey = "/api/v1/security/permissions-resources/#all";
export function usePermissionResources(enabled: boolean) {
  return useSWR<PermissionResource[], ApiError>(
    enabled ? permissionResourcesKey : null,
    fetchAllPermissionResources,
    {
      revalidateOnFocus: false,
    },
  );
}
