import type { SqlLabResultsReply } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { withRisonQuery } from "../../../lib/rison-query";

/** GET /api/v1/sqllab/results/?q=(key:…,rows:…): the stored rows of a run, at most `rows`. */
export const resultsKey = (key: string, rows: number) =>
  withRisonQuery("/api/v1/sqllab/results/", { key, rows });

export const fetchResults = (key: string, rows: number) => apiGet<SqlLabResultsReply>(resultsKey(key, rows));
