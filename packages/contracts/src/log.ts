import * as v from "valibot";

/** Superset's defaults for `GET /api/v1/log/recent_activity/`: the explore and dashboard mounts. */
export const RECENT_ACTIVITY_ACTIONS = ["mount_explorer", "mount_dashboard"] as const;
export const RECENT_ACTIVITY_MAX_PAGE_SIZE = 100;
export const RECENT_ACTIVITY_DEFAULT_PAGE_SIZE = 25;

/** The rison `q` of `GET /api/v1/log/recent_activity/`. */
export const RecentActivityQuerySchema = v.strictObject({
  actions: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(20))),
  distinct: v.optional(v.boolean()),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))),
  page_size: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(RECENT_ACTIVITY_MAX_PAGE_SIZE)),
  ),
});
export type RecentActivityQuery = v.InferOutput<typeof RecentActivityQuerySchema>;

/** One entry of the reply's `result`: something the caller viewed, newest first. */
export interface RecentActivityItem {
  action: string;
  /** Superset's names: a chart is a "slice". */
  item_type: "dashboard" | "slice";
  item_url: string;
  item_title: string;
  /** Epoch milliseconds. */
  time: number;
  time_delta_humanized: string;
}
