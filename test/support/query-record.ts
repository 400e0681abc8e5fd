import type { QueryData } from "../../packages/core/src/sqllab/types.ts";

/**
 * A finished SQL Lab run as the service stores it (a one-row `SELECT n`), for tests and benches
 * that write history straight through the metadata store; `over` sets what the case is about.
 */
export function queryRecord(
  over: Partial<QueryData> & Pick<QueryData, "client_id" | "database_id" | "user_id">,
): QueryData {
  const at = over.start_time ?? Date.now();
  return {
    schema: "main",
    catalog: null,
    sql: "SELECT 1",
    executed_sql: "SELECT 1",
    sql_editor_id: null,
    tab_name: null,
    status: "success",
    progress: 100,
    rows: 1,
    limit: 1000,
    limiting_factor: "NOT_LIMITED",
    results_key: null,
    error_message: null,
    errors: [],
    start_time: at,
    end_time: at,
    changed_on_ms: at,
    run_async: false,
    template_params: null,
    ...over,
  };
}
