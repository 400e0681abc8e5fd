import type { Principal } from "../security/principal.ts";
import type { TemplateUser } from "./context.ts";

/** The caller as Superset's current_user_* macros see them; an embedded guest by its token's name and roles. */
export function templateUser(p: Principal | null | undefined): TemplateUser | null {
  if (p?.user) {
    return {
      id: p.user.id,
      username: p.user.username,
      email: p.user.email || null,
      roles: p.roles.map((r) => r.name),
    };
  }
  if (p?.guest) return { id: null, username: p.guest.username, email: null, roles: [...p.guest.roles] };
  return null;
}
