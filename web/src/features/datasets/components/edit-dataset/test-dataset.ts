import type { DatasetDetail } from "@strata/contracts";

/** A dataset as GET /api/v1/dataset/{id} returns it, for tests. */
export function testDataset(patch: Partial<DatasetDetail> = {}): DatasetDetail {
  return {
    id: 7,
    table_name: "birth_names",
    kind: "virtual",
    database: { id: 1, database_name: "examples", backend: "duckdb", allow_multi_catalog: false },
    schema: "main",
    catalog: null,
    sql: "SELECT * FROM birth_names",
    description: null,
    main_dttm_col: "ds",
    filter_select_enabled: true,
    fetch_values_predicate: null,
    normalize_columns: false,
    always_filter_main_dttm: false,
    offset: 0,
    default_endpoint: null,
    cache_timeout: null,
    is_sqllab_view: false,
    template_params: null,
    extra: null,
    is_managed_externally: false,
    external_url: null,
    owners: [{ id: 1, first_name: "Ada", last_name: "Admin" }],
    columns: [
      { id: 11, column_name: "ds", type: "TIMESTAMP", is_dttm: true, filterable: true, groupby: true },
      { id: 12, column_name: "name", type: "VARCHAR", is_dttm: false, filterable: true, groupby: true },
    ],
    metrics: [{ id: 21, metric_name: "count", expression: "COUNT(*)", uuid: "u-21" }],
    ...patch,
  };
}
