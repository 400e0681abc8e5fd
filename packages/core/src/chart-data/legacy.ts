import { type ChartDataRequest, parseDatasourceKey } from "@strata/contracts";
import { queryObjectFromFormData } from "@strata/query";
import type { Charts } from "../charts/service.ts";
import { badRequest } from "../errors.ts";
import { queryErrors } from "../query-errors.ts";
import type { Principal } from "../security/principal.ts";
import { rowsJsonText } from "./format.ts";
import type { JobReply } from "./job.ts";
import { multiLayerReply } from "./legacy/multi-layer.ts";
import { vizPayload } from "./legacy/payload.ts";
import { LEGACY_VIZ } from "./legacy/registry.ts";
import type { LegacyViz, Row } from "./legacy/viz.ts";
import type { ChartDataContext } from "./ports.ts";
import { type ChartDataReply, jsonReply, type ReplyShape } from "./reply.ts";
import { byteStream, singleItemChunks, visibleFields } from "./reply-body.ts";

/**
 * Legacy explore_json: form data → one query object, as a chart-data request. A legacy viz type
 * (`legacy/registry.ts`) builds its own query, as its `viz.py` class does; any other uses the
 * generic one.
 */
export function legacyRequest(
  formData: Record<string, unknown>,
  opts: { csv: boolean; force: boolean; timeColumns?: ReadonlySet<string> },
): { request: ChartDataRequest; ctx: ChartDataContext; viz?: LegacyViz } {
  const ds = parseDatasourceKey(String(formData.datasource ?? ""));
  if (!ds) throw badRequest({ form_data: ["form_data.datasource must be a key like 7__table"] });
  const viz = LEGACY_VIZ.get(String(formData.viz_type ?? ""));
  const query = viz
    ? viz.query(formData)
    : queryErrors(() => queryObjectFromFormData(formData, { timeColumns: opts.timeColumns }));
  const request: ChartDataRequest = {
    datasource: { id: ds.id, type: ds.type },
    queries: [query],
    result_format: opts.csv ? "csv" : "json",
    result_type: "full",
    force: opts.force,
  };
  const sliceId = typeof formData.slice_id === "number" ? formData.slice_id : undefined;
  return { request, ctx: { sliceId }, viz };
}

/**
 * The reply: for a legacy viz type, `viz.py`'s payload with the rows turned into the chart's
 * `data`; otherwise the first item, with the form data it was asked for. Built from the form data
 * alone, so that a queued job's worker shapes its stored result the same way as an inline reply.
 */
export function legacyShape(p: Principal, formData: Record<string, unknown>, mapboxApiKey = ""): ReplyShape {
  const viz: LegacyViz | undefined = LEGACY_VIZ.get(String(formData.viz_type ?? ""));
  if (!viz) {
    return (items) => ({
      kind: "json",
      status: 200,
      body: byteStream(singleItemChunks(p, items[0], { form_data: formData })),
    });
  }
  return (items) => {
    const meta = visibleFields(p, items[0].meta);
    const rows = JSON.parse(rowsJsonText(items[0].rows)) as Row[];
    const data = viz.data(rows, {
      formData,
      fromDttm: typeof meta.from_dttm === "number" ? meta.from_dttm : null,
      toDttm: typeof meta.to_dttm === "number" ? meta.to_dttm : null,
      mapboxApiKey,
    });
    return jsonReply(vizPayload(meta, formData, data));
  };
}

/** What explore_json needs of the chart-data service. */
export interface LegacyDeps {
  /**
   * Runs a request as `POST /api/v1/chart/data` does (access, RLS, guest rules, cache), shaped;
   * when async, queued as a job whose stored result is shaped by `job` in the worker.
   */
  run(
    request: ChartDataRequest,
    ctx: ChartDataContext,
    shape: ReplyShape,
    job: JobReply,
  ): Promise<ChartDataReply>;
  charts: Pick<Charts, "get">;
  mapboxApiKey: string;
  /**
   * The columns of a dataset a time range can filter, if the caller may read it (undefined if not:
   * the request is then refused as any other would be, when it runs).
   */
  timeColumns(datasetId: number): Promise<ReadonlySet<string> | undefined>;
}

/** `/superset/explore_json/`: the reply Superset's legacy charts read. */
export async function legacyExploreJson(
  deps: LegacyDeps,
  p: Principal,
  formData: Record<string, unknown>,
  opts: { csv: boolean; force: boolean },
): Promise<ChartDataReply> {
  if (formData.viz_type === "deck_multi") return multiLayerReply(deps.charts, p, formData, deps.mapboxApiKey);
  const ds = parseDatasourceKey(String(formData.datasource ?? ""));
  const generic = !LEGACY_VIZ.has(String(formData.viz_type ?? ""));
  const timeColumns = ds && generic ? await deps.timeColumns(ds.id) : undefined;
  // The query is built (and bad form data refused with a 400) here, before anything is queued.
  const { request, ctx } = legacyRequest(formData, { ...opts, timeColumns });
  return deps.run(request, ctx, legacyShape(p, formData, deps.mapboxApiKey), {
    kind: "explore-json",
    // The worker shapes the payload from the form data as asked, not as the query builders read it.
    formData: structuredClone(formData),
  });
}
