import type { ChartDataResult, FormData, OwnState } from "../types";

/** What every chart renderer receives. */
export interface ChartRenderProps {
  formData: FormData;
  results: ChartDataResult[];
  height: number;
  ownState?: OwnState;
  setOwnState?: (state: OwnState) => void;
  /** The Plotly graph element once drawn (image download), null when unmounted. */
  onPlotReady?: (element: HTMLElement | null) => void;
  onRenderSuccess?: () => void;
  onRenderFailure?: (error: Error) => void;
}
