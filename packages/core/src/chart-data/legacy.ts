import { type ChartDataRequest, parseDatasourceKey } from "@strata/contracts";
import { queryObjectFromFormData } from "@strata/query";
import { badRequest } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import type { ChartDataContext } from "./ports.ts";
import type { ReplyShape } from "./reply.ts";
import { byteStream, singleItemChunks } from "./reply-body.ts";
import { queryErrors } from "./request.ts";

/** Legacy explore_json: form data → one query object, as a chart-data request. */
export function legacyRequest(
  formData: Record<string, unknown>,
  opts: { csv: boolean; force: boolean },
): { request: ChartDataRequest; ctx: ChartDataContext } {
  const ds = parseDatasourceKey(String(formData.datasource ?? ""));
  if (!ds) throw badRequest({ form_data: ["form_data.datasource must be a key like 7__table"] });
  const query = queryErrors(() => queryObjectFromFormData(formData));
  const request: ChartDataRequest = {
    datasource: { id: ds.id, type: ds.type },
    queries: [query],
    result_format: opts.csv ? "csv" : "json",
    result_type: "full",
    force: opts.force,
  };
  const sliceId = typeof formData.slice_id === "number" ? formData.slice_id : undefined;
  return { request, ctx: { sliceId } };
}

/** Legacy clients read one item: the first, with the form data it was asked for. */
export function legacyShape(p: Principal, formData: Record<string, unknown>): ReplyShape {
  return (items) => ({
    kind: "json",
    status: 200,
    body: byteStream(singleItemChunks(p, items[0], { form_data: formData })),
  });
}
