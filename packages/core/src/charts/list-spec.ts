import type { TagsAndFavorite } from "@strata/contracts";
import type { ListRow, ListSpec } from "../resources/list-query.ts";
import { commonNamedFilters, textFilter } from "../resources/named-filters.ts";

/** How `GET /api/v1/chart/` filters and sorts (Superset's ChartRestApi). */
export const CHART_LIST_SPEC: ListSpec<ListRow & TagsAndFavorite> = {
  filterColumns: [
    "slice_name",
    "viz_type",
    "datasource_id",
    "datasource_type",
    "description",
    "owners",
    "created_by",
    "changed_by",
    "dashboards",
    "id",
    "changed_on",
    "certified_by",
  ],
  orderColumns: [
    "slice_name",
    "viz_type",
    "datasource_name_text",
    "changed_on",
    "changed_on_delta_humanized",
    "changed_by_name",
    "last_saved_at",
    "id",
  ],
  defaultOrder: { column: "changed_on", direction: "desc" },
  sortValue: { changed_on_delta_humanized: (r) => r.changed_on, last_saved_at: (r) => r.changed_on },
  named: {
    chart_all_text: textFilter(["slice_name", "description", "viz_type", "datasource_name_text"]),
    all_text: textFilter(["slice_name", "description"]),
    ...commonNamedFilters("chart"),
  },
};

/** Columns whose distinct values `GET /api/v1/chart/distinct/{column}` lists. */
export const CHART_DISTINCT_COLUMNS = ["viz_type", "datasource_name_text"];
