import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartDataResult, FormData } from "../../types";
import { rowsOf } from "../legacy/time-series";

/**
 * The legacy ChordViz data: the distinct sources and targets as nodes (sorted) and the square
 * matrix of the metric, matrix[i][j] being the flow from node i to node j.
 */
export function chordMatrix(
  fd: FormData,
  results: ChartDataResult[],
): { nodes: string[]; matrix: number[][] } {
  const source = ensureArray(fd.groupby as QueryColumn | QueryColumn[] | undefined).map(columnLabel)[0];
  const target = ensureArray(fd.columns as QueryColumn | QueryColumn[] | undefined).map(columnLabel)[0];
  const metric = ensureArray(fd.metric as QueryMetric | undefined).map(metricLabel)[0];
  const rows = rowsOf(results[0]);
  if (!source || !target || !metric) return { nodes: [], matrix: [] };
  const name = (v: unknown) => (v === null || v === undefined ? "<NULL>" : String(v));
  const nodes = [...new Set(rows.flatMap((r) => [name(r[source]), name(r[target])]))].sort();
  const index = new Map(nodes.map((n, i) => [n, i]));
  const matrix = nodes.map(() => nodes.map(() => 0));
  for (const row of rows) {
    const value = Number(row[metric]);
    if (!Number.isFinite(value)) continue;
    matrix[index.get(name(row[source])) as number][index.get(name(row[target])) as number] += value;
  }
  return { nodes, matrix };
}

export interface ChordGroup {
  index: number;
  startAngle: number;
  endAngle: number;
  value: number;
}
export interface ChordEnd {
  index: number;
  startAngle: number;
  endAngle: number;
  value: number;
}
export interface Chord {
  source: ChordEnd;
  target: ChordEnd;
}

/**
 * d3's chord layout, redone: each node's arc is sized by its outgoing total with `pad` radians
 * between arcs; inside an arc, the subgroups (one per other node) are ordered largest first;
 * one chord per pair of nodes with any flow between them (a node's flow to itself included).
 */
export function chordLayout(matrix: number[][], pad = 0.05): { groups: ChordGroup[]; chords: Chord[] } {
  const n = matrix.length;
  const totals = matrix.map((row) => row.reduce((a, v) => a + Math.max(v, 0), 0));
  const sum = totals.reduce((a, v) => a + v, 0);
  const k = sum > 0 ? Math.max(0, 2 * Math.PI - pad * n) / sum : 0;
  const subgroups = matrix.map(() => [] as ChordEnd[]);
  const groups: ChordGroup[] = [];
  let angle = 0;
  for (let i = 0; i < n; i += 1) {
    const start = angle;
    const order = matrix[i].map((_v, j) => j).sort((a, b) => matrix[i][b] - matrix[i][a]);
    for (const j of order) {
      const value = Math.max(matrix[i][j], 0);
      subgroups[i][j] = { index: i, startAngle: angle, endAngle: angle + value * k, value };
      angle += value * k;
    }
    groups.push({ index: i, startAngle: start, endAngle: angle, value: totals[i] });
    angle += pad;
  }
  const chords: Chord[] = [];
  for (let i = 0; i < n; i += 1) {
    for (let j = i; j < n; j += 1) {
      const a = subgroups[i][j];
      const b = subgroups[j][i];
      if (!a.value && !b.value) continue;
      chords.push(a.value >= b.value ? { source: a, target: b } : { source: b, target: a });
    }
  }
  return { groups, chords };
}

const point = (r: number, a: number) => `${(r * Math.sin(a)).toFixed(2)},${(-r * Math.cos(a)).toFixed(2)}`;
const arc = (r: number, a0: number, a1: number, sweep = 1) =>
  `A${r},${r} 0 ${Math.abs(a1 - a0) > Math.PI ? 1 : 0},${sweep} ${point(r, a1)}`;

/** The ring segment of a node between `inner` and `outer` radii. */
export function groupPath(g: ChordGroup, inner: number, outer: number): string {
  return `M${point(outer, g.startAngle)}${arc(outer, g.startAngle, g.endAngle)}L${point(inner, g.endAngle)}${arc(
    inner,
    g.endAngle,
    g.startAngle,
    0,
  )}Z`;
}

/** The ribbon of a chord: its two ends on the circle of `radius`, joined by curves through the centre. */
export function ribbonPath(c: Chord, radius: number): string {
  const { source: s, target: t } = c;
  let d = `M${point(radius, s.startAngle)}${arc(radius, s.startAngle, s.endAngle)}`;
  if (s.index !== t.index || s.startAngle !== t.startAngle) {
    d += `Q0,0 ${point(radius, t.startAngle)}${arc(radius, t.startAngle, t.endAngle)}`;
  }
  return `${d}Q0,0 ${point(radius, s.startAngle)}Z`;
}
