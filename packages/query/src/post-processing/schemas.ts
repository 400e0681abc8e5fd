import * as v from "valibot";
import { AGGREGATE_OPERATORS } from "./aggregates.ts";

/** Options of each post-processing operation, validated before anything runs. */

const Name = v.pipe(v.string(), v.minLength(1));
const Int = v.pipe(v.number(), v.integer("must be an integer"));
const ColumnMap = v.record(v.string(), Name);

export const AggregateSpecSchema = v.object({
  column: v.optional(Name),
  operator: v.picklist(AGGREGATE_OPERATORS as [string, ...string[]], "Invalid aggregate operator"),
  options: v.optional(v.record(v.string(), v.unknown())),
});
const Aggregates = v.record(v.string(), AggregateSpecSchema);

export const PivotOptions = v.object({
  index: v.pipe(v.array(Name), v.minLength(1, "Pivot operation requires at least one index")),
  columns: v.optional(v.array(Name), []),
  aggregates: v.pipe(
    Aggregates,
    v.check((a) => Object.keys(a).length > 0, "Pivot operation must include at least one aggregate"),
  ),
  metric_fill_value: v.optional(v.unknown()),
  column_fill_value: v.optional(v.nullable(v.string()), "<NULL>"),
  drop_missing_columns: v.optional(v.boolean(), true),
  combine_value_with_metric: v.optional(v.boolean(), false),
  marginal_distributions: v.optional(v.nullable(v.boolean())),
  marginal_distribution_name: v.optional(v.nullable(v.string())),
  flatten_columns: v.optional(v.boolean(), true),
  reset_index: v.optional(v.boolean(), true),
});

export const RollingOptions = v.object({
  rolling_type: v.picklist(["None", "mean", "sum", "std", "var", "min", "max", "median", "count", "cumsum"]),
  window: v.optional(v.pipe(Int, v.minValue(1, "Window must be > 0"))),
  min_periods: v.optional(v.nullable(v.pipe(Int, v.minValue(0)))),
  columns: v.optional(ColumnMap, {}),
  is_pivot_df: v.optional(v.boolean(), false),
  center: v.optional(v.literal(false, "center is not supported")),
  win_type: v.optional(v.null("win_type is not supported")),
  rolling_type_options: v.optional(v.record(v.string(), v.unknown())),
});

export const CumOptions = v.object({
  operator: v.picklist(
    ["sum", "prod", "max", "min", "cumsum", "cumprod", "cummax", "cummin"],
    "Invalid cumulative operator",
  ),
  columns: v.optional(ColumnMap, {}),
  is_pivot_df: v.optional(v.boolean(), false),
});

export const DiffOptions = v.object({
  columns: ColumnMap,
  periods: v.optional(Int, 1),
  axis: v.optional(v.literal(0, "only axis 0 (rows) is supported"), 0),
});

export const CompareOptions = v.object({
  source_columns: v.array(Name),
  compare_columns: v.array(Name),
  compare_type: v.picklist(["values", "absolute", "difference", "percentage", "ratio"]),
  drop_original_columns: v.optional(v.boolean(), false),
  precision: v.optional(v.pipe(Int, v.minValue(0), v.maxValue(15)), 4),
});

export const ResampleOptions = v.object({
  rule: Name,
  method: v.picklist(["asfreq", "bfill", "ffill", "median", "mean", "sum"]),
  fill_value: v.optional(v.nullable(v.number())),
  time_column: v.optional(Name),
  groupby_columns: v.optional(v.array(Name), []),
});

export const ContributionOptions = v.object({
  orientation: v.optional(v.picklist(["row", "column"]), "column"),
  columns: v.optional(v.nullable(v.array(Name))),
  rename_columns: v.optional(v.nullable(v.array(Name))),
  time_shifts: v.optional(v.nullable(v.array(v.string()))),
});

export const SortOptions = v.object({
  by: v.optional(v.union([Name, v.array(Name)])),
  ascending: v.optional(v.union([v.boolean(), v.array(v.boolean())]), true),
  is_sort_index: v.optional(v.boolean(), false),
  columns: v.optional(v.record(v.string(), v.boolean())),
});

export const RenameOptions = v.object({
  columns: v.record(v.string(), v.nullable(v.string())),
  level: v.optional(v.nullable(v.union([Int, v.string()]))),
  inplace: v.optional(v.boolean()),
});

export const FlattenOptions = v.object({
  reset_index: v.optional(v.boolean(), true),
  drop_levels: v.optional(v.array(v.union([Int, v.string()])), []),
});

export const AggregateOptions = v.object({
  groupby: v.optional(v.array(Name), []),
  aggregates: Aggregates,
});

export const HistogramOptions = v.object({
  column: Name,
  groupby: v.optional(v.nullable(v.array(Name))),
  bins: v.optional(v.pipe(Int, v.minValue(1), v.maxValue(10_000)), 5),
  cumulative: v.optional(v.boolean(), false),
  normalize: v.optional(v.boolean(), false),
});

export const BoxplotOptions = v.object({
  groupby: v.optional(v.array(Name), []),
  metrics: v.array(Name),
  whisker_type: v.picklist(["tukey", "min/max", "percentile"]),
  percentiles: v.optional(v.nullable(v.tuple([v.number(), v.number()]))),
});

export const RankOptions = v.object({
  metric: Name,
  group_by: v.optional(v.nullable(Name)),
});

export const SelectOptions = v.object({
  columns: v.optional(v.array(Name)),
  exclude: v.optional(v.array(Name)),
  rename: v.optional(v.record(v.string(), Name)),
});

export type PivotOptions = v.InferOutput<typeof PivotOptions>;
export type RollingOptions = v.InferOutput<typeof RollingOptions>;
export type CumOptions = v.InferOutput<typeof CumOptions>;
export type DiffOptions = v.InferOutput<typeof DiffOptions>;
export type CompareOptions = v.InferOutput<typeof CompareOptions>;
export type ResampleOptions = v.InferOutput<typeof ResampleOptions>;
export type ContributionOptions = v.InferOutput<typeof ContributionOptions>;
export type SortOptions = v.InferOutput<typeof SortOptions>;
export type RenameOptions = v.InferOutput<typeof RenameOptions>;
export type FlattenOptions = v.InferOutput<typeof FlattenOptions>;
export type AggregateOptions = v.InferOutput<typeof AggregateOptions>;
export type HistogramOptions = v.InferOutput<typeof HistogramOptions>;
export type BoxplotOptions = v.InferOutput<typeof BoxplotOptions>;
export type RankOptions = v.InferOutput<typeof RankOptions>;
export type SelectOptions = v.InferOutput<typeof SelectOptions>;
