import type { TabStateDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";

/** GET /tabstateview/{id}: a stored tab with its latest run and tables. */
export const tabStateKey = (id: number) => `/tabstateview/${id}`;

export const fetchTabState = (id: number) => apiGet<TabStateDetail>(tabStateKey(id));
