import { ScrollArea, Table, Tooltip } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { numberFormatter } from "../../format/number-format";
import type { ChartRenderProps } from "../chart-render-props";
import { Sparkline } from "./sparkline";
import { colorFromBounds, columnsOf, sparkValues, timeTableRows, valueCell } from "./time-table-model";

/**
 * Time-series table (Superset's `time_table`): a row per metric (or per group), then the columns
 * of `column_collection`: sparklines, time comparisons, contributions and moving averages.
 */
export default function TimeTableChart({ formData, results, height, onRenderSuccess }: ChartRenderProps) {
  const { rows } = useMemo(() => timeTableRows(formData, results), [formData, results]);
  const columns = columnsOf(formData);
  useEffect(() => onRenderSuccess?.(), [onRenderSuccess]);
  return (
    <ScrollArea h={height} data-test="time-table">
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {columns.map((c) => (
              <Table.Th key={c.key}>
                {c.tooltip ? (
                  <Tooltip label={c.tooltip}>
                    <span>{c.label ?? ""}</span>
                  </Tooltip>
                ) : (
                  (c.label ?? "")
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label} data-test="time-table-row">
              <Table.Td fw={600}>{row.label}</Table.Td>
              {columns.map((c) => {
                if (c.colType === "spark") {
                  return (
                    <Table.Td key={c.key}>
                      <Sparkline
                        values={sparkValues(c, row)}
                        width={Number(c.width) || 300}
                        height={Number(c.height) || 50}
                        bounds={c.yAxisBounds}
                        showYAxis={c.showYAxis}
                        format={c.d3format}
                      />
                    </Table.Td>
                  );
                }
                const cell = valueCell(c, row, rows);
                const color = colorFromBounds(cell.value, c.bounds);
                return (
                  <Table.Td key={c.key} data-test="time-table-value" style={color ? { color } : undefined}>
                    {cell.error ?? numberFormatter(c.d3format)(cell.value)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
