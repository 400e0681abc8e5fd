import type { Entity } from "../store/meta-store.ts";

export interface ChartData {
  slice_name: string;
  description: string | null;
  viz_type: string;
  params: string | null;
  query_context: string | null;
  datasource_id: number;
  datasource_type: string;
  cache_timeout: number | null;
  owners: number[];
  dashboards: number[];
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  uuid: string;
}
export type ChartEntity = Entity<ChartData>;
export const CHART = "chart";
