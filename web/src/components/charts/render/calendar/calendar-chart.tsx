import { Group, ScrollArea, Text } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { numberFormatter } from "../../format/number-format";
import { timeFormatter } from "../../format/time-format";
import type { ChartRenderProps } from "../chart-render-props";
import { linearColor } from "../legacy/linear-colors";
import { calendarData, stepOf, unitOf } from "./calendar-model";

const DOMAIN_LABEL: Record<string, string> = {
  hour: "%H:00 %b %d",
  day: "%b %d, %Y",
  week: "Week of %b %d, %Y",
  month: "%b %Y",
  year: "%Y",
};

/**
 * Calendar heatmap (Superset's `cal_heatmap`): per metric, a block per subdomain period (e.g. a
 * day) grouped in domains (e.g. months), coloured in `steps` shades of the linear scheme.
 */
export default function CalendarChart({ formData, results, height, onRenderSuccess }: ChartRenderProps) {
  const metrics = useMemo(() => calendarData(formData, results), [formData, results]);
  useEffect(() => onRenderSuccess?.(), [onRenderSuccess]);
  const size = Math.max(Number(formData.cell_size) || 10, 2);
  const padding = Math.max(Number(formData.cell_padding ?? 2) || 0, 0);
  const radius = Math.max(Number(formData.cell_radius) || 0, 0);
  const steps = Math.max(Number(formData.steps) || 10, 1);
  const showValues = Boolean(formData.show_values);
  const format = numberFormatter(formData.y_axis_format as string | undefined);
  const tooltipTime = timeFormatter(formData.x_axis_time_format as string | undefined);
  const domainLabel = timeFormatter(DOMAIN_LABEL[unitOf(formData.domain_granularity, "month")]);
  return (
    <ScrollArea h={height} data-test="calendar-heatmap">
      {metrics.map(({ metric, values, domains }) => {
        const all = [...values.values()];
        const min = Math.min(...all);
        const max = Math.max(...all);
        const colorOf = (v: number) =>
          linearColor(formData.linear_color_scheme, (stepOf(v, min, max, steps) + 0.5) / steps);
        return (
          <div key={metric} data-test="calendar-metric" style={{ marginBottom: 12 }}>
            {formData.show_metric_name !== false && (
              <Text fw={600} size="sm">
                {metric}
              </Text>
            )}
            <Group gap={8} align="flex-start">
              {domains.map((domain) => (
                <div key={domain.start}>
                  <svg
                    width={domain.cols * (size + padding)}
                    height={domain.rows * (size + padding)}
                    style={{ display: "block" }}
                  >
                    {domain.cells.map((cell) => (
                      <g key={cell.time}>
                        <rect
                          data-test="calendar-cell"
                          data-filled={cell.value !== null || undefined}
                          x={cell.col * (size + padding)}
                          y={cell.row * (size + padding)}
                          width={size}
                          height={size}
                          rx={radius}
                          fill={cell.value === null ? "#ededed" : colorOf(cell.value)}
                        >
                          <title>{`${tooltipTime(cell.time)}${cell.value === null ? "" : `: ${format(cell.value)}`}`}</title>
                        </rect>
                        {showValues && cell.value !== null && (
                          <text
                            x={cell.col * (size + padding) + size / 2}
                            y={cell.row * (size + padding) + size / 2}
                            fontSize={Math.max(size / 3, 6)}
                            textAnchor="middle"
                            dominantBaseline="central"
                          >
                            {format(cell.value)}
                          </text>
                        )}
                      </g>
                    ))}
                  </svg>
                  <Text size="xs" c="dimmed">
                    {domainLabel(domain.start)}
                  </Text>
                </div>
              ))}
            </Group>
            {formData.show_legend !== false && all.length > 0 && (
              <Group gap={2} mt={4} data-test="calendar-legend">
                {Array.from({ length: steps }, (_v, i) => ({
                  at: (i + 0.5) / steps,
                  from: min + ((max - min) * i) / steps,
                })).map((step) => (
                  <span
                    key={step.at}
                    title={format(step.from)}
                    style={{
                      width: size,
                      height: size,
                      background: linearColor(formData.linear_color_scheme, step.at),
                    }}
                  />
                ))}
              </Group>
            )}
          </div>
        );
      })}
    </ScrollArea>
  );
}
