import { apiPut } from "../../../lib/api-client";
import type { NativeFilter } from "../model/dashboard-types";
import { dashboardKey } from "./dashboard";

/** PUT /api/v1/dashboard/{id}/filters → the new native_filter_configuration. */
export const saveNativeFilters = (
  id: number,
  body: { modified: NativeFilter[]; deleted: string[]; reordered: string[] },
) => apiPut<{ result: NativeFilter[] }>(`${dashboardKey(id)}/filters`, body).then((r) => r.result ?? []);
