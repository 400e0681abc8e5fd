import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { schemeColors } from "../../../colors";
import { labelColor } from "../../../label-colors";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../../types";
import { circularLayout, forceLayout, type TreeNode, treeLayout } from "./network-layout";
import { BASE_LAYOUT, legendLayout, plotlyNumberFormat, rowsOf } from "./series";
import type { Figure, Trace } from "./types";

const columnOf = (fd: FormData, key: string) => {
  const c = ensureArray(fd[key] as QueryColumn | null | undefined)[0];
  return c ? columnLabel(c) : undefined;
};
const metricOf = (fd: FormData) => {
  const m = ensureArray(fd.metric as QueryMetric | null | undefined)[0];
  return m ? metricLabel(m) : undefined;
};
const HIDDEN_AXIS = { visible: false, showgrid: false, zeroline: false };

/** Segments between point pairs as one line trace (breaks between segments). */
function edgeTrace(pairs: [{ x: number; y: number }, { x: number; y: number }][], width = 1): Trace {
  const x: (number | null)[] = [];
  const y: (number | null)[] = [];
  for (const [a, b] of pairs) {
    x.push(a.x, b.x, null);
    y.push(a.y, b.y, null);
  }
  return {
    type: "scatter",
    mode: "lines",
    x,
    y,
    line: { color: "#B2B2B2", width },
    hoverinfo: "skip",
    showlegend: false,
  };
}

/**
 * Tree: each row is a node (`id`, its `parent`, a display `name`). The root is `root_node_id`
 * when given; otherwise nodes whose parent is not in the data hang from one unnamed root, as in
 * Superset. Orthogonal layouts grow towards `orient`, radial ones outwards.
 */
export function treeFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const idKey = columnOf(fd, "id") ?? "id";
  const parentKey = columnOf(fd, "parent") ?? "parent";
  const nameKey = columnOf(fd, "name") ?? idKey;
  const metric = metricOf(fd);
  const nodes = new Map<string, TreeNode & { name: string; value?: unknown }>();
  for (const row of rows) {
    const id = String(row[idKey]);
    if (!nodes.has(id))
      nodes.set(id, {
        id,
        children: [],
        name: String(row[nameKey] ?? id),
        value: metric ? row[metric] : undefined,
      });
  }
  const rootId =
    fd.root_node_id !== undefined && fd.root_node_id !== null && fd.root_node_id !== ""
      ? String(fd.root_node_id)
      : null;
  const virtual: TreeNode & { name: string } = { id: "\u0000root", children: [], name: "" };
  const seen = new Set<string>();
  for (const row of rows) {
    const id = String(row[idKey]);
    if (seen.has(id)) continue;
    seen.add(id);
    const node = nodes.get(id) as TreeNode;
    const parent =
      row[parentKey] === null || row[parentKey] === undefined ? undefined : nodes.get(String(row[parentKey]));
    if (parent && parent !== node) parent.children.push(node);
    else virtual.children.push(node);
  }
  const root =
    (rootId && nodes.get(rootId)) || (virtual.children.length === 1 ? virtual.children[0] : virtual);
  const radial = fd.layout === "radial";
  const placed = treeLayout(root, radial);
  const orient = String(fd.orient ?? "LR");
  const at = (id: string) => {
    const p = placed.get(id) as { x: number; y: number };
    if (radial) return p;
    if (orient === "RL") return { x: -p.x, y: p.y };
    if (orient === "TB") return { x: p.y, y: -p.x };
    if (orient === "BT") return { x: p.y, y: p.x };
    return { x: p.x, y: -p.y };
  };
  const drawn = [...placed.keys()].filter((id) => id !== virtual.id);
  const pairs: [{ x: number; y: number }, { x: number; y: number }][] = [];
  const walk = (node: TreeNode) => {
    for (const child of node.children) {
      if (node.id !== virtual.id) pairs.push([at(node.id), at(child.id)]);
      walk(child);
    }
  };
  walk(root);
  const color = schemeColors(fd.color_scheme)[0];
  const size = Number(fd.symbolSize ?? 7) || 7;
  const points = drawn.map((id) => ({ ...at(id), node: nodes.get(id) }));
  const format = plotlyNumberFormat(fd.number_format);
  return {
    data: [
      edgeTrace(pairs),
      {
        type: "scatter",
        mode: "markers+text",
        name: "nodes",
        x: points.map((p) => p.x),
        y: points.map((p) => p.y),
        text: points.map((p) => p.node?.name ?? ""),
        textposition: radial ? "top center" : orient === "RL" ? "middle left" : "middle right",
        customdata: points.map((p) => p.node?.value ?? null),
        hovertemplate: metric
          ? `%{text}<br>%{customdata:${format}}<extra></extra>`
          : "%{text}<extra></extra>",
        marker: {
          color,
          size,
          symbol: fd.symbol === "rect" ? "square" : fd.symbol === "triangle" ? "triangle-up" : "circle",
        },
        showlegend: false,
      },
    ],
    layout: {
      ...BASE_LAYOUT,
      margin: { l: 20, r: 20, t: 20, b: 20 },
      showlegend: false,
      xaxis: HIDDEN_AXIS,
      yaxis: HIDDEN_AXIS,
      dragmode: fd.roam === false ? false : "pan",
    },
  };
}

