import type { TagsAndFavorite } from "@strata/contracts";
import type { ListRow, NamedFilter } from "./list-query.ts";

type Row = ListRow;

const truthy = (v: unknown) => v === true || v === "true" || v === 1 || v === "1";
const text = (v: unknown) => String(v ?? "").toLowerCase();

/** Named filters every taggable, starrable, certifiable resource shares. */
export function commonNamedFilters<R extends Row & TagsAndFavorite>(
  prefix: string,
): Record<string, NamedFilter<R>> {
  const favorite: NamedFilter<R> = (r, v) => r.is_favorite === truthy(v);
  const certified: NamedFilter<R> = (r, v) => Boolean(r.certified_by) === truthy(v);
  return {
    is_favorite: favorite,
    [`${prefix}_is_favorite`]: favorite,
    is_certified: certified,
    [`${prefix}_is_certified`]: certified,
    ...tagNamedFilters<R>(prefix),
  };
}

/** `tags` / `{prefix}_tags`: rows carrying a tag, given by id or name. */
export function tagNamedFilters<R extends Row & Pick<TagsAndFavorite, "tags">>(
  prefix: string,
): Record<string, NamedFilter<R>> {
  const tagged: NamedFilter<R> = (r, v) =>
    r.tags.some((t) => String(t.id) === String(v) || text(t.name) === text(v));
  return { tags: tagged, [`${prefix}_tags`]: tagged };
}

/** A named text filter over several fields. */
export function textFilter<R extends Row>(fields: string[]): NamedFilter<R> {
  return (r, v) => fields.some((f) => text(r[f]).includes(text(v)));
}

/** Sorts by a user reference's first name (`created_by.first_name`). */
export const byFirstName =
  (key: string) =>
  (r: Record<string, unknown>): unknown =>
    (r[key] as { first_name?: string } | null)?.first_name;
