import { ScrollArea } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useEffect, useMemo } from "react";
import type { ChartRenderProps } from "../chart-render-props";
import { legacySeries } from "../legacy/time-series";
import { type HorizonScale, horizonBands, horizonExtent, horizonValues } from "./horizon-model";

/**
 * Horizon chart (Superset's `horizon`): a thin row per series, its values folded into colour
 * bands. `series_height` sets the rows' height, `horizon_color_scale` what the bands measure.
 */
export default function HorizonChart({ formData, results, height, onRenderSuccess }: ChartRenderProps) {
  const { ref, width } = useElementSize();
  const scale = (
    ["series", "overall", "change"].includes(String(formData.horizon_color_scale))
      ? formData.horizon_color_scale
      : "series"
  ) as HorizonScale;
  const rowHeight = Math.max(Number(formData.series_height) || 25, 10);
  const rows = useMemo(() => {
    const { series } = legacySeries(formData, results[0]);
    return series.map((s) => ({ key: s.key, values: horizonValues(s.values, scale) }));
  }, [formData, results, scale]);
  useEffect(() => {
    if (width) onRenderSuccess?.();
  }, [width, onRenderSuccess]);
  const all = rows.map((r) => r.values);
  return (
    <ScrollArea h={height} data-test="horizon-chart">
      <div ref={ref} style={{ width: "100%" }}>
        {width > 0 &&
          rows.map((row) => (
            <div
              key={row.key}
              data-test="horizon-row"
              style={{ position: "relative", height: rowHeight, borderBottom: "1px solid #eee" }}
            >
              <svg width={width} height={rowHeight} style={{ display: "block" }}>
                {horizonBands(row.values, horizonExtent(all, row.values, scale), width, rowHeight).map(
                  (band) => (
                    <path key={`${band.color}`} d={band.d} fill={band.color} />
                  ),
                )}
              </svg>
              <span
                style={{ position: "absolute", left: 4, top: 2, fontSize: 11, textShadow: "0 0 2px #fff" }}
              >
                {row.key}
              </span>
            </div>
          ))}
      </div>
    </ScrollArea>
  );
}
