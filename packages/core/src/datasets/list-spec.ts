import type { TagsAndFavorite } from "@strata/contracts";
import type { ListRow, ListSpec } from "../resources/list-query.ts";
import { commonNamedFilters, textFilter } from "../resources/named-filters.ts";

/** How `GET /api/v1/dataset/` filters and sorts (Superset's DatasetRestApi). */
export const DATASET_LIST_SPEC: ListSpec<ListRow & TagsAndFavorite> = {
  filterColumns: [
    "table_name",
    "schema",
    "catalog",
    "database",
    "owners",
    "sql",
    "kind",
    "id",
    "created_by",
    "changed_by",
    "is_managed_externally",
    "changed_on",
    "description",
  ],
  orderColumns: [
    "table_name",
    "schema",
    "kind",
    "changed_on",
    "changed_on_delta_humanized",
    "changed_by_name",
    "database.database_name",
    "id",
  ],
  defaultOrder: { column: "changed_on", direction: "desc" },
  sortValue: {
    changed_on_delta_humanized: (r) => r.changed_on,
    "database.database_name": (r) => (r.database as { database_name?: string } | null)?.database_name,
  },
  named: {
    // value true: physical (no SQL); false: virtual (000 §3).
    dataset_is_null_or_empty: (r, value) => (value === true || value === "true" || value === 1) === !r.sql,
    all_text: textFilter(["table_name", "schema", "description", "sql"]),
    name_or_description: textFilter(["table_name", "description"]),
    ...commonNamedFilters("dataset"),
  },
};

/** Columns whose distinct values `GET /api/v1/dataset/distinct/{column}` lists. */
export const DATASET_DISTINCT_COLUMNS = ["schema", "catalog"];
