/** `SUM(num)` as an adhoc metric labelled "total": birth_names' births. */
export const SUM_NUM = {
  expressionType: "SIMPLE",
  column: { column_name: "num" },
  aggregate: "SUM",
  label: "total",
};

/** The decade the legacy time-series tests read from birth_names. */
export const BIRTHS_DECADE = "1990-01-01 : 2000-01-01";

/** A legacy horizon chart's form data over birth_names (dataset `birth`), yearly births. */
export function horizonForm(birth: number, over: Record<string, unknown> = {}): Record<string, any> {
  return {
    datasource: `${birth}__table`,
    viz_type: "horizon",
    granularity_sqla: "ds",
    time_grain_sqla: "P1Y",
    time_range: BIRTHS_DECADE,
    metrics: [SUM_NUM],
    row_limit: 10_000,
    ...over,
  };
}
