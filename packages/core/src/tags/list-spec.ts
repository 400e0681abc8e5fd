import type { ListRow, ListSpec } from "../resources/list-query.ts";

/** How `GET /api/v1/tag/` filters and sorts. */
export const TAG_LIST_SPEC: ListSpec<ListRow> = {
  filterColumns: ["name", "type", "id", "description"],
  orderColumns: ["name", "changed_on", "changed_on_delta_humanized", "id"],
  defaultOrder: { column: "name", direction: "asc" },
  sortValue: { changed_on_delta_humanized: (r) => r.changed_on },
};
