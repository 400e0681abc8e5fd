import type { PermissionPair } from "@strata/contracts";
import { forbidden, unauthorized } from "../errors.ts";
import type { RoleEntity, UserEntity } from "./types.ts";

/** Who is calling, with the union of their roles' permission pairs. */
export interface Principal {
  user: UserEntity | null;
  roles: RoleEntity[];
  isAdmin: boolean;
  /** Shared between callers with the same roles: never changed after it is built. */
  perms: ReadonlySet<string>;
  /** Set for embedded guests: they see only these dashboards, their charts and datasets. */
  guest?: GuestScope;
}

export interface GuestScope {
  /** The token's id: a guest's jobs and results belong to this token only. */
  jti: string;
  username: string;
  dashboards: Set<number>;
  charts: Set<number>;
  /** The charts' datasets and the datasets the dashboards' native filters read. */
  datasets: Set<number>;
  /** Native filter target columns by dataset: the only columns a filter-values query may read. */
  filterColumns: Map<number, Set<string>>;
  /** Role names the token maps to (GUEST_ROLE_NAME): Regular RLS rules naming them apply. */
  roles: string[];
  rls: { clause: string; dataset?: number }[];
}

/** What a guest token lets its holder read (Superset's guest role). */
export const GUEST_PERMISSIONS: [string, string][] = [
  ["can_read", "Dashboard"],
  ["can_read", "Chart"],
  ["can_read", "Dataset"],
];

const key = (perm: string, view: string) => `${perm}|${view}`;

export function guestPrincipal(scope: GuestScope): Principal {
  return {
    user: null,
    roles: [],
    isAdmin: false,
    perms: new Set(GUEST_PERMISSIONS.map(([p, v]) => key(p, v))),
    guest: scope,
  };
}

type RoleChain = { perms?: ReadonlySet<string>; next: WeakMap<RoleEntity, RoleChain> };
const knownRoleSets = new WeakMap<RoleEntity, RoleChain>();

function buildPermissionKeys(roles: readonly RoleEntity[]): ReadonlySet<string> {
  const perms = new Set<string>();
  for (const role of roles) for (const [p, v] of role.permissions) perms.add(key(p, v));
  return perms;
}

/**
 * The union of the roles' permission pairs. The role cache hands every request the same frozen
 * role objects until a role write replaces them, so the union is remembered per exact sequence of
 * those objects (weakly: it goes with them) instead of being rebuilt on every request. Roles that
 * are not frozen could still change, and are never remembered.
 */
function permissionKeys(roles: readonly RoleEntity[]): ReadonlySet<string> {
  if (roles.length === 0 || !roles.every((r) => Object.isFrozen(r))) return buildPermissionKeys(roles);
  let level = knownRoleSets;
  let node: RoleChain | undefined;
  for (const role of roles) {
    node = level.get(role);
    if (!node) {
      node = { next: new WeakMap() };
      level.set(role, node);
    }
    level = node.next;
  }
  node!.perms ??= buildPermissionKeys(roles);
  return node!.perms;
}

export function principalOf(user: UserEntity | null, roles: RoleEntity[]): Principal {
  // The Admin role (its name compared case-insensitively) passes every permission check.
  const isAdmin = roles.some((r) => r.name.toLowerCase() === "admin");
  return { user, roles, isAdmin, perms: permissionKeys(roles) };
}

/** The generic check: a [permission, view] pair in any role. */
export function can(p: Principal, perm: string, view: string): boolean {
  return p.isAdmin || p.perms.has(key(perm, view));
}

/** Throws 401 for anonymous callers and 403 for signed-in callers lacking the pair. */
export function requirePermission(p: Principal, perm: string, view: string): void {
  if (can(p, perm, view)) return;
  if (!p.user && !p.guest) throw unauthorized();
  throw forbidden(`You don't have the permission ${perm} on ${view}`);
}

export function requireUser(p: Principal): UserEntity {
  if (!p.user) throw unauthorized();
  return p.user;
}

export function userId(p: Principal): number | null {
  return p.user?.id ?? null;
}

export function rolesAsPairs(roles: RoleEntity[]): Record<string, PermissionPair[]> {
  return Object.fromEntries(roles.map((r) => [r.name, r.permissions]));
}

/** Owners may change an object; Admin always may. */
export function isOwner(p: Principal, owners: number[] | undefined): boolean {
  return p.isAdmin || (p.user !== null && (owners ?? []).includes(p.user.id));
}
