import type { TableMetadata } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { tableMetadataKey } from "../../../lib/database-meta/table-metadata";

/**
 * GET /api/v1/database/{id}/table_metadata/: the columns, keys, indexes and select-star a table
 * schema keeps (the same key as the left bar's `useTableMetadata`).
 */
export const fetchTableMetadata = (
  dbId: number,
  name: string,
  schema: string | null,
  catalog: string | null,
) => apiGet<TableMetadata>(tableMetadataKey(dbId, name, schema, catalog));
