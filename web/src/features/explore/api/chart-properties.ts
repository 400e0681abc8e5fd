import type { ChartDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { resourceItemPath } from "../../../lib/resource/resource-path";

/** The chart fields the properties dialog edits. */
export type ChartProperties = Pick<
  ChartDetail,
  | "id"
  | "slice_name"
  | "description"
  | "cache_timeout"
  | "certified_by"
  | "certification_details"
  | "owners"
  | "dashboards"
>;

/** GET /api/v1/chart/{id} */
export const fetchChart = (id: number) =>
  apiGet<{ result: ChartDetail }>(resourceItemPath("chart", id)).then((r) => r.result);
