import { apiPost } from "../../../lib/api-client";
import type { DataMaskMap } from "../model/dashboard-types";
import { dashboardKey } from "./dashboard";

export interface PermalinkState {
  dataMask?: DataMaskMap;
  activeTabs?: string[];
  urlParams?: [string, string][];
  anchor?: string | null;
}

/** POST /api/v1/dashboard/{id}/permalink → {key, url} */
export const createPermalink = (id: number, state: PermalinkState) =>
  apiPost<{ key: string; url: string }>(`${dashboardKey(id)}/permalink`, state);
