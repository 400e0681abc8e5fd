import type { FormData } from "../../../components/charts";

/** The colour namespace of a dashboard: its charts share one label → colour scale. */
export const dashboardColorNamespace = (dashboardId: number) => `dashboard-${dashboardId}`;

/**
 * A chart's form data on a dashboard with the dashboard's colours: its scheme, its custom
 * `label_colors` over the chart's, and the colours it already gave labels (`map_label_colors`).
 */
export function withDashboardColors(
  fd: FormData,
  opts: {
    dashboardId: number;
    scheme?: string;
    labelColors?: Record<string, string>;
    mapLabelColors?: Record<string, string>;
  },
): FormData {
  const chartLabelColors = (fd.label_colors as Record<string, string> | undefined) ?? {};
  return {
    ...fd,
    ...(opts.scheme ? { color_scheme: opts.scheme, dashboard_color_scheme: opts.scheme } : {}),
    color_namespace: dashboardColorNamespace(opts.dashboardId),
    label_colors: { ...chartLabelColors, ...(opts.labelColors ?? {}) },
    map_label_colors: opts.mapLabelColors ?? {},
  };
}
