import type { CurrentUser } from "../../../lib/auth/current-user";
import type { DashboardInfo } from "./dashboard-types";

const isOwner = (user: CurrentUser, info: DashboardInfo) => info.owners.some((o) => o.id === user.user.id);

/** 001 §6: edit needs admin or owner, and can_write on Dashboard. */
export function canEditDashboard(user: CurrentUser | null, info: DashboardInfo): boolean {
  if (!user) return false;
  return (user.isAdmin || isOwner(user, info)) && user.can("can_write", "Dashboard");
}

/** Save needs can_write on Dashboard (and ownership, which the server checks on overwrite). */
export function canSaveDashboard(user: CurrentUser | null, info: DashboardInfo): boolean {
  return !!user && user.can("can_write", "Dashboard") && (user.isAdmin || isOwner(user, info));
}

export const canShareDashboard = (user: CurrentUser | null) =>
  !!user && user.can("can_share_dashboard", "Superset");
export const canExplore = (user: CurrentUser | null) => !!user && user.can("can_explore", "Superset");
export const canCopyDashboard = (user: CurrentUser | null) => !!user && user.can("can_write", "Dashboard");
