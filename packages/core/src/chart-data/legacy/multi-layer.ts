import type { DeckMultiData, ExploreJsonPayload } from "@strata/contracts";
import type { Charts } from "../../charts/service.ts";
import { AppError } from "../../errors.ts";
import { type Principal, requirePermission } from "../../security/principal.ts";
import { type ChartDataReply, jsonReply } from "../reply.ts";
import { type FormData, invalidForm, list } from "./viz.ts";

/** A saved chart's params, or {} when they are not a JSON object. */
function paramsOf(text: string | null): Record<string, unknown> {
  try {
    const parsed = JSON.parse(text ?? "{}") as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * deck_multi runs no query: it hands the plugin the layers' saved charts (their form data, which
 * the plugin then asks explore_json for one by one). Only the charts the caller may read are
 * listed, each read through the charts' own access check.
 */
export async function multiLayerReply(
  charts: Pick<Charts, "get">,
  p: Principal,
  formData: FormData,
  mapboxApiKey: string,
): Promise<ChartDataReply> {
  requirePermission(p, "can_read", "Chart");
  const ids = list(formData.deck_slices).map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id <= 0)) throw invalidForm("deck_slices must be chart ids");
  // A layer the caller may not read is left out, like one that no longer exists.
  const hidden = (e: unknown) => {
    if (e instanceof AppError && (e.status === 403 || e.status === 404)) return undefined;
    throw e;
  };
  const found = await Promise.all(ids.map((id) => charts.get(p, id).then((r) => r.chart, hidden)));
  const slices: DeckMultiData["slices"] = found
    .filter((c) => c !== undefined)
    .map((c) => ({
      cache_timeout: c.cache_timeout,
      certification_details: c.certification_details,
      certified_by: c.certified_by,
      datasource: `${c.datasource_id}__${c.datasource_type}`,
      description: c.description,
      form_data: {
        ...paramsOf(c.params),
        slice_id: c.id,
        viz_type: c.viz_type,
        datasource: `${c.datasource_id}__${c.datasource_type}`,
      },
      is_managed_externally: c.is_managed_externally,
      slice_id: c.id,
      slice_name: c.slice_name,
      slice_url: `/explore/?slice_id=${c.id}`,
    }));
  const payload: ExploreJsonPayload<DeckMultiData> = {
    cache_key: null,
    cached_dttm: null,
    cache_timeout: typeof formData.cache_timeout === "number" ? formData.cache_timeout : null,
    error: null,
    errors: [],
    form_data: formData,
    is_cached: false,
    query: "",
    from_dttm: null,
    to_dttm: null,
    status: null,
    stacktrace: null,
    rowcount: 0,
    data: { mapboxApiKey, slices },
    applied_filters: [],
    rejected_filters: [],
  };
  return jsonReply(payload);
}
