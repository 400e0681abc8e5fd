import type { TagsAndFavorite } from "@strata/contracts";
import type { ListRow, ListSpec } from "../resources/list-query.ts";
import { commonNamedFilters, textFilter } from "../resources/named-filters.ts";

/** How `GET /api/v1/dashboard/` filters and sorts (Superset's DashboardRestApi). */
export const DASHBOARD_LIST_SPEC: ListSpec<ListRow & TagsAndFavorite> = {
  filterColumns: [
    "dashboard_title",
    "slug",
    "published",
    "owners",
    "created_by",
    "changed_by",
    "id",
    "changed_on",
    "certified_by",
  ],
  orderColumns: [
    "dashboard_title",
    "slug",
    "published",
    "changed_on",
    "changed_on_delta_humanized",
    "changed_by_name",
    "id",
  ],
  defaultOrder: { column: "changed_on", direction: "desc" },
  sortValue: { changed_on_delta_humanized: (r) => r.changed_on },
  named: {
    title_or_slug: textFilter(["dashboard_title", "slug"]),
    all_text: textFilter(["dashboard_title", "slug"]),
    ...commonNamedFilters("dashboard"),
  },
};

/** Columns whose distinct values `GET /api/v1/dashboard/distinct/{column}` lists. */
export const DASHBOARD_DISTINCT_COLUMNS = ["slug"];
