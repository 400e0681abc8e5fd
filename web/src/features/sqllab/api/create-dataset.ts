import type { DatasetPost } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";

/** POST /api/v1/dataset/: a virtual dataset from the tab's SQL ('Save dataset'). */
export const createDatasetFromSql = (body: DatasetPost) => apiPost<{ id: number }>("/api/v1/dataset/", body);
