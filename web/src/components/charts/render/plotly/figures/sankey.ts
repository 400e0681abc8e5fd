import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { labelColor } from "../../../label-colors";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { BASE_LAYOUT, plotlyNumberFormat, rowsOf } from "./series";
import type { Figure } from "./types";

/** The columns of each level, source first, as the query selected them. */
export function sankeyLevels(fd: FormData): string[] {
  return ["source", "intermediate_levels", "target"].flatMap((key) =>
    ensureArray(fd[key] as QueryColumn | QueryColumn[] | null | undefined).map(columnLabel),
  );
}

/**
 * Sankey: nodes are the distinct values of the level columns (a value met at two levels is one
 * node, as in Superset), links join consecutive levels of each row with the metric as width;
 * rows repeating a link add up.
 */
export function sankeyFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const metric = metricLabel(ensureArray(fd.metric as QueryMetric | undefined)[0] ?? "count");
  const levels = sankeyLevels(fd);
  const nodes = new Map<string, number>();
  const nodeOf = (value: unknown) => {
    const label = String(value ?? "<NULL>");
    if (!nodes.has(label)) nodes.set(label, nodes.size);
    return nodes.get(label) as number;
  };
  const links = new Map<string, { source: number; target: number; value: number }>();
  for (const row of rows) {
    const value = Number(row[metric]) || 0;
    for (let i = 0; i + 1 < levels.length; i++) {
      const source = nodeOf(row[levels[i]]);
      const target = nodeOf(row[levels[i + 1]]);
      const key = `${source}\u0000${target}`;
      const link = links.get(key) ?? { source, target, value: 0 };
      link.value += value;
      links.set(key, link);
    }
  }
  const labels = [...nodes.keys()];
  const list = [...links.values()];
  const format = plotlyNumberFormat(fd.number_format);
  return {
    data: [
      {
        type: "sankey",
        arrangement: "snap",
        valueformat: format,
        node: {
          label: labels,
          color: labels.map((l) => labelColor(fd, l)),
          pad: 12,
          thickness: 14,
          line: { width: 0 },
        },
        link: {
          source: list.map((l) => l.source),
          target: list.map((l) => l.target),
          value: list.map((l) => l.value),
          color: "rgba(160,160,160,0.35)",
        },
      },
    ],
    layout: { ...BASE_LAYOUT, margin: { l: 10, r: 10, t: 10, b: 10 } },
  };
}
