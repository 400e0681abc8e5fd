import type { QueryColumn } from "@strata/contracts";
import { schemeColors } from "../../../colors";
import { toDate } from "../../../format/time-format";
import { labelColor } from "../../../label-colors";
import { columnLabel, ensureArray } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { CROSS_FILTER_BY_CUSTOMDATA } from "./highlight";
import { BASE_LAYOUT, legendLayout, plotlyTimeFormat, rowsOf } from "./series";
import type { Figure, Trace } from "./types";

const column = (fd: FormData, key: string) => {
  const c = ensureArray(fd[key] as QueryColumn | null | undefined)[0];
  return c ? columnLabel(c) : undefined;
};

const millis = (value: unknown): number | null => {
  const d = toDate(value);
  return d ? d.getTime() : null;
};

/**
 * Gantt: each row a horizontal bar on its `y_axis` category from `start_time` to `end_time`,
 * coloured (one trace each) by `series`. Rows missing either end are left out.
 */
export function ganttFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const start = column(fd, "start_time") ?? "start_time";
  const end = column(fd, "end_time") ?? "end_time";
  const category = column(fd, "y_axis");
  const series = column(fd, "series");
  const groups = new Map<string, { y: string[]; raw: unknown[]; base: string[]; x: number[] }>();
  const categories: string[] = [];
  for (const row of rows) {
    const from = millis(row[start]);
    const to = millis(row[end]);
    if (from === null || to === null) continue;
    const y = category ? String(row[category] ?? "<NULL>") : "";
    if (!categories.includes(y)) categories.push(y);
    const name = series ? String(row[series] ?? "<NULL>") : "";
    const group = groups.get(name) ?? { y: [], raw: [], base: [], x: [] };
    groups.set(name, group);
    group.y.push(y);
    group.raw.push(category ? (row[category] ?? null) : null);
    // Plotly reads naive date strings as UTC wall time, as the other charts show times.
    group.base.push(new Date(from).toISOString().replace("T", " ").replace("Z", ""));
    group.x.push(Math.max(to - from, 0));
  }
  const data: Trace[] = [...groups.entries()].map(([name, g]) => ({
    type: "bar",
    orientation: "h",
    name: name || category || "",
    y: g.y,
    base: g.base,
    x: g.x,
    marker: { color: labelColor(fd, name || category || "") },
    // A click on a bar cross-filters by its category as the database holds it (not its label).
    customdata: g.raw,
    meta: CROSS_FILTER_BY_CUSTOMDATA,
    hovertemplate: "%{y}<br>%{base|%Y-%m-%d %H:%M} → %{x}<extra>%{fullData.name}</extra>",
  }));
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      colorway: schemeColors(fd.color_scheme),
      ...legendLayout(fd),
      barmode: "overlay",
      margin: { ...BASE_LAYOUT.margin, l: 100 },
      xaxis: {
        type: "date",
        tickformat: plotlyTimeFormat(fd.x_axis_time_format),
        title: { text: (fd.x_axis_title as string) || undefined },
        gridcolor: "#eee",
      },
      yaxis: {
        type: "category",
        categoryorder: "array",
        categoryarray: [...categories].reverse(),
        automargin: true,
        title: { text: (fd.y_axis_title as string) || undefined },
      },
    },
  };
}
