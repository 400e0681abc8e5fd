import type { CurrentUser } from "../../../lib/auth/current-user";
import type { ExploreSlice } from "../api/explore";

export interface ExplorePermissions {
  canAdd: boolean;
  canDownload: boolean;
  canOverwrite: boolean;
}

/** 002 §6: add needs write on Chart, download the CSV permission, overwrite chart ownership. */
export function explorePermissions(user: CurrentUser | null, slice: ExploreSlice | null): ExplorePermissions {
  if (!user) return { canAdd: false, canDownload: false, canOverwrite: false };
  return {
    canAdd: user.can("can_write", "Chart"),
    canDownload: user.can("can_csv", "Superset"),
    canOverwrite: !!slice && (user.isAdmin || slice.owners.includes(user.user.id)),
  };
}
