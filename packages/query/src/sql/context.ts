import type { SqlDialect } from "../dialect.ts";
import type { DatasetColumnModel, DatasetMetricModel, DatasetModel } from "../model.ts";
import type { SqlParams } from "./params.ts";

/** Everything the pieces of one compilation share. */
export interface CompileContext {
  dataset: DatasetModel;
  dialect: SqlDialect;
  params: SqlParams;
  allowSubqueries: boolean;
  now: Date;
  columnsByName: ReadonlyMap<string, DatasetColumnModel>;
  metricsByName: ReadonlyMap<string, DatasetMetricModel>;
  relativeStart?: string | null;
  relativeEnd?: string | null;
  /** See CompileOptions.axisTypes. */
  axisTypes?: ReadonlyMap<string, boolean>;
}

export function indexDataset(dataset: DatasetModel) {
  return {
    columnsByName: new Map(dataset.columns.map((c) => [c.column_name, c])),
    metricsByName: new Map(dataset.metrics.map((m) => [m.metric_name, m])),
  };
}
