import type { ChartPut } from "@strata/contracts";
import { updateResource } from "../../../lib/resource/resource-write";

/** PUT /api/v1/chart/{id} → {id, result} */
export const updateChart = (id: number, body: ChartPut) => updateResource("chart", id, body);
