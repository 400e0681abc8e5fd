import { apiPut } from "../../../lib/api-client";
import { dashboardKey } from "./dashboard";

/** PUT /api/v1/dashboard/{id}/colors?mark_updated=false */
export const saveColors = (id: number, colors: Record<string, unknown>) =>
  apiPut<{ result: unknown; last_modified_time: number }>(
    `${dashboardKey(id)}/colors?mark_updated=false`,
    colors,
  );
