import { labelColor } from "../../../label-colors";
import type { ChartDataResult, FormData } from "../../../types";
import { groupLabelsOf, legacySeries, metricLabelsOf, rowsOf } from "../../legacy/time-series";
import { BASE_LAYOUT, plotlyNumberFormat } from "./series";
import type { Figure } from "./types";

interface Node {
  id: string;
  label: string;
  parent: string;
  value: number;
  top: string;
  children: Map<string, Node>;
}

const SEP = "\u001f";

/** One value per leaf (group path) per metric: the rows, or the time series aggregated over time. */
function leafValues(fd: FormData, results: ChartDataResult[], metric: string, groups: string[]) {
  const option = String(fd.time_series_option ?? "not_time");
  const out: { path: string[]; value: number }[] = [];
  if (option === "not_time") {
    for (const row of rowsOf(results[0])) {
      const value = Number(row[metric]);
      if (Number.isFinite(value)) out.push({ path: groups.map((g) => String(row[g] ?? "<NULL>")), value });
    }
    return out;
  }
  // Time-series options: Superset aggregates each group's series over time (sum, or mean).
  const { series } = legacySeries({ ...fd, metrics: [metric] }, results[0]);
  for (const s of series) {
    const values = s.values.filter((v): v is number => v !== null);
    if (!values.length) continue;
    const sum = values.reduce((a, v) => a + v, 0);
    out.push({ path: s.group, value: option === "agg_mean" ? sum / values.length : sum });
  }
  return out;
}

/** The metric's tree: a root named after the metric, a level per group-by column. */
function buildTree(metric: string, leaves: { path: string[]; value: number }[]): Node {
  const root: Node = { id: metric, label: metric, parent: "", value: 0, top: metric, children: new Map() };
  for (const { path, value } of leaves) {
    root.value += value;
    let node = root;
    path.forEach((name, depth) => {
      let child = node.children.get(name);
      if (!child) {
        child = {
          id: `${node.id}${SEP}${name}`,
          label: name,
          parent: node.id,
          value: 0,
          top: depth === 0 ? name : node.top,
          children: new Map(),
        };
        node.children.set(name, child);
      }
      child.value += value;
      node = child;
    });
  }
  return root;
}

/** Nodes to draw, applying `partition_limit` (children per node) and `partition_threshold` (% of parent). */
function visibleNodes(root: Node, limit: number, threshold: number): Node[] {
  const out: Node[] = [root];
  const walk = (node: Node) => {
    let children = [...node.children.values()].sort((a, b) => b.value - a.value);
    if (limit > 0) children = children.slice(0, limit);
    if (threshold > 0 && node.value)
      children = children.filter((c) => (c.value / node.value) * 100 >= threshold);
    for (const child of children) {
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** The nodes a partition chart draws (exported for tests: one rectangle each). */
export function partitionNodes(fd: FormData, results: ChartDataResult[]): Node[] {
  const groups = groupLabelsOf(fd);
  const limit = Number(fd.partition_limit) || 0;
  const threshold = Number(fd.partition_threshold) || 0;
  return metricLabelsOf(fd).flatMap((metric) =>
    visibleNodes(buildTree(metric, leafValues(fd, results, metric, groups)), limit, threshold),
  );
}

/** Partition (Superset's legacy `partition`): the hierarchy as an icicle, a root per metric. */
export function partitionFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const nodes = partitionNodes(fd, results);
  const format = plotlyNumberFormat(fd.number_format);
  return {
    data: [
      {
        type: "icicle",
        ids: nodes.map((n) => n.id),
        labels: nodes.map((n) => n.label),
        parents: nodes.map((n) => n.parent),
        values: nodes.map((n) => n.value),
        // Totals per node, computed here; hidden children (limit/threshold) leave a gap.
        branchvalues: "total",
        sort: false,
        tiling: { orientation: "h" },
        marker: { colors: nodes.map((n) => (n.parent ? labelColor(fd, n.top) : "#d9d9d9")) },
        hovertemplate: `%{label}<br>%{value:${format}} (%{percentParent:.1%})<extra></extra>`,
      },
    ],
    layout: { ...BASE_LAYOUT, margin: { l: 4, r: 4, t: 4, b: 4 } },
  };
}
