import type { ListRow, ListSpec } from "../resources/list-query.ts";
import { byFirstName, textFilter } from "../resources/named-filters.ts";

/** How `GET /api/v1/css_template/` filters and sorts (the list page searches name and CSS at once). */
export const CSS_TEMPLATE_LIST_SPEC: ListSpec<ListRow> = {
  filterColumns: ["template_name", "css", "created_by", "changed_by", "id"],
  orderColumns: [
    "template_name",
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
  named: { css_template_all_text: textFilter(["template_name", "css"]) },
};
