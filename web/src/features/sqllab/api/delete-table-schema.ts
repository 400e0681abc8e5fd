import { apiDelete } from "../../../lib/api-client";

/** DELETE /tableschemaview/{id}: a table removed from its tab. */
export const deleteTableSchema = (id: number) => apiDelete(`/tableschemaview/${id}`);
