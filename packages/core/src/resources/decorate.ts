import type { TagsAndFavorite } from "@strata/contracts";
import type { Principal } from "../security/principal.ts";
import type { Favorites } from "../tags/favorites.ts";
import type { Tags } from "../tags/service.ts";
import type { ListRow } from "./list-query.ts";

type Row = ListRow;

/** What decorating list rows needs from the tags and favourites domains. */
export interface RowMarks {
  tags: Pick<Tags, "tagsByObject" | "all">;
  favorites: Pick<Favorites, "ids">;
}

/** Adds `tags` and the caller's `is_favorite` to list rows (two queries for the whole page). */
export async function withTagsAndFavorites<R extends Row>(
  marks: RowMarks,
  p: Principal,
  type: string,
  rowsPromise: Promise<R[]>,
): Promise<(R & TagsAndFavorite)[]> {
  // The rows and what decorates them are read in parallel.
  const [rows, tagMap, tags, favs] = await Promise.all([
    rowsPromise,
    marks.tags.tagsByObject(type),
    marks.tags.all(),
    marks.favorites.ids(p, type),
  ]);
  const tagById = new Map(tags.map((t) => [t.id, { id: t.id, name: t.name, type: t.type }]));
  const none: TagsAndFavorite["tags"] = [];
  // The two marks are set on the rows themselves: a spread copy of a wide row becomes a slow
  // dictionary object in V8, and these copies were a list request's largest allocation, promoted
  // to the old space under load and kept there after it.
  return rows.map((r) => {
    const marked = r as R & TagsAndFavorite;
    const ids = tagMap.get(r.id);
    marked.tags = ids ? ids.map((id) => tagById.get(id)).filter((t) => t !== undefined) : none;
    marked.is_favorite = favs.has(r.id);
    return marked;
  });
}

/** A list's rows: new objects on every call, which the list may extend with its marks. */
type RowSource<R extends Row> = { rows(p: Principal): Promise<R[]> };

/**
 * The list rows of the taggable, starrable resources, each with its tags and the caller's star:
 * what `GET /api/v1/{chart|dashboard|dataset}/` filters and pages.
 */
export function taggedLists<C extends Row, D extends Row, S extends Row, Q extends Row>(
  marks: RowMarks,
  sources: {
    charts: RowSource<C>;
    dashboards: RowSource<D>;
    datasets: RowSource<S>;
    savedQueries: RowSource<Q>;
  },
) {
  return {
    charts: (p: Principal) => withTagsAndFavorites(marks, p, "chart", sources.charts.rows(p)),
    dashboards: (p: Principal) => withTagsAndFavorites(marks, p, "dashboard", sources.dashboards.rows(p)),
    datasets: (p: Principal) => withTagsAndFavorites(marks, p, "dataset", sources.datasets.rows(p)),
    savedQueries: (p: Principal) =>
      withTagsAndFavorites(marks, p, "saved_query", sources.savedQueries.rows(p)),
  };
}
