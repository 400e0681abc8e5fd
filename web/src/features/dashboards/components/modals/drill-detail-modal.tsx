import { Badge, Box, Button, Center, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { type ChartDataRequestInput, GenericDataType } from "@strata/contracts";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { timeFormatter } from "../../../../components/charts";
import { useChartData } from "../../../../components/charts/data/use-chart-data";
import { type GridColumn, VirtualGrid } from "../../../../components/charts/render/grid";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { t } from "../../../../lib/i18n";
import {
  chartDrillFilters,
  DRILL_DETAIL_PAGE_SIZE,
  type DrillByValue,
  drillDetailRequest,
  drillFilterLabels,
} from "../../model/drill-detail";

const GRID_HEIGHT = 420;

/**
 * Drill to detail: the raw rows under a dashboard chart (its filters, native and cross filters
 * included, and the drilled value if any), 50 a page, with Previous / Next.
 */
export default function DrillDetailModal({
  chartName,
  request,
  by,
  onClose,
}: {
  chartName: string;
  /** The chart's own chart-data request (its filters are drilled into). */
  request: ChartDataRequestInput;
  by?: DrillByValue | null;
  onClose: () => void;
}) {
  const [page, setPage] = useState(0);
  const body = useMemo(() => drillDetailRequest(request, page, by), [request, page, by]);
  const data = useChartData(body);
  // The page being fetched keeps the previous page on screen until it arrives.
  const state = { status: data.status, result: data.results?.[0] ?? null, error: data.error };
  const chips = useMemo(() => drillFilterLabels(chartDrillFilters(request), by), [request, by]);

  const rows = (state.result?.data ?? []) as Record<string, unknown>[];
  const columns = useMemo<GridColumn[]>(() => {
    const result = state.result;
    const names = result?.colnames?.length ? result.colnames : Object.keys(rows[0] ?? {});
    const time = timeFormatter();
    return names.map((key, i) => ({
      key,
      label: key,
      numeric: result?.coltypes?.[i] === GenericDataType.NUMERIC,
      format: result?.coltypes?.[i] === GenericDataType.TEMPORAL ? time : undefined,
    }));
  }, [state.result, rows]);
  const loading = state.status === "loading";
  const hasNext = state.status === "success" && rows.length >= DRILL_DETAIL_PAGE_SIZE;

  return (
    <Modal
      opened
      onClose={onClose}
      size="90%"
      title={t("Drill to detail: %s", chartName)}
      data-test="drill-detail-modal"
    >
      <Stack gap="sm">
        {chips.length > 0 && (
          <Group gap={6} data-test="drill-detail-filters">
            {chips.map((label) => (
              <Badge key={label} variant="light" tt="none" data-test="drill-detail-filter">
                {label}
              </Badge>
            ))}
          </Group>
        )}
        <Box pos="relative" mih={GRID_HEIGHT}>
          {state.status === "failed" ? (
            <Box data-test="drill-detail-error">
              <ApiErrorDisplay error={state.error} source="dashboard" />
            </Box>
          ) : state.result === null ? (
            <Center h={GRID_HEIGHT}>
              <Loader size="sm" aria-label={t("Loading")} />
            </Center>
          ) : rows.length === 0 ? (
            <Center h={GRID_HEIGHT}>
              <Text c="dimmed" data-test="drill-detail-empty">
                {t("No rows were returned for this query")}
              </Text>
            </Center>
          ) : (
            <VirtualGrid
              columns={columns}
              rows={rows}
              height={GRID_HEIGHT}
              sortable={false}
              columnMenu={{ fileName: "drill_detail.csv" }}
              data-test="drill-detail-grid"
            />
          )}
          {loading && state.result !== null && (
            <Center pos="absolute" inset={0} style={{ pointerEvents: "none" }}>
              <Loader size="sm" aria-label={t("Loading")} />
            </Center>
          )}
        </Box>
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            disabled={page === 0 || loading}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
            data-test="drill-detail-previous"
          >
            {t("Previous")}
          </Button>
          <Text size="sm" data-test="drill-detail-page">
            {t("Page %s", page + 1)}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            disabled={!hasNext || loading}
            onClick={() => setPage((p) => p + 1)}
            data-test="drill-detail-next"
          >
            {t("Next")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
