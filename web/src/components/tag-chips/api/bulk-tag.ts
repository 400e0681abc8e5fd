import type { TagBulkCreate, TagBulkCreateResult } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";

/** POST /api/v1/tag/bulk_create → {result: {objects_tagged, objects_skipped}} (000 §7) */
export const bulkTag = (body: TagBulkCreate) =>
  apiPost<{ result: TagBulkCreateResult }>("/api/v1/tag/bulk_create", body).then((r) => r.result);
