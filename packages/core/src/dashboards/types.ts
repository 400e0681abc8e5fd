import type { Entity } from "../store/meta-store.ts";

export interface DashboardData {
  dashboard_title: string;
  slug: string | null;
  css: string;
  published: boolean;
  owners: number[];
  roles: number[];
  certified_by: string | null;
  certification_details: string | null;
  json_metadata: string;
  position_json: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  uuid: string;
}
export type DashboardEntity = Entity<DashboardData>;
export const DASHBOARD = "dashboard";
