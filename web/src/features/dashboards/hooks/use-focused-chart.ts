import { type Dispatch, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { tabPath } from "../model/layout-tree";
import type { Layout } from "../model/layout-types";
import type { DashboardAction } from "../state/dashboard-reducer";

/** Superset's URL parameter naming a chart to bring into view (001 §2). */
export const FOCUSED_CHART_PARAM = "focused_chart";
const HIGHLIGHT_MS = 5000;
const WAIT_MS = 10_000;

/**
 * `?focused_chart=<id>`: opens the tabs holding the chart, scrolls it into view and highlights it
 * for a few seconds; the parameter is then removed from the address, so a reload or a copied
 * link does not jump again.
 */
export function useFocusedChart(
  layout: Layout,
  activeTabs: string[],
  dispatch: Dispatch<DashboardAction>,
  /** From a permalink: its anchor (a chart's layout id) and its URL parameters. */
  permalink?: { anchor?: string | null; urlParams?: [string, string][] },
) {
  const [params, setParams] = useSearchParams();
  const anchor = permalink?.anchor;
  const fromAnchor = anchor ? layout[anchor]?.meta.chartId : undefined;
  const fromLink = permalink?.urlParams?.find(([key]) => key === FOCUSED_CHART_PARAM)?.[1];
  const raw =
    params.get(FOCUSED_CHART_PARAM) ??
    fromLink ??
    (typeof fromAnchor === "number" ? String(fromAnchor) : null);
  const [target, setTarget] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per parameter value
  useEffect(() => {
    if (raw === null) return;
    const chartId = Number(raw);
    const item = Object.values(layout).find((i) => i.type === "CHART" && i.meta.chartId === chartId);
    if (item) {
      const tabs = tabPath(layout, item.id);
      if (tabs.some((t) => !activeTabs.includes(t)))
        dispatch({ type: "SET_ACTIVE_TABS", tabs: [...new Set([...activeTabs, ...tabs])] });
    }
    if (params.has(FOCUSED_CHART_PARAM)) {
      const next = new URLSearchParams(params);
      next.delete(FOCUSED_CHART_PARAM);
      setParams(next, { replace: true });
    }
    if (item) setTarget(chartId);
  }, [raw]);

  useEffect(() => {
    if (target === null) return;
    const chartId = target;
    // The chart's holder appears once its tab is drawn: look for it on each frame for a while.
    const started = performance.now();
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let element: HTMLElement | null = null;
    const look = () => {
      element = document.querySelector<HTMLElement>(
        `[data-test="dashboard-chart"][data-chart-id="${chartId}"]`,
      );
      if (element) {
        element.scrollIntoView({ block: "center" });
        element.dataset.focused = "true";
        element.style.outline = "2px solid var(--mantine-color-blue-6)";
        timer = setTimeout(() => {
          if (!element) return;
          delete element.dataset.focused;
          element.style.outline = "";
        }, HIGHLIGHT_MS);
        return;
      }
      if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [target]);
}
