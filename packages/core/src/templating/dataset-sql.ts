import type { EngineName } from "@strata/contracts";
import { dialectFor } from "@strata/engines";
import type { Principal } from "../security/principal.ts";
import { macroReferences, templateParamsOf } from "./chart-query.ts";
import { hasTemplate, renderSql } from "./render-sql.ts";
import { templateUser } from "./template-user.ts";

/**
 * A virtual dataset's SQL outside a chart query (samples, filter values, reading its columns):
 * rendered with its own template parameters and the caller, with no request filters — what
 * Superset's template processor sees there. SQL without Jinja comes back as it is.
 */
export function datasetSql(
  ds: { sql?: string | null; template_params?: string | null },
  engine: EngineName,
  p?: Principal | null,
  now: Date = new Date(),
  datasets?: ReadonlyMap<number, { sql: string; withMetrics: string }>,
): string | null {
  if (!hasTemplate(ds.sql)) return ds.sql ?? null;
  return renderSql(ds.sql, {
    user: templateUser(p),
    trustedParams: templateParamsOf({
      template_params: ds.template_params ?? null,
      columns: [],
      metrics: [],
    }),
    dialect: dialectFor(engine),
    now,
    datasets,
  }).sql;
}

/** The datasets a dataset's SQL names with `dataset(id)`, for `datasetSql`'s last argument. */
export function referencedDatasets(sql: string | null | undefined): number[] {
  return macroReferences([sql]).datasetIds;
}
