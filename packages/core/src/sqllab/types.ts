import type { LimitingFactor, QueryStatus } from "@strata/contracts";
import type { Entity } from "../store/meta-store.ts";

export type { LimitingFactor, QueryStatus };

/** One SQL Lab run (Superset's `query`). */
export interface QueryData {
  client_id: string;
  database_id: number;
  user_id: number | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  executed_sql: string | null;
  sql_editor_id: string | null;
  tab_name: string | null;
  status: QueryStatus;
  progress: number;
  rows: number | null;
  limit: number;
  limiting_factor: LimitingFactor;
  results_key: string | null;
  error_message: string | null;
  errors: unknown[];
  start_time: number;
  end_time: number | null;
  changed_on_ms: number;
  run_async: boolean;
  template_params: string | null;
  /** CREATE TABLE/VIEW AS: the run stores its rows in a new table instead of the result store. */
  select_as_cta?: boolean;
  ctas_method?: "TABLE" | "VIEW" | null;
  tmp_table_name?: string | null;
  tmp_schema_name?: string | null;
}
export type QueryEntity = Entity<QueryData>;
export const QUERY = "query";
