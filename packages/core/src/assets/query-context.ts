import { ChartDataRequestSchema } from "@strata/contracts";
import { queryObjectFromFormData } from "@strata/query";
import * as v from "valibot";

type FormData = Record<string, unknown>;

/**
 * The query context of an imported chart that came without one (Superset writes none for charts
 * never opened in a recent Explore): built here from its form data, so reports and the chart's
 * data endpoint work at once. Undefined when the form data can't make a query.
 */
export function queryContextFromParams(params: FormData, datasetId: number): string | undefined {
  const formData: FormData = { ...params, datasource: `${datasetId}__table` };
  try {
    // A mixed chart runs two queries: the second reads its `*_b` keys as the first's.
    const queries =
      formData.viz_type === "mixed_timeseries"
        ? [queryObjectFromFormData(formData), queryObjectFromFormData(secondQuery(formData))]
        : [queryObjectFromFormData(formData)];
    const request = {
      datasource: { id: datasetId, type: "table" },
      force: false,
      queries,
      form_data: formData,
      result_format: "json",
      result_type: "full",
    };
    return v.safeParse(ChartDataRequestSchema, request).success ? JSON.stringify(request) : undefined;
  } catch {
    return undefined;
  }
}

/** A mixed chart's second query: every `{key}_b` form field read as `{key}`. */
function secondQuery(fd: FormData): FormData {
  const out: FormData = { ...fd };
  for (const key of Object.keys(fd)) if (key.endsWith("_b")) out[key.slice(0, -2)] = fd[key];
  return out;
}

/** A saved query context pointed at the dataset the chart now uses (ids differ between instances). */
export function retargetQueryContext(text: string, datasetId: number): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const qc = parsed as Record<string, unknown>;
  qc.datasource = { id: datasetId, type: "table" };
  if (qc.form_data && typeof qc.form_data === "object") {
    (qc.form_data as FormData).datasource = `${datasetId}__table`;
  }
  return JSON.stringify(qc);
}
