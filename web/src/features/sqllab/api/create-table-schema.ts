import { apiPost } from "../../../lib/api-client";
import type { tableToServer } from "../model/table-schemas";

/** POST /tableschemaview/: stores a table of a tab; answers the stored row's id. */
export const createTableSchema = (table: ReturnType<typeof tableToServer>) =>
  apiPost<{ id: number }>("/tableschemaview/", { table });