/**
 * Graph: the distinct sources and targets are nodes, each row an edge weighted by the metric;
 * a node's size grows with the weight of its edges; categories colour nodes and make the
 * legend. Force layout by default, or a circle.
 */
export function graphFigure(fd: FormData, results: ChartDataResult[]): Figure {
  const rows = rowsOf(results[0]);
  const sourceKey = columnOf(fd, "source") ?? "source";
  const targetKey = columnOf(fd, "target") ?? "target";
  const sourceCategory = columnOf(fd, "source_category");
  const targetCategory = columnOf(fd, "target_category");
  const metric = metricOf(fd);
  const index = new Map<string, number>();
  const names: string[] = [];
  const categories: string[] = [];
  const weights: number[] = [];
  const nodeOf = (value: unknown, category: unknown) => {
    const name = String(value ?? "<NULL>");
    if (!index.has(name)) {
      index.set(name, names.length);
      names.push(name);
      categories.push(category === undefined || category === null ? "" : String(category));
      weights.push(0);
    }
    return index.get(name) as number;
  };
  const edges: [number, number][] = [];
  for (const row of rows) {
    const value = metric ? Number(row[metric]) || 0 : 1;
    const a = nodeOf(row[sourceKey], sourceCategory ? row[sourceCategory] : undefined);
    const b = nodeOf(row[targetKey], targetCategory ? row[targetCategory] : undefined);
    weights[a] += value;
    weights[b] += value;
    edges.push([a, b]);
  }
  const points = fd.layout === "circular" ? circularLayout(names.length) : forceLayout(names.length, edges);
  const base = Number(fd.baseNodeSize ?? 20) || 20;
  const heaviest = Math.max(1, ...weights);
  const sizes = weights.map((w) => Math.max(6, (base * Math.sqrt(w / heaviest)) / 1.5 + 4));
  const byCategory = new Map<string, number[]>();
  for (let i = 0; i < names.length; i++)
    byCategory.set(categories[i], [...(byCategory.get(categories[i]) ?? []), i]);
  const format = plotlyNumberFormat(fd.number_format);
  const nodeTraces: Trace[] = [...byCategory.entries()].map(([category, members]) => ({
    type: "scatter",
    mode: "markers",
    name: category || "nodes",
    x: members.map((i) => points[i].x),
    y: members.map((i) => points[i].y),
    text: members.map((i) => names[i]),
    customdata: members.map((i) => weights[i]),
    hovertemplate: `%{text}<br>%{customdata:${format}}<extra></extra>`,
    marker: {
      size: members.map((i) => sizes[i]),
      color: labelColor(fd, category || names[members[0]]),
      line: { width: 1, color: "#fff" },
    },
    showlegend: Boolean(category),
  }));
  return {
    data: [
      edgeTrace(
        edges.map(([a, b]) => [points[a], points[b]]),
        Number(fd.baseEdgeWidth ?? 1) || 1,
      ),
      ...nodeTraces,
    ],
    layout: {
      ...BASE_LAYOUT,
      ...legendLayout(fd),
      margin: { l: 20, r: 20, t: 30, b: 20 },
      xaxis: HIDDEN_AXIS,
      yaxis: { ...HIDDEN_AXIS, scaleanchor: "x" },
      dragmode: fd.roam === false ? false : "pan",
    },
  };
}
