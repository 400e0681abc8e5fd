import type { ChartDataResult, FormData } from "../../../types";

export type Trace = Record<string, unknown>;
export type Layout = Record<string, unknown>;

/** What Plotly draws: traces and a layout (plain objects, testable without Plotly). */
export interface Figure {
  data: Trace[];
  layout: Layout;
}

export type FigureBuilder = (fd: FormData, results: ChartDataResult[]) => Figure;
