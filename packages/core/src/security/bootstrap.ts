import { type BootstrapData, type BootstrapUser, DEFAULT_LOCALE, isLocale } from "@strata/contracts";
import { type Principal, rolesAsPairs } from "./principal.ts";

/** Views of these permissions are listed by name too, as Superset's bootstrap does. */
const LISTED_PERMISSIONS = ["datasource_access", "database_access"];

/**
 * Superset's `bootstrap_user_data(user, include_perms=True)`, with the snake_case fields of
 * `/api/v1/me/` alongside: Superset clients read the camelCase keys, Strata's SPA the others.
 */
export function bootstrapUser(p: Principal): BootstrapUser {
  const permissions: Record<string, string[]> = {};
  for (const name of LISTED_PERMISSIONS) {
    const views = new Set(
      p.roles.flatMap((r) => r.permissions.filter(([perm]) => perm === name).map(([, v]) => v)),
    );
    if (views.size) permissions[name] = [...views];
  }
  const roles = rolesAsPairs(p.roles);
  const u = p.user;
  if (!u || p.guest) return { roles, permissions };
  return {
    username: u.username,
    firstName: u.first_name,
    lastName: u.last_name,
    userId: u.id,
    isActive: u.active,
    isAnonymous: false,
    createdOn: u.created_on,
    email: u.email,
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    is_active: u.active,
    is_anonymous: false,
    roles,
    permissions,
  };
}

/** A page's bootstrap: who is calling and the settings the SPA reads before any request. */
export function bootstrapPayload(
  p: Principal,
  settings: {
    featureFlags: Record<string, boolean>;
    conf: Record<string, number | string | boolean | null>;
    /** The caller's UI language; anything but a supported locale becomes the default. */
    locale?: string;
  },
): BootstrapData {
  return {
    user: bootstrapUser(p),
    common: {
      feature_flags: settings.featureFlags,
      conf: settings.conf,
      locale: isLocale(settings.locale) ? settings.locale : DEFAULT_LOCALE,
    },
  };
}
