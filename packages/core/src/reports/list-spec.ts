import type { ReportLogRow, ReportRow } from "@strata/contracts";
import type { ListRow, ListSpec } from "../resources/list-query.ts";
import { byFirstName, textFilter } from "../resources/named-filters.ts";

export type ReportListRow = ReportRow & ListRow;
export type ReportLogListRow = ReportLogRow & ListRow;

/** How `GET /api/v1/report/` filters and sorts (Superset's search and order columns). */
export const REPORT_LIST_SPEC: ListSpec<ReportListRow> = {
  filterColumns: [
    "name",
    "active",
    "created_by",
    "changed_by",
    "owners",
    "type",
    "last_state",
    "creation_method",
    "dashboard_id",
    "chart_id",
    "database_id",
    "id",
  ],
  orderColumns: [
    "active",
    "description",
    "created_by.first_name",
    "changed_by.first_name",
    "changed_on",
    "changed_on_delta_humanized",
    "created_on",
    "crontab",
    "crontab_humanized",
    "last_eval_dttm",
    "last_state",
    "name",
    "type",
    "id",
  ],
  defaultOrder: { column: "changed_on", direction: "desc" },
  sortValue: {
    changed_on_delta_humanized: (r) => r.changed_on,
    "created_by.first_name": byFirstName("created_by"),
    "changed_by.first_name": byFirstName("changed_by"),
  },
  named: { report_all_text: textFilter(["name", "description"]) },
};

/** How `GET /api/v1/report/{id}/log/` filters and sorts: newest run first. */
export const REPORT_LOG_LIST_SPEC: ListSpec<ReportLogListRow> = {
  filterColumns: ["state", "error_message", "scheduled_dttm", "start_dttm", "end_dttm", "value", "id"],
  orderColumns: ["state", "value", "error_message", "end_dttm", "start_dttm", "scheduled_dttm", "id"],
  defaultOrder: { column: "start_dttm", direction: "desc" },
};
