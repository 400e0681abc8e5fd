import { labelColor } from "../../../label-colors";
import { timeFormatter } from "../../../format/time-format";
import type { ChartDataResult, FormData } from "../../../types";
import { legacySeries } from "../../legacy/time-series";
import { BASE_LAYOUT, legendLayout, plotlyNumberFormat } from "./series";
import type { Figure, Trace } from "./types";

/**
 * Nightingale rose (Superset's legacy `rose`): a sector per time grain, an arc per series in each
 * sector. With `rose_area_proportion` the arc's area, not its radius, follows the value.
 */
export function roseFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const { times, series } = legacySeries(fd, results[0]);
  const label = timeFormatter(fd.date_time_format as string | undefined);
  const theta = times.map((t) => label(t));
  const area = Boolean(fd.rose_area_proportion);
  const total = (values: (number | null)[]) => values.reduce<number>((a, v) => a + Math.abs(v ?? 0), 0);
  // Overlaid arcs: the largest series go first so the smaller ones stay visible in front.
  const ordered = [...series].sort((a, b) => total(b.values) - total(a.values));
  const format = plotlyNumberFormat(fd.number_format);
  const data: Trace[] = ordered.map((s) => ({
    type: "barpolar",
    name: s.key,
    theta,
    r: s.values.map((v) => (v === null ? null : area ? Math.sqrt(Math.max(v, 0)) : v)),
    customdata: s.values,
    marker: { color: labelColor(fd, s.key), line: { color: "#fff", width: 0.5 } },
    hovertemplate: `${s.key}<br>%{theta}: %{customdata:${format}}<extra></extra>`,
  }));
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      ...legendLayout(fd),
      polar: {
        barmode: "overlay",
        bargap: 0,
        angularaxis: { direction: "clockwise", rotation: 90, type: "category" },
        radialaxis: { showticklabels: false, ticks: "" },
      },
    },
  };
}
