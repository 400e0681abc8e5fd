export type { SqlDialect } from "./dialect.ts";
export * from "./errors.ts";
export {
  type ConvertedAdhocFilters,
  convertAdhocFilters,
  toQueryOperator,
} from "./form-data/adhoc-filters.ts";
export { queryObjectFromFormData } from "./form-data/query-object.ts";
export * from "./model.ts";
export { normalizeQueryObject } from "./normalize.ts";
export { AGGREGATE_OPERATORS } from "./post-processing/aggregates.ts";
export {
  applyPostProcessing,
  POST_PROCESSING_OPERATIONS,
  type PostProcessingOperation,
} from "./post-processing/apply.ts";
export type { ColumnarFrame } from "./post-processing/frame.ts";
export { joinTimeOffset, type TimeOffsetJoin } from "./post-processing/time-offset-join.ts";
export { axisTypeProbe, untypedAxisExpressions } from "./sql/axis-types.ts";
export { columnLabel } from "./sql/columns.ts";
export { type CompiledQuery, type CompileOptions, compileCountQuery, compileQuery } from "./sql/compile.ts";
export { metricLabel } from "./sql/metrics.ts";
export type { ParamStyle } from "./sql/params.ts";
export { type SqlExpressionOptions, validateSqlExpression } from "./sql/sql-expression.ts";
export { formatDate } from "./sql/values.ts";
export { addUnits, parseIsoDate, TIME_UNITS, type TimeUnit, toNaiveIso, truncate } from "./time/calendar.ts";
export { timeOffsetQueryObject } from "./time/time-offset-query.ts";
export {
  NO_TIME_RANGE,
  parseTimeRange,
  TIME_RANGE_SEPARATOR,
  type TimeBounds,
  type TimeRangeOptions,
} from "./time/time-range.ts";
export { parseTimeShift, shiftDate, shiftTimeRange, type TimeShift } from "./time/time-shift.ts";
