import type { PermissionPair } from "@strata/contracts";
import { badRequest, notFound, unprocessable } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { UniqueNames } from "../store/unique-names.ts";
import { BUILTIN_ROLE_PERMISSIONS, PERMISSION_CATALOG } from "./catalog.ts";
import { type Principal, requirePermission, userId } from "./principal.ts";
import { ROLE, type RoleData, type RoleEntity } from "./types.ts";

export interface PermissionView {
  id: number;
  permission: { name: string };
  view_menu: { name: string };
}

const BUILTIN_NAMES = Object.keys(BUILTIN_ROLE_PERMISSIONS);
const roleTaken = () => unprocessable({ name: ["A role with this name already exists"] });

/**
 * Role names are unique case-insensitively, held by claim items (scope `role-name`). Case
 * matters because a caller is Admin when any of its roles is named "admin" in any case
 * (`principalOf`), and a "gamma" beside "Gamma" reads as the built-in in every list.
 */
const roleNames = (meta: MetaStore) =>
  new UniqueNames<RoleEntity>(meta, {
    type: ROLE,
    scope: "role-name",
    valueOf: (r) => r.name,
    fold: true,
    taken: roleTaken,
  });

/**
 * The built-in role a name stands for when compared case-insensitively, if any: such names
 * belong to the built-ins alone. Only the catalog's own keys count, so "toString" and the like
 * are ordinary names (an `in` test would match them through the prototype).
 */
const builtinNamed = (name: string) => BUILTIN_NAMES.find((b) => b.toLowerCase() === name.toLowerCase());

/**
 * Whether `role` is the built-in of its name: the exact name, and the oldest role holding it.
 * Before names were claimed a custom role could be renamed to "Gamma"; that younger duplicate is
 * a custom role, so it can be renamed or deleted to undo the mistake.
 */
function isBuiltin(role: RoleEntity, all: readonly RoleEntity[]): boolean {
  if (!Object.hasOwn(BUILTIN_ROLE_PERMISSIONS, role.name)) return false;
  return !all.some((r) => r.name === role.name && r.id < role.id);
}

/** Roles as sets of [permission, view] pairs (Admin: can_write on Role). */
export class Roles {
  private readonly names: UniqueNames<RoleEntity>;

  constructor(
    private readonly meta: MetaStore,
    /** Data-access pairs (database_access, datasource_access) that exist right now, with ids. */
    private readonly dataPermissions: () => Promise<PermissionView[]>,
  ) {
    this.names = roleNames(meta);
  }

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

  /**
   * Refuses a name a role other than `exceptId` already has. The claim is what decides a race;
   * this also catches roles written before names were claimed, which hold no claim.
   */
  private async checkName(name: string, exceptId?: number): Promise<void> {
    const builtin = builtinNamed(name);
    if (builtin) throw unprocessable({ name: [`"${builtin}" is the name of a built-in role`] });
    const lower = name.toLowerCase();
    if ((await this.all()).some((r) => r.id !== exceptId && r.name.toLowerCase() === lower))
      throw roleTaken();
  }

  /** Creates a role; without a principal (first start) it may take a built-in's name. */
  async create(p: Principal | null, name: string, permissions: PermissionPair[] = []): Promise<RoleEntity> {
    if (p) {
      requirePermission(p, "can_write", "Role");
      await this.checkName(name);
    }
    return this.names.create(name, (id) =>
      this.meta.create<RoleData>(ROLE, { name, permissions }, p ? userId(p) : null, id),
    );
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
    if (isBuiltin(role, await this.all())) throw badRequest("Built-in roles cannot be renamed");
    await this.checkName(name, id);
    return this.names.rename(role, name, () => this.meta.update<RoleData>(ROLE, role, { name }, userId(p)));
  }

  /**
   * Resolves with the role when `remove` would delete it: every rule `remove` applies, so a bulk
   * delete checks all its ids first and deletes all of them or none.
   */
  async checkRemove(p: Principal, id: number): Promise<RoleEntity> {
    requirePermission(p, "can_write", "Role");
    const role = await this.get(id);
    if (isBuiltin(role, await this.all())) throw badRequest("Built-in roles cannot be deleted");
    return role;
  }

  async remove(p: Principal, id: number): Promise<void> {
    const role = await this.checkRemove(p, id);
    await this.names.remove(role, () => this.meta.delete(ROLE, role));
  }

  /** First start: create the built-in roles; Admin always gets the whole catalog. */
  async ensureBuiltins(): Promise<void> {
    const existing = await this.all();
    for (const [name, permissions] of Object.entries(BUILTIN_ROLE_PERMISSIONS)) {
      const role = existing.find((r) => r.name === name && isBuiltin(r, existing));
      if (!role) await this.create(null, name, permissions);
      else if (name === "Admin" && role.permissions.length !== permissions.length) {
        await this.meta.update<RoleData>(ROLE, role, { permissions }, null);
      }
    }
  }
}
