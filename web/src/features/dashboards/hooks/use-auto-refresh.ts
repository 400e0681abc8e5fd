import { useCallback, useEffect, useRef, useState } from "react";
import { visibleChartIds } from "../model/active-tabs";
import { staggerDelays } from "../model/refresh";
import type { DashboardState } from "../state/dashboard-reducer";

/**
 * Refresh rounds: a manual refresh asks every given chart at once; the auto-refresh interval
 * re-queries the visible charts (immune ones excepted), staggered (001 §9).
 */
export function useRefreshRounds(state: DashboardState) {
  const [refreshAt, setRefreshAt] = useState<Record<number, number>>({});
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const rounds = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  const refreshCharts = useCallback((chartIds: number[], options: { staggered?: boolean } = {}) => {
    rounds.current += 1;
    const round = rounds.current;
    const { metadata, refreshFrequency } = stateRef.current;
    if (!options.staggered) {
      setRefreshAt((prev) => ({ ...prev, ...Object.fromEntries(chartIds.map((id) => [id, round])) }));
      return;
    }
    staggerDelays(chartIds.length, refreshFrequency * 1000, metadata).forEach((delay, i) => {
      const timer = setTimeout(() => setRefreshAt((prev) => ({ ...prev, [chartIds[i]]: round })), delay);
      timers.current.push(timer);
    });
  }, []);

  useEffect(() => {
    if (!state.refreshFrequency || state.refreshFrequency <= 0) return;
    const interval = setInterval(() => {
      const s = stateRef.current;
      const immune = new Set(s.metadata.timed_refresh_immune_slices ?? []);
      const ids = visibleChartIds(s.layout.present, s.activeTabs).filter((id) => !immune.has(id));
      refreshCharts(ids, { staggered: true });
    }, state.refreshFrequency * 1000);
    return () => clearInterval(interval);
  }, [state.refreshFrequency, refreshCharts]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  return { refreshAt, refreshCharts };
}
