import type { ListFilter, ListQuery } from "@strata/contracts";

/** Recent-activity lists and the home panels: page size 5 (001 §7, §9). */
export const HOME_PAGE_SIZE = 5;
/** Of the edited objects, the top 3 are shown (001 §9). */
export const EDITED_SHOWN = 3;

export type PanelTab = "Favorite" | "Mine" | "All";
export type HomeResource = "dashboard" | "chart" | "saved_query";

/** Newest change first, one page of 5, as Superset's home requests them (001 §7). */
const recentFirst = (filters: ListFilter[]): ListQuery => ({
  order_column: "changed_on_delta_humanized",
  order_direction: "desc",
  page: 0,
  page_size: HOME_PAGE_SIZE,
  ...(filters.length > 0 ? { filters } : {}),
});

/**
 * A panel tab's list query. "Mine" is what the user owns (charts and dashboards have owners;
 * a saved query belongs to whoever created it).
 */
export function panelQuery(resource: HomeResource, tab: PanelTab, userId: number): ListQuery {
  if (tab === "Favorite") return recentFirst([{ col: "id", opr: `${resource}_is_favorite`, value: true }]);
  if (tab === "Mine") {
    return recentFirst([
      resource === "saved_query"
        ? { col: "created_by", opr: "rel_o_m", value: userId }
        : { col: "owners", opr: "rel_m_m", value: userId },
    ]);
  }
  return recentFirst([]);
}

/** The Recents panel's Edited and Created tabs: what the user last changed or created. */
export function recentsQuery(kind: "Edited" | "Created", userId: number): ListQuery {
  return recentFirst([
    { col: kind === "Edited" ? "changed_by" : "created_by", opr: "rel_o_m", value: userId },
  ]);
}

/** One line of the Recents panel, whatever it came from. */
export interface RecentEntry {
  key: string;
  kind: "dashboard" | "chart" | "saved_query";
  title: string;
  url: string;
  /** "Viewed 3 minutes ago", "Modified …" is added by the panel. */
  when: string;
  /** ISO time or epoch ms, to merge lists from several resources. */
  at: number;
}

/** Merges several resources' rows, newest first, keeping `limit` of them. */
export function newestFirst(lists: RecentEntry[][], limit: number): RecentEntry[] {
  return lists
    .flat()
    .sort((a, b) => b.at - a.at)
    .slice(0, limit);
}
