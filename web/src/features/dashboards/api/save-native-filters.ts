import type { DashboardFilters, DashboardPartSaved } from "@strata/contracts";
import { apiPut } from "../../../lib/api-client";
import type { NativeFilter } from "../model/dashboard-types";
import { dashboardKey } from "./dashboard";

/** PUT /api/v1/dashboard/{id}/filters → the new native_filter_configuration. */
export const saveNativeFilters = (
  id: number,
  body: Required<Omit<DashboardFilters, "modified">> & { modified: NativeFilter[] },
) =>
  apiPut<DashboardPartSaved<NativeFilter[]>>(`${dashboardKey(id)}/filters`, body).then((r) => r.result ?? []);
