import type { QueryMetric, QueryObject } from "../../chart-data.ts";
import type { FormData } from "../types.ts";
import { type BuildContext, baseQueryObject, columnsOf } from "../base-query.ts";
import { ensureArray } from "../labels.ts";

/** Word cloud: one word per value of `series`, sized by `metric` (the largest first when sorted). */
export function buildWordCloud(fd: FormData, ctx: BuildContext = {}): QueryObject[] {
  const metrics = ensureArray(fd.metric as QueryMetric | undefined).slice(0, 1);
  return [
    {
      ...baseQueryObject(fd, ctx),
      columns: columnsOf(fd, "series").slice(0, 1),
      metrics,
      orderby: fd.sort_by_metric && metrics[0] ? [[metrics[0], false]] : [],
      post_processing: [],
    },
  ];
}
