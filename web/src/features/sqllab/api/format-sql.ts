import type { FormatSqlRequest } from "@strata/contracts";
import { apiPost } from "../../../lib/api-client";

/** POST /api/v1/sqllab/format_sql/: the SQL formatted by the server (in the tab database's dialect). */
export const formatSql = (body: FormatSqlRequest) =>
  apiPost<{ result: string }>("/api/v1/sqllab/format_sql/", body).then((r) => r.result);
