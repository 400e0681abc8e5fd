import { apiDelete } from "../../../lib/api-client";
import { tabStateKey } from "./tab-state";

/** DELETE /tabstateview/{id}: a closed tab (the server deletes its tables with it). */
export const deleteTabState = (id: number) => apiDelete(tabStateKey(id));
