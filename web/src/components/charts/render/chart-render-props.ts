import type { ChartDataResult, FormData, OwnState } from "../types";

/** A value a clicked cell cross-filters by. */
export type CellValue = string | number | boolean | null;

/**
 * Cross filtering by clicked cells (table charts on a dashboard with cross filters on). The
 * dashboard decides which columns emit and builds the data mask; the chart reports clicks and
 * highlights the rows holding the selected value.
 */
export interface CellCrossFilter {
  /** Columns whose cells emit a cross filter when clicked. */
  columns: readonly string[];
  /** What this chart filters by now, if anything. */
  selected: { column: string; values: readonly unknown[] } | null;
  onCellClick: (column: string, value: CellValue) => void;
}

/** What every chart renderer receives. */
export interface ChartRenderProps {
  formData: FormData;
  results: ChartDataResult[];
  height: number;
  ownState?: OwnState;
  setOwnState?: (state: OwnState) => void;
  /** The Plotly graph element once drawn (image download), null when unmounted. */
  onPlotReady?: (element: HTMLElement | null) => void;
  /** Absent outside dashboards, in edit mode, or with cross filters off. */
  crossFilter?: CellCrossFilter;
  /** Categories this chart's own cross filter selected: the rest is drawn dimmed. */
  highlight?: readonly unknown[] | null;
  onRenderSuccess?: () => void;
  onRenderFailure?: (error: Error) => void;
}
