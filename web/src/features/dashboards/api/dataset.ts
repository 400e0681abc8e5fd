import type { DatasetDetail } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { resourceItemPath } from "../../../lib/resource/resource-path";

/** GET /api/v1/dataset/{id} → {result} */
export const fetchDataset = (id: number) =>
  apiGet<{ result: DatasetDetail }>(resourceItemPath("dataset", id)).then((r) => r.result);
