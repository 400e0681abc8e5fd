import { ScrollArea, Table } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import type { ChartRenderProps } from "../chart-render-props";
import { linearColor } from "../legacy/linear-colors";
import { rowsOf } from "../legacy/time-series";
import { parallelModel } from "./parallel-model";

const PAD = { top: 28, bottom: 16, side: 48 };

/**
 * Parallel coordinates drawn as SVG (a path per line): Plotly's parcoords needs WebGL, which
 * headless browsers (reports, thumbnails) often lack. Hovering a line brings it forward; with
 * `show_datatable` the rows follow in a table, as in Superset.
 */
export default function ParallelChart({ formData, results, height, onRenderSuccess }: ChartRenderProps) {
  const { ref, width } = useElementSize();
  const model = useMemo(() => parallelModel(formData, results), [formData, results]);
  const [hovered, setHovered] = useState<number | null>(null);
  useEffect(() => {
    if (width) onRenderSuccess?.();
  }, [width, onRenderSuccess]);
  const withTable = Boolean(formData.show_datatable);
  const plotHeight = withTable ? Math.max(height * 0.6, 120) : height;
  const { axes } = model;
  const x = (i: number) =>
    PAD.side +
    (axes.length > 1 ? (i / (axes.length - 1)) * (width - 2 * PAD.side) : (width - 2 * PAD.side) / 2);
  const y = (p: number) => PAD.top + (1 - p) * (plotHeight - PAD.top - PAD.bottom);
  const present = model.color.filter((v): v is number => v !== null);
  const lo = Math.min(...present);
  const hi = Math.max(...present);
  const colorOf = (v: number | null) =>
    v === null ? "#999" : linearColor(formData.linear_color_scheme, hi > lo ? (v - lo) / (hi - lo) : 0.5);
  const lines = model.names.map((name, row) => {
    let d = "";
    let pen = false;
    axes.forEach((axis, i) => {
      const p = axis.positions[row];
      if (p === null) {
        pen = false;
        return;
      }
      d += `${pen ? "L" : "M"}${x(i).toFixed(1)},${y(p).toFixed(1)}`;
      pen = true;
    });
    return { name, d, row };
  });
  const rows = rowsOf(results[0]);
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  return (
    <div style={{ height, display: "flex", flexDirection: "column" }} data-test="parallel-coordinates">
      <div ref={ref} style={{ width: "100%", height: plotHeight, flex: "none" }}>
        {width > 0 && (
          <svg width={width} height={plotHeight}>
            <g fill="none" strokeWidth={1.5}>
              {lines.map((line) => (
                <path
                  key={line.row}
                  data-test="parallel-line"
                  d={line.d}
                  stroke={colorOf(model.color[line.row])}
                  strokeOpacity={hovered === null || hovered === line.row ? 0.85 : 0.15}
                  onMouseEnter={() => setHovered(line.row)}
                  onMouseLeave={() => setHovered(null)}
                >
                  <title>{line.name}</title>
                </path>
              ))}
            </g>
            {axes.map((axis, i) => (
              <g key={axis.label} data-test="parallel-axis" transform={`translate(${x(i)}, 0)`} fontSize={10}>
                <line y1={y(0)} y2={y(1)} stroke="#555" />
                <text y={PAD.top - 12} textAnchor="middle" fontWeight={600}>
                  {axis.label}
                </text>
                {axis.ticks.map((tick) => (
                  <text
                    key={`${tick.at}-${tick.label}`}
                    x={-4}
                    y={y(tick.at)}
                    dy="0.35em"
                    textAnchor="end"
                    fill="#555"
                  >
                    {tick.label}
                  </text>
                ))}
              </g>
            ))}
          </svg>
        )}
      </div>
      {withTable && (
        <ScrollArea style={{ flex: 1 }}>
          <Table striped fz="xs" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr
                  key={model.names[i] ?? i}
                  onMouseEnter={() => setHovered(i)}
                  onMouseLeave={() => setHovered(null)}
                >
                  {columns.map((c) => (
                    <Table.Td key={c}>{String(r[c] ?? "")}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </div>
  );
}
