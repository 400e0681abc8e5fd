import type { PermissionPair } from "@strata/contracts";

export type RolePermissions = Record<string, PermissionPair[]>;

/** The Admin role, compared case-insensitively, bypasses every check (001 §6). */
export function isAdmin(roles: RolePermissions): boolean {
  return Object.keys(roles).some((name) => name.toLowerCase() === "admin");
}

/** Looks for a [permission, view] pair in any role. */
export function hasPermission(roles: RolePermissions, permission: string, view: string): boolean {
  if (isAdmin(roles)) return true;
  return Object.values(roles).some((pairs) => pairs.some(([p, v]) => p === permission && v === view));
}
