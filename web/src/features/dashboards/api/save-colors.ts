import type { DashboardColors, DashboardPartSaved } from "@strata/contracts";
import { apiPut } from "../../../lib/api-client";
import { dashboardKey } from "./dashboard";

/** PUT /api/v1/dashboard/{id}/colors?mark_updated=false */
export const saveColors = (id: number, colors: DashboardColors) =>
  apiPut<DashboardPartSaved<Record<string, unknown>>>(
    `${dashboardKey(id)}/colors?mark_updated=false`,
    colors,
  );
