import type { ListRow, ListSpec } from "../resources/list-query.ts";

/** How `GET /api/v1/rowlevelsecurity/` filters and sorts. */
export const RLS_LIST_SPEC: ListSpec<ListRow> = {
  filterColumns: ["name", "filter_type", "group_key", "clause", "tables", "roles"],
  orderColumns: ["name", "filter_type", "group_key", "changed_on", "changed_on_delta_humanized"],
  defaultOrder: { column: "changed_on", direction: "desc" },
  sortValue: { changed_on_delta_humanized: (r) => r.changed_on },
};
