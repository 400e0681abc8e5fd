import { apiPost } from "../../../lib/api-client";

/** POST /tableschemaview/{id}/expanded: whether a stored table shows its columns. */
export const setTableSchemaExpanded = (id: number, expanded: boolean) =>
  apiPost(`/tableschemaview/${id}/expanded`, { expanded });
