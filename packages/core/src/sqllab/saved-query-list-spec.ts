import type { TagsAndFavorite } from "@strata/contracts";
import type { ListRow, ListSpec } from "../resources/list-query.ts";
import { tagNamedFilters, textFilter } from "../resources/named-filters.ts";

/** How `GET /api/v1/saved_query/` filters and sorts (Superset's SavedQueryRestApi). */
export const SAVED_QUERY_LIST_SPEC: ListSpec<ListRow & TagsAndFavorite> = {
  filterColumns: [
    "label",
    "description",
    "schema",
    "database",
    "db_id",
    "sql",
    "created_by",
    "changed_by",
    "id",
  ],
  orderColumns: [
    "label",
    "schema",
    "description",
    "changed_on",
    "changed_on_delta_humanized",
    "database.database_name",
    "id",
  ],
  defaultOrder: { column: "changed_on", direction: "desc" },
  sortValue: {
    changed_on_delta_humanized: (r) => r.changed_on,
    "database.database_name": (r) => (r.database as { database_name?: string }).database_name,
  },
  named: {
    all_text: textFilter(["label", "description", "sql", "schema"]),
    name_or_description: textFilter(["label", "description"]),
    ...tagNamedFilters("saved_query"),
  },
};

/** Columns whose distinct values `GET /api/v1/saved_query/distinct/{column}` lists. */
export const SAVED_QUERY_DISTINCT_COLUMNS = ["schema"];
