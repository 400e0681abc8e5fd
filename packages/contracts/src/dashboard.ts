import * as v from "valibot";
import type { ChartRow, DatasetDetail, UserRef } from "./resource-rows.ts";

/** Dashboard request bodies (Superset's `/api/v1/dashboard/…`) and the item the API answers. */

const Text = v.optional(v.nullable(v.string()));
const Ids = v.optional(v.array(v.pipe(v.number(), v.integer())));
const DashboardFields = {
  dashboard_title: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500)))),
  slug: Text,
  css: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100_000)))),
  published: v.optional(v.boolean()),
  owners: Ids,
  roles: Ids,
  certified_by: Text,
  certification_details: Text,
  json_metadata: Text,
  position_json: Text,
  is_managed_externally: v.optional(v.boolean()),
  external_url: Text,
};

export const DashboardPostSchema = v.strictObject(DashboardFields);
export type DashboardPost = v.InferOutput<typeof DashboardPostSchema>;

/** `last_modified_time`: what the client loaded; a newer stored version answers 409. */
export const DashboardPutSchema = v.strictObject({
  ...DashboardFields,
  last_modified_time: v.optional(v.number()),
});
export type DashboardPut = v.InferOutput<typeof DashboardPutSchema>;

/** `PUT /api/v1/dashboard/{id}/filters`: native filters changed, deleted and reordered. */
export const DashboardFiltersSchema = v.strictObject({
  modified: v.optional(v.array(v.looseObject({ id: v.string() }))),
  deleted: v.optional(v.array(v.string())),
  reordered: v.optional(v.array(v.string())),
});
export type DashboardFilters = v.InferOutput<typeof DashboardFiltersSchema>;

/** `PUT /api/v1/dashboard/{id}/colors`. */
export const DashboardColorsSchema = v.strictObject({
  color_namespace: v.optional(v.nullable(v.string())),
  color_scheme: v.optional(v.nullable(v.string())),
  color_scheme_domain: v.optional(v.array(v.string())),
  shared_label_colors: v.optional(v.union([v.array(v.string()), v.record(v.string(), v.string())])),
  map_label_colors: v.optional(v.record(v.string(), v.string())),
  label_colors: v.optional(v.record(v.string(), v.string())),
});
export type DashboardColors = v.InferOutput<typeof DashboardColorsSchema>;

/** `POST /api/v1/dashboard/{id}/copy`. */
export const DashboardCopySchema = v.strictObject({
  dashboard_title: v.optional(v.nullable(v.string())),
  css: v.optional(v.nullable(v.string())),
  duplicate_slices: v.optional(v.boolean()),
  json_metadata: v.optional(v.nullable(v.string())),
});
export type DashboardCopy = v.InferOutput<typeof DashboardCopySchema>;

/** `POST /api/v1/dashboard/{id}/permalink`: the state a shared link restores. */
export const DashboardPermalinkStateSchema = v.strictObject({
  urlParams: v.optional(v.array(v.tuple([v.string(), v.string()]))),
  dataMask: v.optional(v.record(v.string(), v.unknown())),
  activeTabs: v.optional(v.array(v.string())),
  anchor: v.optional(v.nullable(v.string())),
});
export type DashboardPermalinkState = v.InferOutput<typeof DashboardPermalinkStateSchema>;

/** `GET /api/v1/dashboard/permalink/{key}`. */
export interface DashboardPermalinkReply {
  state: DashboardPermalinkState;
  dashboardId: string;
}

/**
 * `GET /api/v1/dashboard/{id_or_slug}` result, and each list row before tags and stars. A type
 * rather than an interface so that it fits the generic list row (`Record<string, unknown>`).
 */
export type DashboardDetail = {
  id: number;
  dashboard_title: string;
  slug: string | null;
  url: string;
  published: boolean;
  css: string;
  json_metadata: string;
  position_json: string | null;
  owners: UserRef[];
  roles: number[];
  created_by: UserRef | null;
  changed_by: UserRef | null;
  changed_by_name: string;
  changed_on: string;
  changed_on_utc: string;
  changed_on_delta_humanized: string;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  thumbnail_url: string | null;
  last_modified_time: number;
  version: number;
};

/** `PUT /api/v1/dashboard/{id}` reply: the saved dashboard and the time a next save must send. */
export interface DashboardSaved {
  id: number;
  result: DashboardDetail;
  last_modified_time: number;
}

/**
 * `GET /api/v1/dashboard/{id_or_slug}/charts` rows: the chart rows with their form data read, without
 * the dashboards each chart is on (as Superset's rows here).
 */
export interface DashboardChartRow extends Omit<ChartRow, "dashboards"> {
  datasource_id: number;
  form_data: Record<string, unknown>;
}

/** `GET /api/v1/dashboard/{id_or_slug}/datasets` items. */
export interface DashboardDataset extends DatasetDetail {
  uid: string;
  type: "table";
}

/**
 * `PUT /api/v1/dashboard/{id}/filters` (the native filters) and `/colors` (the metadata) replies:
 * what is stored now and the time a next save sends.
 */
export interface DashboardPartSaved<T> {
  result: T;
  last_modified_time: number;
}

/** `POST /api/v1/dashboard/{id}/copy` reply. */
export interface DashboardCopied {
  result: { id: number; last_modified_time: number };
}

/** A tab of a dashboard's layout, with the tabs nested in it. */
export interface DashboardTab {
  /** The tab's layout id (what a report's `extra.dashboard.anchor` names). */
  value: string;
  title: string;
  /** The ids of the tabs it sits in, outermost first. */
  parents: string[];
  children: DashboardTab[];
}

/** `GET /api/v1/dashboard/{id_or_slug}/tabs`: every tab's title by id, and the tree of tabs. */
export interface DashboardTabs {
  all_tabs: Record<string, string>;
  tab_tree: DashboardTab[];
}
