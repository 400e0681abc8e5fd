import type { ChartDataRequestInput } from "@strata/contracts";
import type { ChartDataResult, FormData } from "../../../components/charts";
import { downloadChartData, saveBlob } from "../../../components/charts/data/download-chart-data";
import { pivotCsv } from "../../../components/charts/render/pivot/pivot-csv";

export type ChartExport = "csv" | "full_csv" | "pivot_csv" | "xlsx" | "full_xlsx";

/**
 * The row cap of a "full" export: Superset's full CSV/Excel drops the chart's row limit for the
 * server's; here that is the chart-data budget of one request (CHART_DATA_MAX_ROW's default).
 */
export const FULL_EXPORT_ROWS = 100_000;

const fileBase = (name: string) => name.replace(/[\\/:*?"<>|]+/g, " ").trim() || "chart";

/** The chart's own request as a file download: its first query, as CSV or XLSX. */
export function exportRequest(
  request: ChartDataRequestInput,
  kind: "csv" | "full_csv" | "xlsx" | "full_xlsx",
) {
  const full = kind === "full_csv" || kind === "full_xlsx";
  const first = request.queries[0];
  return {
    ...request,
    result_format: kind === "csv" || kind === "full_csv" ? "csv" : "xlsx",
    result_type: "full",
    queries: full && first ? [{ ...first, row_limit: FULL_EXPORT_ROWS }] : request.queries,
  } satisfies ChartDataRequestInput;
}

/** Downloads the chart's data in the chosen form. */
export async function exportChart(
  kind: ChartExport,
  name: string,
  request: ChartDataRequestInput,
  formData: FormData,
  results: ChartDataResult[] | undefined,
): Promise<void> {
  if (kind === "pivot_csv") {
    // The pivot is computed in the browser from the chart's rows (as it is drawn), so the file is
    // built from those same rows rather than asked of the server again.
    const rows = (results?.[0]?.data ?? []) as Record<string, unknown>[];
    saveBlob(
      new Blob([pivotCsv(formData, rows)], { type: "text/csv;charset=utf-8" }),
      `${fileBase(name)}.csv`,
    );
    return;
  }
  await downloadChartData(exportRequest(request, kind), fileBase(name));
}

/**
 * The chart as a PNG: Plotly draws its own figure at full resolution; other charts (tables,
 * pivot tables) are pictured from the page by html-to-image, loaded only when asked for.
 */
export async function downloadChartPng(name: string, plot: HTMLElement | null, body: HTMLElement | null) {
  if (plot) {
    const { downloadChartImage } = await import("../../../components/charts/render/plotly/plotly-image");
    await downloadChartImage(plot, fileBase(name));
    return;
  }
  if (!body) throw new Error("The chart is not drawn yet.");
  const { toBlob } = await import("html-to-image");
  // A chart's own background is transparent: without one the picture would lose its contrast.
  const png = await toBlob(body, { backgroundColor: "#ffffff", type: "image/png" });
  if (!png) throw new Error("The chart could not be pictured.");
  saveBlob(png, `${fileBase(name)}.png`);
}
