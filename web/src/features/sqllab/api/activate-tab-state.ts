import { apiPost } from "../../../lib/api-client";
import { tabStateKey } from "./tab-state";

/** POST /tabstateview/{id}/activate: the tab a reload opens on. */
export const activateTabState = (id: number) => apiPost(`${tabStateKey(id)}/activate`);
