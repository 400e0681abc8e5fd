import type { AnnotationLayerRow, ChartRow, ListResponse } from "@strata/contracts";
import useSWR from "swr";
import { apiGet } from "../../../../lib/api-client";
import { withRisonQuery } from "../../../../lib/rison-query";
import { TIME_SERIES_SOURCE_VIZ } from "./annotation-layer-model";

export interface SourceChoice {
  value: string;
  label: string;
}

const OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false };

/** GET /api/v1/annotation_layer/: the layers an Event or Interval layer can show. */
export const annotationLayerChoicesKey = withRisonQuery("/api/v1/annotation_layer/", {
  columns: ["id", "name"],
  order_column: "name",
  order_direction: "asc",
  page_size: 1000,
});

export function useAnnotationLayerChoices(enabled: boolean) {
  return useSWR(
    enabled ? annotationLayerChoicesKey : null,
    (key: string) =>
      apiGet<ListResponse<Pick<AnnotationLayerRow, "id" | "name">>>(key).then((r) =>
        (r.result ?? []).map((l): SourceChoice => ({ value: String(l.id), label: l.name })),
      ),
    OPTIONS,
  );
}

/** GET /api/v1/chart/: saved time-series charts a Time series layer can draw. */
export const chartChoicesKey = withRisonQuery("/api/v1/chart/", {
  columns: ["id", "slice_name", "viz_type"],
  order_column: "slice_name",
  order_direction: "asc",
  page_size: 1000,
});

export function useTimeseriesChartChoices(enabled: boolean, excludeId?: number | null) {
  const { data, ...rest } = useSWR(
    enabled ? chartChoicesKey : null,
    (key: string) => apiGet<ListResponse<Pick<ChartRow, "id" | "slice_name" | "viz_type">>>(key),
    OPTIONS,
  );
  const choices: SourceChoice[] = (data?.result ?? [])
    .filter((c) => TIME_SERIES_SOURCE_VIZ.has(c.viz_type) && c.id !== excludeId)
    .map((c) => ({ value: String(c.id), label: c.slice_name }));
  return { ...rest, data: data ? choices : undefined };
}
