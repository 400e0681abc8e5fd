import { apiGet } from "../../../lib/api-client";
import { resourceItemPath } from "../../../lib/resource/resource-path";
import type { DatasetDetail } from "./dashboard-datasets";

/** GET /api/v1/dataset/{id} → {result} */
export const fetchDataset = (id: number) =>
  apiGet<{ result: DatasetDetail }>(resourceItemPath("dataset", id)).then((r) => r.result);
