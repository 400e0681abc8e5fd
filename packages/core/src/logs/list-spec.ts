import type { ListRow, ListSpec } from "../resources/list-query.ts";

/** How the admins' `GET /api/v1/log/` filters and sorts. */
export const LOG_LIST_SPEC: ListSpec<ListRow> = {
  filterColumns: ["action", "user_id", "dashboard_id", "slice_id", "dttm", "id"],
  orderColumns: ["dttm", "action", "duration_ms", "id"],
  defaultOrder: { column: "dttm", direction: "desc" },
};
