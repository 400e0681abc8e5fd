import type { MeRoles } from "@strata/contracts";
import { createContext, useContext, useMemo } from "react";
import { hasPermission, isAdmin } from "../permissions";

export interface CurrentUser {
  user: MeRoles;
  isAdmin: boolean;
  /** Holds the [permission, view] pair in some role (Admin holds all). */
  can: (permission: string, view: string) => boolean;
}

const CurrentUserContext = createContext<CurrentUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: MeRoles; children: React.ReactNode }) {
  const value = useMemo<CurrentUser>(
    () => ({
      user,
      isAdmin: isAdmin(user.roles),
      can: (permission, view) => hasPermission(user.roles, permission, view),
    }),
    [user],
  );
  return <CurrentUserContext.Provider value={value}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in user; only inside the authenticated app shell. */
export function useCurrentUser(): CurrentUser {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error("useCurrentUser used outside CurrentUserProvider");
  return value;
}

/** Same as useCurrentUser but null outside the shell (reusable components, tests). */
export function useOptionalCurrentUser(): CurrentUser | null {
  return useContext(CurrentUserContext);
}
