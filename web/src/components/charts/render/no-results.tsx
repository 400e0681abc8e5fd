import { Center, Stack, Text } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { useEffect } from "react";
import { t } from "../../../lib/i18n";
import type { ChartDataResult } from "../types";

/**
 * How many of a chart's queries hold what it draws (Superset's `queryObjectCount`): the mixed
 * chart's two series queries; one for every other chart, whose further queries are helpers (a
 * table's row count, a totals row) that answer a row even when the chart itself has none.
 */
const DRAWN_QUERIES: Readonly<Record<string, number>> = { mixed_timeseries: 2 };

/**
 * Whether a chart's queries returned no rows, so there is nothing to draw: Superset's rule
 * (SuperChart's `noResultQueries`), each drawn query's `data` missing or empty. A query that
 * returned a row of nulls (an aggregate over no rows) is a result: the chart says "No data" itself.
 */
export function hasNoResults(vizType: string, results: readonly ChartDataResult[]): boolean {
  return results
    .slice(0, DRAWN_QUERIES[vizType] ?? 1)
    .every((result) => !Array.isArray(result.data) || result.data.length === 0);
}

/** Below this height the hint does not fit under the title: it becomes the title's tooltip. */
const HINT_MIN_HEIGHT = 160;

/**
 * What a chart whose query returned no rows draws instead of blank axes or an empty table:
 * Superset's empty state, its message and the hint of what to check.
 */
export function NoResults({
  height,
  onShown,
}: {
  height?: number;
  /** The empty state is this chart's drawing: it counts as drawn (dashboards and reports wait for it). */
  onShown?: () => void;
}) {
  useEffect(() => onShown?.(), [onShown]);
  const title = t("No results were returned for this query");
  const hint = t(
    "Make sure that the controls are configured properly and the datasource contains data for the selected time range",
  );
  const roomy = height === undefined || height >= HINT_MIN_HEIGHT;
  return (
    <Center h={height ?? "100%"} p="sm" data-test="chart-no-results" title={roomy ? undefined : hint}>
      <Stack align="center" gap={4} maw={420}>
        {roomy && <IconChartBar size={40} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />}
        <Text fw={600} ta="center" size={roomy ? "md" : "sm"}>
          {title}
        </Text>
        {roomy && (
          <Text size="sm" c="dimmed" ta="center" data-test="chart-no-results-hint">
            {hint}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
