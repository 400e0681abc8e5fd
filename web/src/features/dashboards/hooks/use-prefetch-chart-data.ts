import type { ChartDataRequestInput } from "@strata/contracts";
import { useRef } from "react";
import { type ChartDataScope, prefetchChartData } from "../../../components/charts/data/chart-data-scope";
import { preloadRenderer } from "../../../components/charts/render/renderer-chunks";
import type { FormData } from "../../../components/charts/types";
import { visibleChartIds } from "../model/active-tabs";
import { dashboardChartExtra, dashboardChartFormData, dashboardChartRequest } from "../model/chart-request";
import { nativeFiltersOf } from "../model/hydrate";
import type { DashboardState } from "../state/dashboard-reducer";

/** The charts shown under the active tabs: their form data and data requests, as their holders make them. */
function shownCharts(state: DashboardState): { formData: FormData; request: ChartDataRequestInput }[] {
  const layout = state.layout.present;
  const filters = nativeFiltersOf(state.metadata);
  const colors = {
    scheme: state.metadata.color_scheme,
    labelColors: state.metadata.label_colors,
    mapLabelColors: state.metadata.map_label_colors,
  };
  const shown: { formData: FormData; request: ChartDataRequestInput }[] = [];
  for (const chartId of visibleChartIds(layout, state.activeTabs)) {
    const chart = state.charts[chartId];
    if (!chart) continue;
    const dataset = state.datasets[chart.datasourceId];
    const extra = dashboardChartExtra(chartId, filters, state.dataMask, layout, state.metadata);
    const formData = dashboardChartFormData(chart, dataset, state.info.id, extra, colors);
    shown.push({ formData, request: dashboardChartRequest(formData, dataset) });
  }
  return shown;
}

/**
 * Sends the shown charts' requests (one batch) during the dashboard's first render, before its
 * charts render: the server answers while the page builds the grid, instead of after it (40-50 ms
 * on a 20-chart dashboard). Each holder's `useChartData` then takes its answer by query. It runs in
 * render, not in an effect, because the holders' own effects run before their parent's; it runs
 * once, and sending the same query twice is a no-op, so a second render (StrictMode) sends nothing.
 */
export function usePrefetchChartData(state: DashboardState, scope: ChartDataScope): void {
  const sent = useRef(false);
  if (sent.current) return;
  sent.current = true;
  const shown = shownCharts(state);
  prefetchChartData(
    scope,
    shown.map((chart) => chart.request),
  );
  // Their renderers' code is asked for at the same moment. A holder asks for its own in an effect,
  // which runs once the whole grid has rendered and painted: the renderer then arrived some 30 ms
  // after the rows it draws.
  for (const chart of shown) preloadRenderer(chart.formData);
}
