/**
 * The renderer module of each table/other visualisation drawn without Plotly (each its own
 * lazy chunk). `ag-grid-table` is Superset's newer table: Strata draws it as the table.
 */
export const TABLES_OTHERS_KINDS = {
  "ag-grid-table": "table",
  time_table: "time-table",
  word_cloud: "wordcloud",
  cal_heatmap: "calendar",
  chord: "chord",
  parallel_coordinates: "parallel-coordinates",
  horizon: "horizon",
  paired_ttest: "paired-ttest",
  handlebars: "handlebars",
} as const;

export type TablesOthersKind = (typeof TABLES_OTHERS_KINDS)[keyof typeof TABLES_OTHERS_KINDS];

export function tablesOthersKind(key: string): TablesOthersKind | undefined {
  return Object.hasOwn(TABLES_OTHERS_KINDS, key)
    ? TABLES_OTHERS_KINDS[key as keyof typeof TABLES_OTHERS_KINDS]
    : undefined;
}
