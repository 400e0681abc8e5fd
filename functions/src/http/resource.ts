import {
  IdListSchema,
  InfoQuerySchema,
  ListQuerySchema,
  RelatedQuerySchema,
  type RelatedItem,
} from "@strata/contracts";
import {
  applyListQuery,
  badRequest,
  can,
  type ListSpec,
  notFound,
  pageOptions,
  requirePermission,
} from "@strata/core";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "./env.ts";
import { risonQuery } from "./input.ts";

type Row = Record<string, unknown> & { id: number };

/** What a resource tells the generic list API (001 §7 "Generic resource"). */
export interface ResourceDef<R extends Row> {
  /** Permission view, e.g. "Dataset". */
  view: string;
  /** Rows the caller may see. */
  rows(c: Context<AppEnv>): Promise<R[]>;
  spec: ListSpec<R>;
  /** `related/{column}` option sources. */
  related?: RelatedSources;
  /** Columns whose distinct values `distinct/{column}` lists. */
  distinct?: string[];
  /** Bulk delete: every id is checked before any is deleted, so a refused item deletes nothing. */
  remove?: {
    check(c: Context<AppEnv>, id: number): Promise<void>;
    run(c: Context<AppEnv>, id: number): Promise<void>;
  };
  /** Singular name used in messages ("dataset"). */
  noun: string;
}

const PERMISSIONS = ["can_read", "can_write", "can_export", "can_duplicate"];

type RelatedSources = Record<string, (c: Context<AppEnv>) => Promise<RelatedItem[]>>;

/** `GET related/{column}`: a page of a resource's options for one column (`{value, text}`). */
export function relatedOptions(view: string, related: RelatedSources | undefined) {
  return async (c: Context<AppEnv>) => {
    requirePermission(c.get("principal"), "can_read", view);
    const column = c.req.param("column") ?? "";
    // Own keys only: the path segment is request text, and `toString` or `constructor` would
    // otherwise find Object.prototype's methods and call them as a source.
    const source = related && Object.hasOwn(related, column) ? related[column] : undefined;
    if (!source) throw notFound(`There is no related list for ${column}`);
    const q = risonQuery(c, RelatedQuerySchema);
    return c.json(pageOptions(await source(c), q.filter, q.page, q.page_size));
  };
}

/** List, _info, related, distinct and bulk delete: the same for every resource. */
export function listRoutes<R extends Row>(def: ResourceDef<R>) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      requirePermission(c.get("principal"), "can_read", def.view);
      const q = risonQuery(c, ListQuerySchema);
      return c.json(applyListQuery(await def.rows(c), q, def.spec));
    })
    .get("/_info", (c) => {
      const p = c.get("principal");
      requirePermission(p, "can_read", def.view);
      const q = risonQuery(c, InfoQuerySchema);
      const keys = q.keys ?? ["permissions", "filters"];
      const out: Record<string, unknown> = {};
      if (keys.includes("permissions")) {
        out.permissions = PERMISSIONS.filter((perm) =>
          can(p, perm === "can_duplicate" ? "can_write" : perm, def.view),
        );
      }
      if (keys.includes("filters")) {
        out.filters = Object.fromEntries(
          def.spec.filterColumns.map((col) => [col, [{ name: "filter", operator: "ct" }]]),
        );
      }
      return c.json(out);
    })
    .get("/related/:column", relatedOptions(def.view, def.related))
    .get("/distinct/:column", async (c) => {
      requirePermission(c.get("principal"), "can_read", def.view);
      const column = c.req.param("column");
      if (!def.distinct?.includes(column)) throw notFound(`There are no distinct values for ${column}`);
      const q = risonQuery(c, RelatedQuerySchema);
      const values = new Set<string>();
      for (const row of await def.rows(c)) {
        const value = row[column];
        if (value !== null && value !== undefined && value !== "") values.add(String(value));
      }
      const items = [...values].sort().map((v) => ({ value: v, text: v }));
      return c.json(pageOptions(items, q.filter, q.page, q.page_size));
    })
    .delete("/", async (c) => {
      const remove = def.remove;
      if (!remove) throw badRequest("Bulk delete is not supported here");
      requirePermission(c.get("principal"), "can_write", def.view);
      // IdListSchema drops repeated ids: `!(6,6,7)` would otherwise delete 6, then fail on it again.
      const ids = risonQuery(c, IdListSchema);
      if (ids.length === 0) throw badRequest("Select at least one item to delete.");
      for (const id of ids) await remove.check(c, id);
      for (const id of ids) await remove.run(c, id);
      return c.json({ message: `Deleted ${ids.length} ${def.noun}${ids.length === 1 ? "" : "s"}` });
    });
}
