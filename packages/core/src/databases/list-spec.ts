import type { ListRow, ListSpec } from "../resources/list-query.ts";

/** How `GET /api/v1/database/` filters and sorts (Superset's DatabaseRestApi). */
export const DATABASE_LIST_SPEC: ListSpec<ListRow> = {
  filterColumns: [
    "database_name",
    "backend",
    "expose_in_sqllab",
    "allow_run_async",
    "allow_dml",
    "allow_file_upload",
    "id",
    "created_by",
    "changed_on",
  ],
  orderColumns: [
    "database_name",
    "backend",
    "changed_on",
    "changed_on_delta_humanized",
    "allow_run_async",
    "allow_dml",
    "allow_file_upload",
    "expose_in_sqllab",
    "id",
  ],
  defaultOrder: { column: "changed_on", direction: "desc" },
  sortValue: { changed_on_delta_humanized: (r) => r.changed_on },
  named: {
    database_name_or_backend: (r, v) =>
      `${r.database_name} ${r.backend}`.toLowerCase().includes(String(v).toLowerCase()),
  },
};

/** Columns whose distinct values `GET /api/v1/database/distinct/{column}` lists. */
export const DATABASE_DISTINCT_COLUMNS = ["backend"];
