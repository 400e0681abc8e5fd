import type { TabStateChangesRequest } from "@strata/contracts";
import { apiPut } from "../../../lib/api-client";
import { tabStateKey } from "./tab-state";

/** PUT /tabstateview/{id}: the changed editor fields, by their wire names. */
export const updateTabState = (id: number, changes: TabStateChangesRequest) =>
  apiPut(tabStateKey(id), changes);
