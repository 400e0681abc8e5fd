import { apiPost } from "../../../lib/api-client";

/** POST /api/v1/security/roles/{id}/permissions {permission_view_menu_ids} (replaces the set). */
export const setRolePermissions = (id: number, ids: number[]) =>
  apiPost<{ result: unknown }>(`/api/v1/security/roles/${id}/permissions`, { permission_view_menu_ids: ids });
