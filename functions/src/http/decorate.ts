import type { NamedFilter } from "@strata/core";
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";

type Row = Record<string, unknown> & { id: number };
export type TaggedRow = Row & { tags: { id: number; name: string; type: string }[]; is_favorite: boolean };

/** Adds `tags` and the caller's `is_favorite` to list rows (two queries for the whole page). */
export async function withTagsAndFavorites<R extends Row>(
  c: Context<AppEnv>,
  type: string,
  rowsPromise: Promise<R[]>,
): Promise<(R & TaggedRow)[]> {
  const core = c.get("core");
  // The rows and what decorates them are read in parallel.
  const [rows, tagMap, tags, favs] = await Promise.all([
    rowsPromise,
    core.tags.tagsByObject(type),
    core.tags.all(),
    core.favorites.ids(c.get("principal"), type),
  ]);
  const tagById = new Map(tags.map((t) => [t.id, { id: t.id, name: t.name, type: t.type }]));
  return rows.map((r) => ({
    ...r,
    tags: (tagMap.get(r.id) ?? []).map((id) => tagById.get(id)).filter((t) => t !== undefined),
    is_favorite: favs.has(r.id),
  }));
}

const truthy = (v: unknown) => v === true || v === "true" || v === 1 || v === "1";
const text = (v: unknown) => String(v ?? "").toLowerCase();

/** Named filters every taggable, starrable, certifiable resource shares. */
export function commonNamedFilters<R extends TaggedRow>(prefix: string): Record<string, NamedFilter<R>> {
  const favorite: NamedFilter<R> = (r, v) => r.is_favorite === truthy(v);
  const certified: NamedFilter<R> = (r, v) => Boolean(r.certified_by) === truthy(v);
  const tagged: NamedFilter<R> = (r, v) =>
    r.tags.some((t) => String(t.id) === String(v) || text(t.name) === text(v));
  return {
    is_favorite: favorite,
    [`${prefix}_is_favorite`]: favorite,
    is_certified: certified,
    [`${prefix}_is_certified`]: certified,
    tags: tagged,
    [`${prefix}_tags`]: tagged,
  };
}

/** A named text filter over several fields. */
export function textFilter<R extends Row>(fields: string[]): NamedFilter<R> {
  return (r, v) => fields.some((f) => text(r[f]).includes(text(v)));
}
