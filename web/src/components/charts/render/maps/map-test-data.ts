import type { ChartDataResult, FormData } from "../../types";

/** A chart-data result holding these rows, as the map figures receive it (tests). */
export const result = (data: Record<string, unknown>[]): ChartDataResult =>
  ({ data, colnames: Object.keys(data[0] ?? {}), rowcount: data.length }) as ChartDataResult;

/** Form data of a viz type on dataset 1 (tests). */
export const fd = (viz_type: string, extra: Partial<FormData> = {}): FormData => ({
  datasource: "1__table",
  viz_type,
  ...extra,
});

/** A spatial control reading LON and LAT columns (tests). */
export const LATLONG = { type: "latlong", lonCol: "LON", latCol: "LAT" };
