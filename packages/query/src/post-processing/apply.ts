import type { PostProcessingStep } from "@strata/contracts";
import * as v from "valibot";
import { aggregate } from "./aggregate.ts";
import { compare } from "./compare.ts";
import { contribution } from "./contribution.ts";
import { boxplot, histogram, rank } from "./distribution.ts";
import { type ColumnarFrame, postProcessingError } from "./frame.ts";
import { flatten, rename, select } from "./names.ts";
import { pivot } from "./pivot.ts";
import { resample } from "./resample.ts";
import { cum, diff, rolling } from "./rolling.ts";
import * as schemas from "./schemas.ts";
import { sort } from "./sort.ts";

export const POST_PROCESSING_OPERATIONS = [
  "pivot",
  "rolling",
  "cum",
  "diff",
  "compare",
  "resample",
  "contribution",
  "sort",
  "rename",
  "flatten",
  "select",
  "aggregate",
  "histogram",
  "boxplot",
  "rank",
] as const;
export type PostProcessingOperation = (typeof POST_PROCESSING_OPERATIONS)[number];

function isOperation(name: string): name is PostProcessingOperation {
  return (POST_PROCESSING_OPERATIONS as readonly string[]).includes(name);
}

function options<S extends v.GenericSchema>(schema: S, step: PostProcessingStep): v.InferOutput<S> {
  const parsed = v.safeParse(schema, step.options ?? {});
  if (parsed.success) return parsed.output;
  const details = parsed.issues
    .map((issue) => {
      const path = issue.path?.map((p) => String(p.key)).join(".");
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
  throw postProcessingError(`Invalid options for post processing operation ${step.operation}: ${details}`);
}

function applyOne(frame: ColumnarFrame, step: PostProcessingStep): ColumnarFrame {
  const operation = step.operation;
  if (!isOperation(operation))
    throw postProcessingError(`Unsupported post processing operation: ${operation}`);
  switch (operation) {
    case "pivot":
      return pivot(frame, options(schemas.PivotOptions, step));
    case "rolling":
      return rolling(frame, options(schemas.RollingOptions, step));
    case "cum":
      return cum(frame, options(schemas.CumOptions, step));
    case "diff":
      return diff(frame, options(schemas.DiffOptions, step));
    case "compare":
      return compare(frame, options(schemas.CompareOptions, step));
    case "resample":
      return resample(frame, options(schemas.ResampleOptions, step));
    case "contribution":
      return contribution(frame, options(schemas.ContributionOptions, step));
    case "sort":
      return sort(frame, options(schemas.SortOptions, step));
    case "rename":
      return rename(frame, options(schemas.RenameOptions, step));
    case "flatten":
      return flatten(frame, options(schemas.FlattenOptions, step));
    case "select":
      return select(frame, options(schemas.SelectOptions, step));
    case "aggregate":
      return aggregate(frame, options(schemas.AggregateOptions, step));
    case "histogram":
      return histogram(frame, options(schemas.HistogramOptions, step));
    case "boxplot":
      return boxplot(frame, options(schemas.BoxplotOptions, step));
    case "rank":
      return rank(frame, options(schemas.RankOptions, step));
    default: {
      const never: never = operation;
      throw postProcessingError(`Unsupported post processing operation: ${String(never)}`);
    }
  }
}

/**
 * Runs a query object's post_processing steps in order on a columnar result. Null steps are
 * skipped (clients send them); an unknown operation or invalid options throw a
 * QueryValidationError before anything is computed for that step.
 */
export function applyPostProcessing(
  frame: ColumnarFrame,
  steps: readonly (PostProcessingStep | null | undefined)[] | null | undefined,
): ColumnarFrame {
  let result = frame;
  for (const step of steps ?? []) if (step) result = applyOne(result, step);
  // Multi-level names are an intermediate state; callers always get flat names.
  return result.levels ? { columns: result.columns, data: result.data } : result;
}
