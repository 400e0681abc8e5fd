import type { ListQuery, ReportRow } from "@strata/contracts";
import { useOptionalCurrentUser } from "../../lib/auth/current-user";
import { useResourceList } from "../../lib/resource/resource-list";
import { REPORTS } from "./report-api";

export interface ReportTarget {
  kind: "chart" | "dashboard";
  id: number;
  /** The chart's or dashboard's name: the default report name starts with it. */
  name: string;
}

/** The list query of the current user's reports on one chart or dashboard (spec 002 §6). */
export function myReportsQuery(target: ReportTarget, userId: number): ListQuery {
  return {
    filters: [
      { col: target.kind === "chart" ? "chart_id" : "dashboard_id", opr: "eq", value: target.id },
      { col: "creation_method", opr: "eq", value: target.kind === "chart" ? "charts" : "dashboards" },
      { col: "created_by", opr: "rel_o_m", value: userId },
    ],
    page: 0,
    page_size: 1,
  };
}

/** GET /api/v1/report/?q=… : the report the current user set up from this chart's or dashboard's menu. */
export function useMyReport(target: ReportTarget | null, enabled: boolean) {
  const user = useOptionalCurrentUser();
  const query = target && enabled && user ? myReportsQuery(target, user.user.id) : null;
  const { data, isLoading, mutate } = useResourceList<ReportRow>(REPORTS, query);
  return { report: data?.result[0] ?? null, isLoading, mutate };
}
