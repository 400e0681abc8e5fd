import type { ListRow, ListSpec } from "../resources/list-query.ts";
import { byFirstName, textFilter } from "../resources/named-filters.ts";

/** How `GET /api/v1/annotation_layer/` filters and sorts. */
export const ANNOTATION_LAYER_LIST_SPEC: ListSpec<ListRow> = {
  filterColumns: ["name", "descr", "created_by", "changed_by", "id"],
  orderColumns: [
    "name",
    "descr",
    "created_by.first_name",
    "changed_by.first_name",
    "changed_on",
    "changed_on_delta_humanized",
    "created_on",
    "id",
  ],
  defaultOrder: { column: "changed_on", direction: "desc" },
  sortValue: {
    changed_on_delta_humanized: (r) => r.changed_on,
    "created_by.first_name": byFirstName("created_by"),
    "changed_by.first_name": byFirstName("changed_by"),
  },
  named: { annotation_layer_all_text: textFilter(["name", "descr"]) },
};

/** How `GET /api/v1/annotation_layer/{id}/annotation/` filters and sorts. */
export const ANNOTATION_LIST_SPEC: ListSpec<ListRow> = {
  filterColumns: ["short_descr", "long_descr", "start_dttm", "end_dttm", "created_by", "changed_by", "id"],
  orderColumns: [
    "short_descr",
    "long_descr",
    "start_dttm",
    "end_dttm",
    "created_by.first_name",
    "changed_by.first_name",
    "changed_on",
    "changed_on_delta_humanized",
    "id",
  ],
  defaultOrder: { column: "start_dttm", direction: "asc" },
  sortValue: {
    changed_on_delta_humanized: (r) => r.changed_on,
    "created_by.first_name": byFirstName("created_by"),
    "changed_by.first_name": byFirstName("changed_by"),
  },
  named: { annotation_all_text: textFilter(["short_descr", "long_descr"]) },
};
