import { unprocessable } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { UniqueNames } from "../store/unique-names.ts";
import { DASHBOARD, type DashboardEntity } from "./types.ts";

/** Slugs are URLs: unique, compared exactly (as Superset's unique column), held by claim items. */
export const dashboardSlugs = (meta: MetaStore) =>
  new UniqueNames<DashboardEntity>(meta, {
    type: DASHBOARD,
    scope: "dashboard-slug",
    valueOf: (d) => d.slug,
    fold: false,
    taken: () => unprocessable({ slug: ["Must be unique"] }),
  });
