import type { DashboardPermalinkState, PermalinkCreated } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";
import type { DataMaskMap } from "../model/dashboard-types";
import { dashboardKey } from "./dashboard";

/** What a dashboard link restores, its data masks read as the filters' (the server keeps them as sent). */
export type PermalinkState = Omit<DashboardPermalinkState, "dataMask"> & { dataMask?: DataMaskMap };

/** POST /api/v1/dashboard/{id}/permalink → {key, url} */
export const createPermalink = (id: number, state: PermalinkState) =>
  apiPost<PermalinkCreated>(`${dashboardKey(id)}/permalink`, state);
