import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { timeFormatter } from "../../../format/time-format";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { BASE_LAYOUT, isTemporalColumn, plotlyNumberFormat, rowsOf } from "./series";
import type { Figure } from "./types";

/** Waterfall: each x-axis value (and breakdown) adds to the running total, ending on a total bar. */
export function waterfallFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const xKey = fd.x_axis ? columnLabel(fd.x_axis as QueryColumn) : "";
  const breakdown = ensureArray(fd.groupby as QueryColumn[]).map(columnLabel)[0];
  const m = ensureArray(fd.metric as QueryMetric | undefined)[0];
  const metric = m ? metricLabel(m) : "";
  const temporal = isTemporalColumn(results[0], xKey);
  const fmtX = temporal
    ? timeFormatter(fd.x_axis_time_format as string)
    : (v: unknown) => String(v ?? "<NULL>");
  const periods = rows.map((r) => fmtX(r[xKey]));
  const values = rows.map((r) => Number(r[metric]) || 0);
  const totalLabel = String(fd.total_label ?? "Total");
  const x = breakdown
    ? [
        [...periods, totalLabel],
        [...rows.map((r) => String(r[breakdown] ?? "<NULL>")), totalLabel],
      ]
    : [...periods, totalLabel];
  const format = plotlyNumberFormat(fd.y_axis_format);
  return {
    data: [
      {
        type: "waterfall",
        x,
        y: [...values, 0],
        measure: [...values.map(() => "relative"), "total"],
        increasing: { marker: { color: (fd.increase_color as string) ?? "#5AC189" } },
        decreasing: { marker: { color: (fd.decrease_color as string) ?? "#FF7F44" } },
        totals: { marker: { color: (fd.total_color as string) ?? "#666666" } },
        connector: { line: { color: "#bbb" } },
        ...(fd.show_value ? { texttemplate: `%{y:${format}}`, textposition: "outside" } : {}),
        hovertemplate: `%{x}<br>%{y:${format}}<extra></extra>`,
      },
    ],
    layout: {
      ...BASE_LAYOUT,
      showlegend: false,
      xaxis: {
        type: breakdown ? "multicategory" : "category",
        title: { text: (fd.x_axis_label as string) || undefined },
        automargin: true,
      },
      yaxis: {
        tickformat: format,
        title: { text: (fd.y_axis_label as string) || undefined },
        gridcolor: "#eee",
      },
    },
  };
}
