import { createContext, type Dispatch, useContext } from "react";
import type { ChartDataScope } from "../../../components/charts/data/chart-data-scope";
import type { DashboardAction, DashboardState } from "./dashboard-reducer";

export interface DashboardPermissions {
  canEdit: boolean;
  canSave: boolean;
  canShare: boolean;
  canExplore: boolean;
  canCopy: boolean;
}

export interface DashboardContextValue {
  state: DashboardState;
  dispatch: Dispatch<DashboardAction>;
  permissions: DashboardPermissions;
  /** The charts' shared data: identical queries run once for the whole view. */
  chartData: ChartDataScope;
  /** Per chart: the latest refresh round that asked it to re-query (force). */
  refreshAt: Record<number, number>;
  refreshCharts: (chartIds: number[], options?: { staggered?: boolean }) => void;
}

const DashboardContext = createContext<DashboardContextValue | null>(null);

export const DashboardProvider = DashboardContext.Provider;

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error("useDashboard used outside DashboardProvider");
  return value;
}

/** Width of one grid column in px (the grid measures itself), for sizing components. */
export const GridMetricsContext = createContext<{ columnWidth: number }>({ columnWidth: 80 });
export const useGridMetrics = () => useContext(GridMetricsContext);
