import { apiDelete, apiPost } from "../../../lib/api-client";
import { dashboardKey } from "./dashboard";

/** POST (on) or DELETE (off) /api/v1/dashboard/{id}/favorites/ */
export const setFavorite = (id: number, on: boolean) =>
  on ? apiPost(`${dashboardKey(id)}/favorites/`) : apiDelete(`${dashboardKey(id)}/favorites/`);
