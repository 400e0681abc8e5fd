import type { EngineName } from "@strata/contracts";
import { dialectFor } from "@strata/engines";
import type { Principal } from "../security/principal.ts";
import { type ChartTemplateScope, templateParamsOf } from "./chart-query.ts";
import { hasTemplate, renderSql } from "./render-sql.ts";
import { templateUser } from "./template-user.ts";

/**
 * A virtual dataset's SQL outside a chart query (samples, filter values, reading its columns):
 * rendered with its own template parameters and the caller, with no request filters — what
 * Superset's template processor sees there. `macros` are the datasets and metrics its
 * `dataset()` and `metric()` calls name, read ahead with the caller's access
 * (`resolveMacroScope`). SQL without Jinja comes back as it is.
 */
export function datasetSql(
  ds: { sql?: string | null; template_params?: string | null },
  engine: EngineName,
  p?: Principal | null,
  now: Date = new Date(),
  macros?: Pick<ChartTemplateScope, "datasets" | "metrics" | "metricDatasets">,
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
    datasets: macros?.datasets,
    metrics: macros?.metrics,
    metricDatasets: macros?.metricDatasets,
  }).sql;
}
