import type { DashboardPermalinkReply } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { useLoadOnce } from "../../../lib/use-load-once";
import type { PermalinkState } from "./create-permalink";

/** GET /api/v1/dashboard/permalink/{key} → {state, dashboardId} */
export const permalinkKey = (key: string) => `/api/v1/dashboard/permalink/${encodeURIComponent(key)}`;

export const fetchPermalink = (key: string) =>
  apiGet<Omit<DashboardPermalinkReply, "state"> & { state: PermalinkState }>(permalinkKey(key));

/** The permalink a page opens, loaded once per visit. */
export const usePermalink = (key: string) => useLoadOnce(`permalink|${key}`, () => fetchPermalink(key));
