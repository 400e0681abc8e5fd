import { useElementSize } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { t } from "../../../../lib/i18n";
import { numberFormatter } from "../../format/number-format";
import { labelColor } from "../../label-colors";
import type { ChartRenderProps } from "../chart-render-props";
import { chordLayout, chordMatrix, groupPath, ribbonPath } from "./chord-layout";

/**
 * Chord diagram (Superset's `chord`): a ring segment per node sized by its flows, a ribbon per
 * pair of nodes with flow between them. Hovering a node fades the ribbons it has no part in.
 */
export default function ChordChart({ formData, results, height, onRenderSuccess }: ChartRenderProps) {
  const { ref, width } = useElementSize();
  const { nodes, matrix } = useMemo(() => chordMatrix(formData, results), [formData, results]);
  const { groups, chords } = useMemo(() => chordLayout(matrix), [matrix]);
  const [hovered, setHovered] = useState<number | null>(null);
  useEffect(() => {
    if (width) onRenderSuccess?.();
  }, [width, onRenderSuccess]);
  const format = numberFormatter(formData.y_axis_format as string | undefined);
  const outer = Math.max(Math.min(width, height) / 2 - 40, 20);
  const inner = outer - Math.min(24, outer / 4);
  return (
    <div ref={ref} style={{ width: "100%", height }} data-test="chord-chart">
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={t("Chord Diagram")}>
          <g transform={`translate(${width / 2}, ${height / 2})`}>
            {chords.map((c) => (
              <path
                key={`${c.source.index}-${c.target.index}`}
                data-test="chord-ribbon"
                d={ribbonPath(c, inner)}
                fill={labelColor(formData, nodes[c.target.index])}
                fillOpacity={
                  hovered === null || hovered === c.source.index || hovered === c.target.index ? 0.7 : 0.08
                }
                stroke="#fff"
                strokeWidth={0.5}
              >
                <title>{`${nodes[c.source.index]} → ${nodes[c.target.index]}: ${format(c.source.value)}${
                  c.source.index !== c.target.index
                    ? `\n${nodes[c.target.index]} → ${nodes[c.source.index]}: ${format(c.target.value)}`
                    : ""
                }`}</title>
              </path>
            ))}
            {groups.map((g) => {
              const mid = (g.startAngle + g.endAngle) / 2;
              return (
                <g
                  key={g.index}
                  onMouseEnter={() => setHovered(g.index)}
                  onMouseLeave={() => setHovered(null)}
                >
                  <path
                    data-test="chord-group"
                    d={groupPath(g, inner, outer)}
                    fill={labelColor(formData, nodes[g.index])}
                  >
                    <title>{`${nodes[g.index]}: ${format(g.value)}`}</title>
                  </path>
                  {g.endAngle - g.startAngle > 0.06 && (
                    <text
                      fontSize={10}
                      textAnchor={mid > Math.PI ? "end" : "start"}
                      transform={`rotate(${(mid * 180) / Math.PI - 90}) translate(${outer + 4}) ${mid > Math.PI ? "rotate(180)" : ""}`}
                      dy="0.35em"
                    >
                      {nodes[g.index]}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        </svg>
      )}
    </div>
  );
}
