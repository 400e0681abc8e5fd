import { ScrollArea, Table } from "@mantine/core";
import type { QueryColumn, QueryMetric } from "@strata/contracts";
import { useEffect, useMemo } from "react";
import { numberFormatter } from "../../format/number-format";
import { columnLabel, ensureArray, metricLabel } from "@strata/contracts/chart-query";
import type { ChartRenderProps } from "../chart-render-props";
import { computePivot, type Row } from "./pivot";

const EMPTY: Row[] = [];

/** Pivot table v2: rows × columns × metrics aggregated in the browser, with totals. */
export default function PivotTableChart({
  formData: fd,
  results,
  height,
  onRenderSuccess,
}: ChartRenderProps) {
  useEffect(() => onRenderSuccess?.(), [onRenderSuccess]);
  const transpose = Boolean(fd.transposePivot);
  const rowsKey = transpose ? "groupbyColumns" : "groupbyRows";
  const colsKey = transpose ? "groupbyRows" : "groupbyColumns";
  const rowKeys = ensureArray(fd[rowsKey] as QueryColumn[]).map(columnLabel);
  const colKeys = ensureArray(fd[colsKey] as QueryColumn[]).map(columnLabel);
  const metrics = ensureArray(fd.metrics as QueryMetric[]).map(metricLabel);
  const aggregate = String(fd.aggregateFunction ?? "Sum");
  const rows = (results[0]?.data as Row[] | undefined) ?? EMPTY;
  const keys = JSON.stringify([rowKeys, colKeys, metrics]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key lists are compared by value (keys)
  const pivot = useMemo(
    () => computePivot({ rows, rowKeys, colKeys, metrics, aggregate }),
    [rows, keys, aggregate],
  );
  const fmt = numberFormatter(aggregate.startsWith("Sum as Fraction") ? ".1%" : (fd.valueFormat as string));
  const rowTotals = Boolean(fd.rowTotals);
  const colTotals = Boolean(fd.colTotals);
  const totalLabel = `Total (${aggregate})`;
  const cols = pivot.colHeaders.length ? pivot.colHeaders : [[]];
  return (
    <ScrollArea h={height} data-test="pivot-table">
      <Table withTableBorder withColumnBorders striped fz="xs" stickyHeader>
        <Table.Thead>
          {colKeys.length > 0 && (
            <Table.Tr>
              {rowKeys.map((k) => (
                <Table.Th key={k} />
              ))}
              {cols.map((c) => (
                <Table.Th key={c.join("|")} colSpan={metrics.length} ta="center">
                  {c.join(", ")}
                </Table.Th>
              ))}
              {rowTotals && <Table.Th colSpan={metrics.length}>{totalLabel}</Table.Th>}
            </Table.Tr>
          )}
          <Table.Tr>
            {rowKeys.map((k) => (
              <Table.Th key={k}>{k}</Table.Th>
            ))}
            {[...cols, ...(rowTotals ? [null] : [])].flatMap((c) =>
              metrics.map((m) => <Table.Th key={`${c?.join("|") ?? "total"}-${m}`}>{m}</Table.Th>),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pivot.rowHeaders.map((r, ri) => (
            <Table.Tr key={r.join("|")}>
              {r.map((v, i) => (
                <Table.Th key={`${rowKeys[i]}-${v}`}>{v}</Table.Th>
              ))}
              {[...cols.map((_, ci) => ci), ...(rowTotals ? [-1] : [])].flatMap((ci) =>
                metrics.map((m) => (
                  <Table.Td key={`${ci}-${m}`} ta="right">
                    {fmt(pivot.value(ri, colKeys.length ? ci : -1, m))}
                  </Table.Td>
                )),
              )}
            </Table.Tr>
          ))}
          {colTotals && (
            <Table.Tr fw={600}>
              {rowKeys.length ? <Table.Th colSpan={rowKeys.length}>{totalLabel}</Table.Th> : null}
              {[...cols.map((_, ci) => ci), ...(rowTotals ? [-1] : [])].flatMap((ci) =>
                metrics.map((m) => (
                  <Table.Td key={`t-${ci}-${m}`} ta="right">
                    {fmt(pivot.value(-1, colKeys.length ? ci : -1, m))}
                  </Table.Td>
                )),
              )}
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
