import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { createPermalink } from "../../api/create-permalink";
import { FOCUSED_CHART_PARAM } from "../../hooks/use-focused-chart";
import type { DataMaskMap } from "../../model/dashboard-types";

/**
 * A dashboard permalink anchored at the chart (its filters and tabs as now), as Superset's chart
 * share. The chart's id also goes along as the focused-chart parameter: a dashboard whose layout
 * was never saved gets new component ids on each load, so the anchor alone may not be found.
 */
export async function chartPermalink(
  dashboardId: number,
  chartId: number,
  anchor: string,
  dataMask: DataMaskMap,
  activeTabs: string[],
): Promise<string> {
  const { url } = await createPermalink(dashboardId, {
    dataMask,
    activeTabs,
    urlParams: [[FOCUSED_CHART_PARAM, String(chartId)]],
    anchor,
  });
  return url;
}

export async function copyChartPermalink(...args: Parameters<typeof chartPermalink>): Promise<void> {
  try {
    const url = await chartPermalink(...args);
    await navigator.clipboard.writeText(url);
    toast.success(t("Copied to clipboard!"));
  } catch {
    toast.danger(t("Sorry, something went wrong. Try again later."));
  }
}

/** Opens the mail client with the chart's permalink, as Superset's "Share chart by email". */
export async function emailChartPermalink(title: string, ...args: Parameters<typeof chartPermalink>) {
  try {
    const url = await chartPermalink(...args);
    const subject = encodeURIComponent(title);
    const body = encodeURIComponent(t("Check out this chart: %s", url));
    window.location.href = `mailto:?Subject=${subject}&Body=${body}`;
  } catch {
    toast.danger(t("Sorry, something went wrong. Try again later."));
  }
}
