import type { PermissionPair } from "@strata/contracts";
import { badRequest, notFound, unprocessable } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { BUILTIN_ROLE_PERMISSIONS, PERMISSION_CATALOG } from "./catalog.ts";
import { type Principal, requirePermission, userId } from "./principal.ts";
import { ROLE, type RoleData, type RoleEntity } from "./types.ts";

export interface PermissionView {
  id: number;
  permission: { name: string };
  view_menu: { name: string };
}

/** Roles as sets of [permission, view] pairs (Admin: can_write on Role). */
export class Roles {
  constructor(
    private readonly meta: MetaStore,
    /** Data-access pairs (database_access, datasource_access) that exist right now, with ids. */
    private readonly dataPermissions: () => Promise<PermissionView[]>,
  ) {}

  all(): Promise<RoleEntity[]> {
    return this.meta.list<RoleData>(ROLE);
  }

  async get(id: number): Promise<RoleEntity> {
    const role = await this.meta.get<RoleData>(ROLE, id);
    if (!role) throw notFound("Role not found");
    return role;
  }

  async permissionViews(): Promise<PermissionView[]> {
    const statics = PERMISSION_CATALOG.map(([perm, view], i) => ({
      id: i + 1,
      permission: { name: perm },
      view_menu: { name: view },
    }));
    return [...statics, ...(await this.dataPermissions())];
  }

  async create(p: Principal | null, name: string, permissions: PermissionPair[] = []): Promise<RoleEntity> {
    if (p) requirePermission(p, "can_write", "Role");
    const existing = await this.all();
    if (existing.some((r) => r.name.toLowerCase() === name.toLowerCase())) {
      throw unprocessable({ name: ["A role with this name already exists"] });
    }
    const role = await this.meta.create<RoleData>(ROLE, { name, permissions }, p ? userId(p) : null);
    return role;
  }

  async setPermissions(p: Principal, id: number, pvmIds: number[]): Promise<RoleEntity> {
    requirePermission(p, "can_write", "Role");
    const role = await this.get(id);
    const byId = new Map((await this.permissionViews()).map((pv) => [pv.id, pv]));
    const unknown = pvmIds.filter((i) => !byId.has(i));
    if (unknown.length)
      throw unprocessable({ permission_view_menu_ids: [`Unknown ids: ${unknown.join(", ")}`] });
    const permissions = pvmIds.map((i): PermissionPair => {
      const pv = byId.get(i)!;
      return [pv.permission.name, pv.view_menu.name];
    });
    const saved = await this.meta.update<RoleData>(ROLE, role, { permissions }, userId(p));
    return saved;
  }

  async permissionsOf(id: number) {
    const role = await this.get(id);
    const views = await this.permissionViews();
    const idOf = new Map(views.map((pv) => [`${pv.permission.name}|${pv.view_menu.name}`, pv.id]));
    return role.permissions.map(([perm, view]) => ({
      id: idOf.get(`${perm}|${view}`) ?? null,
      permission_name: perm,
      view_menu_name: view,
    }));
  }

  async rename(p: Principal, id: number, name: string): Promise<RoleEntity> {
    requirePermission(p, "can_write", "Role");
    const role = await this.get(id);
    if (role.name in BUILTIN_ROLE_PERMISSIONS) throw badRequest("Built-in roles cannot be renamed");
    const saved = await this.meta.update<RoleData>(ROLE, role, { name }, userId(p));
    return saved;
  }

  async remove(p: Principal, id: number): Promise<void> {
    requirePermission(p, "can_write", "Role");
    const role = await this.get(id);
    if (role.name in BUILTIN_ROLE_PERMISSIONS) throw badRequest("Built-in roles cannot be deleted");
    await this.meta.delete(ROLE, role);
  }

  /** First start: create the built-in roles; Admin always gets the whole catalog. */
  async ensureBuiltins(): Promise<void> {
    const existing = await this.all();
    for (const [name, permissions] of Object.entries(BUILTIN_ROLE_PERMISSIONS)) {
      const role = existing.find((r) => r.name === name);
      if (!role) await this.create(null, name, permissions);
      else if (name === "Admin" && role.permissions.length !== permissions.length) {
        await this.meta.update<RoleData>(ROLE, role, { permissions }, null);
      }
    }
  }
}
