import type { PostProcessingStep } from "@strata/contracts";
import * as v from "valibot";
import { aggregate } from "./aggregate.ts";
import { compare } from "./compare.ts";
import { contribution } from "./contribution.ts";
import { boxplot, histogram, rank } from "./distribution.ts";
import { type ColumnarFrame, postProcessingError, rowCount } from "./frame.ts";
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

type Step = (frame: ColumnarFrame) => ColumnarFrame;

/**
 * A step checked and bound to its options: an unknown operation or invalid options throw here,
 * before any rows are looked at, so a malformed request is refused whatever its result holds.
 */
function prepare(step: PostProcessingStep): Step {
  const operation = step.operation;
  if (!isOperation(operation))
    throw postProcessingError(`Unsupported post processing operation: ${operation}`);
  switch (operation) {
    case "pivot": {
      const o = options(schemas.PivotOptions, step);
      return (frame) => pivot(frame, o);
    }
    case "rolling": {
      const o = options(schemas.RollingOptions, step);
      return (frame) => rolling(frame, o);
    }
    case "cum": {
      const o = options(schemas.CumOptions, step);
      return (frame) => cum(frame, o);
    }
    case "diff": {
      const o = options(schemas.DiffOptions, step);
      return (frame) => diff(frame, o);
    }
    case "compare": {
      const o = options(schemas.CompareOptions, step);
      return (frame) => compare(frame, o);
    }
    case "resample": {
      const o = options(schemas.ResampleOptions, step);
      return (frame) => resample(frame, o);
    }
    case "contribution": {
      const o = options(schemas.ContributionOptions, step);
      return (frame) => contribution(frame, o);
    }
    case "sort": {
      const o = options(schemas.SortOptions, step);
      return (frame) => sort(frame, o);
    }
    case "rename": {
      const o = options(schemas.RenameOptions, step);
      return (frame) => rename(frame, o);
    }
    case "flatten": {
      const o = options(schemas.FlattenOptions, step);
      return (frame) => flatten(frame, o);
    }
    case "select": {
      const o = options(schemas.SelectOptions, step);
      return (frame) => select(frame, o);
    }
    case "aggregate": {
      const o = options(schemas.AggregateOptions, step);
      return (frame) => aggregate(frame, o);
    }
    case "histogram": {
      const o = options(schemas.HistogramOptions, step);
      return (frame) => histogram(frame, o);
    }
    case "boxplot": {
      const o = options(schemas.BoxplotOptions, step);
      return (frame) => boxplot(frame, o);
    }
    case "rank": {
      const o = options(schemas.RankOptions, step);
      return (frame) => rank(frame, o);
    }
    default: {
      const never: never = operation;
      throw postProcessingError(`Unsupported post processing operation: ${String(never)}`);
    }
  }
}

/**
 * Runs a query object's post_processing steps in order on a columnar result. Null steps are
 * skipped (clients send them). Every step is checked first: an unknown operation or invalid
 * options throw a QueryValidationError before anything is computed.
 *
 * A result without rows is returned as the query gave it (its columns, no rows), as Superset
 * does (it post-processes only a non-empty frame). The steps expect the columns a query with rows
 * has (a pivot of no rows makes no metric columns, so the next step would find none) and have
 * nothing to compute: the client shows its "no results" state from the empty data.
 */
export function applyPostProcessing(
  frame: ColumnarFrame,
  steps: readonly (PostProcessingStep | null | undefined)[] | null | undefined,
): ColumnarFrame {
  const prepared = (steps ?? []).flatMap((step) => (step ? [prepare(step)] : []));
  let result = frame;
  if (rowCount(frame) > 0) for (const run of prepared) result = run(result);
  // Multi-level names are an intermediate state; callers always get flat names.
  return result.levels ? { columns: result.columns, data: result.data } : result;
}
