import { type BootstrapData, BootstrapSchema, type MeRoles } from "@strata/contracts";
import * as v from "valibot";

/**
 * The page's bootstrap data (Superset's `data-bootstrap`), inlined by the server on the root
 * element. Null when the page came without it (the SPA served by a CDN, the dev server): the SPA
 * then asks the API as before.
 */
export function readBootstrap(
  root: HTMLElement | null = document.getElementById("root"),
): BootstrapData | null {
  const raw = root?.dataset.bootstrap;
  if (!raw) return null;
  try {
    const parsed = v.safeParse(BootstrapSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The signed-in user the page was served to, as `/api/v1/me/roles/` gives it; null for nobody. */
export function bootstrapMeRoles(boot: BootstrapData): MeRoles | null {
  const u = boot.user;
  if (typeof u.id !== "number" || u.username === undefined) return null;
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name ?? "",
    last_name: u.last_name ?? "",
    email: u.email ?? "",
    is_active: u.is_active ?? true,
    is_anonymous: false,
    roles: u.roles,
  };
}

/** A positive number of `common.conf`, if the bootstrap has one under that name. */
export function bootstrapConfNumber(boot: BootstrapData | null, key: string): number | undefined {
  const value = boot?.common.conf[key];
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}
