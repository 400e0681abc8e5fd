import { apiDelete, apiPost } from "../api-client";
import type { StarrableType } from "./favorite-status";

/** POST (on) or DELETE (off) /api/v1/{chart|dashboard}/{id}/favorites/ */
export const setFavorite = (type: StarrableType, id: number, on: boolean) =>
  on ? apiPost(`/api/v1/${type}/${id}/favorites/`) : apiDelete(`/api/v1/${type}/${id}/favorites/`);
