import { csvField, guardFormula, type QueryColumn, type QueryMetric } from "@strata/contracts";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { FormData } from "../../types";
import { computePivot, type Row } from "./pivot";

/**
 * A pivot table's cells as CSV, laid out as the chart draws them: one line per row group, one
 * column per column group and metric (headers joined by " "), and a total line and column. The
 * rows are the chart's own data, so the file matches the screen.
 */
export function pivotCsv(fd: FormData, rows: Row[]): string {
  const transpose = Boolean(fd.transposePivot);
  const rowKeys = ensureArray(fd[transpose ? "groupbyColumns" : "groupbyRows"] as QueryColumn[]).map(
    columnLabel,
  );
  const colKeys = ensureArray(fd[transpose ? "groupbyRows" : "groupbyColumns"] as QueryColumn[]).map(
    columnLabel,
  );
  const metrics = ensureArray(fd.metrics as QueryMetric[]).map(metricLabel);
  const aggregate = String(fd.aggregateFunction ?? "Sum");
  const pivot = computePivot({ rows, rowKeys, colKeys, metrics, aggregate });
  const total = `Total (${aggregate})`;
  const cols = pivot.colHeaders.map((h, i) => ({ label: h.join(" "), index: i }));
  if (colKeys.length) cols.push({ label: total, index: -1 });
  const header = [
    ...rowKeys,
    ...cols.flatMap((c) => pivot.metrics.map((m) => (colKeys.length ? `${c.label} ${m}` : m))),
  ];
  const lines = [header.map((h) => csvField(guardFormula(h))).join(",")];
  const line = (labels: string[], r: number) =>
    [
      ...labels.map((l) => csvField(guardFormula(l))),
      ...cols.flatMap((c) =>
        pivot.metrics.map((m) => {
          const v = pivot.value(r, c.index, m);
          return v === null ? "" : String(v);
        }),
      ),
    ].join(",");
  for (const [r, h] of pivot.rowHeaders.entries()) lines.push(line(h, r));
  if (rowKeys.length) lines.push(line([total, ...rowKeys.slice(1).map(() => "")], -1));
  return `${lines.join("\r\n")}\r\n`;
}
