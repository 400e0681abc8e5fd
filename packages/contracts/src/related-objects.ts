/**
 * What depends on a database or a dataset, as Superset's `related_objects` endpoints answer: the
 * delete dialogs name what a deletion would break. Each list holds only what the caller may see.
 */

export interface RelatedChart {
  id: number;
  slice_name: string;
  viz_type: string;
}

export interface RelatedDashboard {
  id: number;
  json_metadata: string | null;
  slug: string | null;
  title: string;
}

/** A SQL Lab tab of the caller's that has the database selected. */
export interface RelatedTabState {
  id: number;
  label: string;
  active: boolean;
}

export interface CountedList<T> {
  count: number;
  result: T[];
}

/** `GET /api/v1/dataset/{id}/related_objects`: the charts on the dataset and their dashboards. */
export interface DatasetRelatedObjects {
  charts: CountedList<RelatedChart>;
  dashboards: CountedList<RelatedDashboard>;
}

/** `GET /api/v1/database/{id}/related_objects/`: charts and dashboards over its datasets, and SQL Lab tabs. */
export interface DatabaseRelatedObjects extends DatasetRelatedObjects {
  sqllab_tab_states: CountedList<RelatedTabState>;
}

/** `GET /api/v1/database/{id}/function_names/`: the SQL functions the database knows, for completion. */
export interface DatabaseFunctionNames {
  function_names: string[];
}

/** `GET /api/v1/database/{id}/select_star/{table}/{schema}/`: a query of the table's columns. */
export interface SelectStarResponse {
  result: string;
}
