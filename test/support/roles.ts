import type { TestServer } from "./server.ts";

/** A permission on a view menu, as `GET /api/v1/security/permissions-resources/` lists it. */
export interface PermissionView {
  id: number;
  permission: { name: string };
  view_menu: { name: string };
}

/**
 * Creates a custom role holding the permissions named as `[permission, view menu]` pairs (each
 * must exist), or those a predicate picks, and returns the role's id. Users get it through
 * `userWithRoles` by name.
 */
export async function createRoleWith(
  s: TestServer,
  adminToken: string,
  name: string,
  grants: [permission: string, viewMenu: string][] | ((pv: PermissionView) => boolean),
): Promise<number> {
  const listed = await s.call("GET", "/api/v1/security/permissions-resources/?q=(page_size:1000)", {
    token: adminToken,
  });
  const all = ((await listed.json()) as { result: PermissionView[] }).result;
  const ids =
    typeof grants === "function"
      ? all.filter(grants).map((pv) => pv.id)
      : grants.map(([permission, view]) => {
          const found = all.find((pv) => pv.permission.name === permission && pv.view_menu.name === view);
          if (!found) throw new Error(`no permission ${permission} on ${view}`);
          return found.id;
        });
  const created = await s.call("POST", "/api/v1/security/roles/", { token: adminToken, body: { name } });
  if (created.status !== 201)
    throw new Error(`creating role ${name} failed: ${created.status} ${await created.text()}`);
  const roleId = ((await created.json()) as { id: number }).id;
  const granted = await s.call("POST", `/api/v1/security/roles/${roleId}/permissions`, {
    token: adminToken,
    body: { permission_view_menu_ids: ids },
  });
  if (granted.status >= 300)
    throw new Error(`granting role ${name} failed: ${granted.status} ${await granted.text()}`);
  return roleId;
}
