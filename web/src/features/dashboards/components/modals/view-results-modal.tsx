import { Center, Loader, Modal, Stack, Text } from "@mantine/core";
import { type ChartDataRequestInput, GenericDataType } from "@strata/contracts";
import { useMemo } from "react";
import { timeFormatter } from "../../../../components/charts";
import { type GridColumn, VirtualGrid } from "../../../../components/charts/render/grid";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { formatNumber, t } from "../../../../lib/i18n";
import { useChartResults } from "../../api/chart-results";

const GRID_HEIGHT = 420;

/** View as table: the rows the chart's query returns (before the chart shapes them). */
export default function ViewResultsModal({
  chartName,
  request,
  onClose,
}: {
  chartName: string;
  request: ChartDataRequestInput;
  onClose: () => void;
}) {
  const { data, error } = useChartResults(request);
  const result = data?.[0];
  const rows = (result?.data ?? []) as Record<string, unknown>[];
  const columns = useMemo<GridColumn[]>(() => {
    const names = result?.colnames?.length ? result.colnames : Object.keys(rows[0] ?? {});
    const time = timeFormatter();
    return names.map((key, i) => ({
      key,
      label: key,
      numeric: result?.coltypes?.[i] === GenericDataType.NUMERIC,
      format: result?.coltypes?.[i] === GenericDataType.TEMPORAL ? time : undefined,
    }));
  }, [result, rows]);
  return (
    <Modal
      opened
      onClose={onClose}
      size="90%"
      title={`${t("View as table")}: ${chartName}`}
      data-test="view-results-modal"
    >
      {error ? (
        <ApiErrorDisplay error={error} source="dashboard" />
      ) : !data ? (
        <Center h={GRID_HEIGHT}>
          <Loader size="sm" aria-label={t("Loading")} />
        </Center>
      ) : rows.length === 0 ? (
        <Center h={120}>
          <Text c="dimmed">{t("No results")}</Text>
        </Center>
      ) : (
        <Stack gap="xs">
          <Text size="xs" c="dimmed" data-test="view-results-rowcount">
            {t("%s rows", formatNumber(rows.length))}
          </Text>
          <VirtualGrid
            columns={columns}
            rows={rows}
            height={GRID_HEIGHT}
            columnMenu={{ fileName: `${chartName || "results"}.csv` }}
            data-test="view-results-grid"
          />
        </Stack>
      )}
    </Modal>
  );
}
