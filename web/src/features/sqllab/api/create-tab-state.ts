import { apiPost } from "../../../lib/api-client";

/** The editor fields a new tab is stored with (Superset's `queryEditor`, sent as JSON text). */
export interface NewTabState {
  name: string;
  dbId: number | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  queryLimit: number;
  templateParams: string;
  autorun: boolean;
  hideLeftBar: boolean;
}

/** POST /tabstateview/: stores a new tab; answers its id. */
export const createTabState = (queryEditor: NewTabState) =>
  apiPost<{ id: number }>("/tabstateview/", { queryEditor: JSON.stringify(queryEditor) });
