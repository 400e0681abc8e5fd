export * from "./errors.ts";
export type { SqlDialect } from "./dialect.ts";
export * from "./model.ts";
export { normalizeQueryObject } from "./normalize.ts";
export { compileQuery, compileCountQuery, type CompileOptions, type CompiledQuery } from "./sql/compile.ts";
export { validateSqlExpression, type SqlExpressionOptions } from "./sql/sql-expression.ts";
export type { ParamStyle } from "./sql/params.ts";
export { columnLabel } from "./sql/columns.ts";
export { metricLabel } from "./sql/metrics.ts";
export { formatDate } from "./sql/values.ts";
export { TIME_UNITS, type TimeUnit, addUnits, truncate, toNaiveIso, parseIsoDate } from "./time/calendar.ts";
export {
  parseTimeRange,
  NO_TIME_RANGE,
  TIME_RANGE_SEPARATOR,
  type TimeBounds,
  type TimeRangeOptions,
} from "./time/time-range.ts";
export { parseTimeShift, shiftDate, shiftTimeRange, type TimeShift } from "./time/time-shift.ts";
export { timeOffsetQueryObject } from "./time/time-offset-query.ts";
export {
  convertAdhocFilters,
  toQueryOperator,
  type ConvertedAdhocFilters,
} from "./form-data/adhoc-filters.ts";
export { queryObjectFromFormData } from "./form-data/query-object.ts";
export type { ColumnarFrame } from "./post-processing/frame.ts";
export {
  applyPostProcessing,
  POST_PROCESSING_OPERATIONS,
  type PostProcessingOperation,
} from "./post-processing/apply.ts";
export { joinTimeOffset, type TimeOffsetJoin } from "./post-processing/time-offset-join.ts";
export { AGGREGATE_OPERATORS } from "./post-processing/aggregates.ts";
