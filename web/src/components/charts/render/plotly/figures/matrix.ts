import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { timeFormatter } from "../../../format/time-format";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { BASE_LAYOUT, isTemporalColumn, plotlyNumberFormat, rowsOf } from "./series";
import type { Figure } from "./types";

const metricOf = (fd: FormData) => {
  const m = ensureArray(fd.metric as QueryMetric | undefined)[0];
  return m ? metricLabel(m) : "";
};

const REVERSED = new Set(["Blues", "Greens", "YlOrRd"]);

function normalise(z: (number | null)[][], across: string): (number | null)[][] {
  const scale = (values: (number | null)[]) => {
    const nums = values.filter((v): v is number => v !== null);
    const min = Math.min(...nums);
    const max = Math.max(...nums);
    return values.map((v) => (v === null ? null : max === min ? 1 : (v - min) / (max - min)));
  };
  if (across === "heatmap") {
    const flat = scale(z.flat());
    return z.map((row, i) => flat.slice(i * row.length, (i + 1) * row.length));
  }
  if (across === "y") return z.map(scale);
  const columns = z[0]?.map((_, j) => scale(z.map((row) => row[j]))) ?? [];
  return z.map((row, i) => row.map((_, j) => columns[j][i]));
}

/** Heatmap: x-axis × y column, coloured by the metric (optionally normalised). */
export function heatmapFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const xKey = fd.x_axis ? columnLabel(fd.x_axis as QueryColumn) : "";
  const yKey = ensureArray(fd.groupby as QueryColumn[]).map(columnLabel)[0] ?? "";
  const metric = metricOf(fd);
  const temporal = isTemporalColumn(results[0], xKey);
  const fmtX = temporal
    ? timeFormatter(fd.x_axis_time_format as string)
    : (v: unknown) => String(v ?? "<NULL>");
  const xs = [...new Set(rows.map((r) => fmtX(r[xKey])))];
  const ys = [...new Set(rows.map((r) => String(r[yKey] ?? "<NULL>")))];
  if (fd.sort_x_axis !== false) xs.sort();
  if (fd.sort_y_axis !== false) ys.sort();
  const z: (number | null)[][] = ys.map(() => xs.map(() => null));
  for (const r of rows) {
    const v = Number(r[metric]);
    z[ys.indexOf(String(r[yKey] ?? "<NULL>"))][xs.indexOf(fmtX(r[xKey]))] = Number.isFinite(v) ? v : null;
  }
  const across = String(fd.normalize_across ?? "heatmap");
  const colorZ = fd.normalized ? normalise(z, across) : z;
  const format = plotlyNumberFormat(fd.y_axis_format);
  const scale = String(fd.linear_color_scheme ?? "Blues");
  return {
    data: [
      {
        type: "heatmap",
        x: xs,
        y: ys,
        z: colorZ,
        customdata: z,
        colorscale: scale,
        // Plotly's Blues, Greens and YlOrRd run dark → light: reversed, high values are dark.
        reversescale: REVERSED.has(scale),
        showscale: fd.legend_type !== "none" && fd.show_legend !== false,
        hovertemplate: `${xKey}: %{x}<br>${yKey}: %{y}<br>${metric}: %{customdata:${format}}<extra></extra>`,
        ...(fd.show_values ? { texttemplate: `%{customdata:${format}}` } : {}),
        xgap: 1,
        ygap: 1,
      },
    ],
    layout: {
      ...BASE_LAYOUT,
      xaxis: { type: "category", automargin: true },
      yaxis: { type: "category", automargin: true },
    },
  };
}
