import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Center,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  Text,
} from "@mantine/core";
import {
  IconArrowsMaximize,
  IconDotsVertical,
  IconPencil,
  IconRefresh,
  IconTableShortcut,
  IconX,
} from "@tabler/icons-react";
import { lazy, memo, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { type ChartDataResult, ChartRenderer, type FormData } from "../../../../components/charts";
import type { CellCrossFilter, CellValue } from "../../../../components/charts/render/chart-render-props";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { t } from "../../../../lib/i18n";
import { exploreChartPath, exploreChartUrl } from "../../api/explore-link";
import { useChartData } from "../../../../components/charts/data/use-chart-data";
import { useInView } from "../../hooks/use-in-view";
import { dashboardChartRequest, dashboardFormData } from "../../model/chart-request";
import { withDashboardColors } from "../../model/label-colors";
import {
  crossFilterCellColumns,
  crossFilterColumn,
  crossFilterMask,
  crossFilterScope,
  crossFiltersEnabled,
} from "../../model/cross-filter";
import { chartExtraFormData } from "../../model/data-mask";
import type { DrillByValue } from "../../model/drill-detail";
import { nativeFiltersOf } from "../../model/hydrate";
import type { LayoutItem } from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";

const HEADER_HEIGHT = 32;

const DrillDetailModal = lazy(() => import("../modals/drill-detail-modal"));

const ChartBody = memo(function ChartBody({
  formData,
  results,
  height,
  onPlotReady,
  crossFilter,
  highlight,
  onRendered,
}: {
  formData: FormData;
  results: ChartDataResult[];
  height: number;
  onPlotReady?: (element: HTMLElement | null) => void;
  crossFilter?: CellCrossFilter;
  highlight?: readonly unknown[] | null;
  onRendered?: () => void;
}) {
  return (
    <ChartRenderer
      formData={formData}
      results={results}
      height={height}
      onPlotReady={onPlotReady}
      crossFilter={crossFilter}
      highlight={highlight}
      onRenderSuccess={onRendered}
    />
  );
});

interface PlotlyClickPoint {
  x?: unknown;
  y?: unknown;
  label?: unknown;
  pointNumber?: number;
  data?: { orientation?: string; type?: string };
}
type PlotElement = HTMLElement & {
  on?: (event: string, handler: (e: { points?: PlotlyClickPoint[] }) => void) => void;
  removeAllListeners?: (event: string) => void;
};

type Scalar = string | number | boolean | null;

/** The clicked category: a pie's (or funnel's) row value, else the bar's category-axis value. */
function clickedValue(point: PlotlyClickPoint, rows: Record<string, unknown>[], column: string): Scalar {
  if (point.data?.type === "pie" || point.data?.type === "funnel") {
    const row = typeof point.pointNumber === "number" ? rows[point.pointNumber] : undefined;
    if (row && column in row) return row[column] as Scalar;
    return (point.label ?? point.y ?? null) as Scalar;
  }
  return ((point.data?.orientation === "h" ? point.y : point.x) ?? null) as Scalar;
}

/** A chart on the dashboard: its title and menu, then the chart drawn once scrolled into view. */
export function ChartHolder({
  component,
  width,
  height,
}: {
  component: LayoutItem;
  width: number;
  height: number;
}) {
  const { state, dispatch, refreshCharts, permissions, chartData, refreshAt } = useDashboard();
  const chartId = component.meta.chartId as number;
  const chart = state.charts[chartId];
  const dataset = chart ? state.datasets[chart.datasourceId] : undefined;
  const layout = state.layout.present;
  const filters = useMemo(() => nativeFiltersOf(state.metadata), [state.metadata]);
  const metadata = state.metadata;
  const extra = useMemo(
    () =>
      chartExtraFormData(chartId, filters, state.dataMask, layout, (emitter) =>
        crossFilterScope(metadata, layout, emitter),
      ),
    [chartId, filters, state.dataMask, layout, metadata],
  );
  const extraKey = JSON.stringify(extra);
  const scheme = state.metadata.color_scheme;
  const labelColors = state.metadata.label_colors;
  const mapLabelColors = state.metadata.map_label_colors;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the serialised extra form data
  const formData = useMemo(() => {
    if (!chart) return null;
    const fd = withDashboardColors(dashboardFormData(chart, state.info.id, extra, dataset), {
      dashboardId: state.info.id,
      scheme,
      labelColors,
      mapLabelColors,
    });
    return fd;
  }, [chart, extraKey, dataset, scheme, labelColors, mapLabelColors, state.info.id]);
  const request = useMemo(
    () => (formData ? dashboardChartRequest(formData, dataset) : null),
    [formData, dataset],
  );
  const data = useChartData(request, { scope: chartData, round: refreshAt[chartId] ?? 0 });
  const own = state.dataMask[String(chartId)];
  const emitted = own?.extraFormData?.filters?.length ? own : null;
  const canCrossFilter = crossFiltersEnabled(metadata) && !state.editMode;
  const crossColumn = formData && canCrossFilter ? crossFilterColumn(formData, dataset) : null;
  const cellColumns = useMemo(
    () => (formData && canCrossFilter ? crossFilterCellColumns(formData, dataset) : []),
    [formData, dataset, canCrossFilter],
  );
  const latest = useRef({
    mask: state.dataMask[String(chartId)],
    rows: (data.results?.[0]?.data ?? []) as Record<string, unknown>[],
  });
  latest.current = {
    mask: state.dataMask[String(chartId)],
    rows: (data.results?.[0]?.data ?? []) as Record<string, unknown>[],
  };
  // Clicks on a slice or bar cross-filter the other charts (001 §3 data masks per chart).
  const onPlotReady = useCallback(
    (element: HTMLElement | null) => {
      const plot = element as PlotElement | null;
      if (!plot?.on || !crossColumn) return;
      plot.removeAllListeners?.("plotly_click");
      plot.on("plotly_click", (event) => {
        const point = event.points?.[0];
        if (!point) return;
        const value = clickedValue(point, latest.current.rows, crossColumn);
        dispatch({
          type: "SET_DATA_MASK",
          dataMask: { [String(chartId)]: crossFilterMask(chartId, crossColumn, value, latest.current.mask) },
        });
      });
    },
    [crossColumn, chartId, dispatch],
  );
  // Clicks on a table's dimension cells do the same, by the clicked cell's column.
  const onCellClick = useCallback(
    (column: string, value: CellValue) =>
      dispatch({
        type: "SET_DATA_MASK",
        dataMask: { [String(chartId)]: crossFilterMask(chartId, column, value, latest.current.mask) },
      }),
    [chartId, dispatch],
  );
  const emittedColumn = typeof emitted?.filterState.column === "string" ? emitted.filterState.column : null;
  const emittedValues = Array.isArray(emitted?.filterState.value) ? emitted.filterState.value : null;
  const cellCrossFilter = useMemo<CellCrossFilter | undefined>(
    () =>
      cellColumns.length
        ? {
            columns: cellColumns,
            selected:
              emittedColumn && emittedValues ? { column: emittedColumn, values: emittedValues } : null,
            onCellClick,
          }
        : undefined,
    [cellColumns, emittedColumn, emittedValues, onCellClick],
  );
  const navigate = useNavigate();
  const explorePath = exploreChartPath(chartId, state.info.id);
  // The link's address opens Explore with the dashboard's defaults (new tab, copied link); a
  // plain click hands the dashboard's current filters along in a form-data key.
  const openInExplore = (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || !chart || !formData) return;
    event.preventDefault();
    exploreChartUrl(formData, chartId, chart.datasourceId, state.info.id).then(
      (url) => navigate(url),
      () => navigate(explorePath),
    );
  };
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const [fullSize, setFullSize] = useState(false);
  // Drill to detail: open with no value (the chart's rows) or by the value this chart cross-filters by.
  const [drill, setDrill] = useState<{ by: DrillByValue | null } | null>(null);
  const emittedValue = emitted?.filterState.value;
  const drillBy: DrillByValue | null =
    emitted &&
    typeof emitted.filterState.column === "string" &&
    Array.isArray(emittedValue) &&
    emittedValue.length === 1
      ? { column: emitted.filterState.column, value: emittedValue[0] as DrillByValue["value"] }
      : null;
  // `data-rendered` on the holder once the chart has drawn with data (tests, benchmarks).
  const [rendered, setRendered] = useState(false);
  const onRendered = useCallback(() => setRendered(true), []);
  const title =
    (component.meta.sliceNameOverride as string) ||
    chart?.sliceName ||
    (component.meta.sliceName as string) ||
    "";
  const bodyHeight = Math.max(height - HEADER_HEIGHT, 60);

  const body = (h: number) => {
    if (!chart) {
      return (
        <Center h={h}>
          <Text size="sm" c="dimmed">
            {t("There is no chart definition associated with this component, could it have been deleted?")}
          </Text>
        </Center>
      );
    }
    if (data.status === "failed") {
      return (
        <Box p="xs" h={h} style={{ overflow: "auto" }} data-test="chart-error">
          <ApiErrorDisplay error={data.error} source="dashboard" />
        </Box>
      );
    }
    if (!data.results || !formData) {
      return (
        <Center h={h}>
          <Loader size="sm" aria-label={t("Loading")} />
        </Center>
      );
    }
    return (
      <ChartBody
        formData={formData}
        results={data.results}
        height={h}
        onPlotReady={crossColumn ? onPlotReady : undefined}
        crossFilter={cellCrossFilter}
        highlight={crossColumn && emittedColumn === crossColumn ? emittedValues : null}
        onRendered={onRendered}
      />
    );
  };

  return (
    <Paper
      ref={ref}
      withBorder
      radius="sm"
      p={0}
      style={{ width, height, overflow: "hidden", position: "relative" }}
      data-test="dashboard-chart"
      data-chart-id={chartId}
      data-status={data.status}
      data-rendered={(rendered && data.status === "success") || undefined}
    >
      <Group h={HEADER_HEIGHT} px="xs" justify="space-between" wrap="nowrap" gap={4}>
        <Text size="sm" fw={600} truncate="end" data-test="chart-title" title={title}>
          {permissions.canExplore && !state.editMode ? (
            <Anchor
              component={Link}
              to={explorePath}
              onClick={openInExplore}
              c="inherit"
              underline="hover"
              data-test="chart-title-link"
            >
              {title}
            </Anchor>
          ) : (
            title
          )}
        </Text>
        <Group gap={2} wrap="nowrap">
          {emitted && (
            <Badge
              size="sm"
              variant="light"
              rightSection={<IconX size={10} />}
              style={{ cursor: "pointer" }}
              onClick={() =>
                dispatch({
                  type: "SET_DATA_MASK",
                  dataMask: {
                    [String(chartId)]: {
                      id: String(chartId),
                      extraFormData: {},
                      filterState: { value: null },
                    },
                  },
                })
              }
              title={t("Clear cross-filter")}
              data-test="cross-filter-badge"
            >
              {String(emitted.filterState.column ?? "")} = {emitted.filterState.label}
            </Badge>
          )}
          {data.status === "loading" && data.results && <Loader size={12} aria-label={t("Refreshing")} />}
          {!state.editMode && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t("More options")}
                  data-test="chart-menu"
                >
                  <IconDotsVertical size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => refreshCharts([chartId])}>
                  {t("Force refresh")}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconArrowsMaximize size={14} />}
                  onClick={() => setFullSize(true)}
                  data-test="chart-full-size"
                >
                  {t("View as full size")}
                </Menu.Item>
                {request && (
                  <Menu.Item
                    leftSection={<IconTableShortcut size={14} />}
                    onClick={() => setDrill({ by: null })}
                    data-test="drill-to-detail-menu-item"
                  >
                    {t("Drill to detail")}
                  </Menu.Item>
                )}
                {request && drillBy && (
                  <Menu.Item
                    leftSection={<IconTableShortcut size={14} />}
                    onClick={() => setDrill({ by: drillBy })}
                    data-test="drill-to-detail-by-menu-item"
                  >
                    {t("Drill to detail by %s", String(drillBy.value))}
                  </Menu.Item>
                )}
                {permissions.canExplore && (
                  <Menu.Item
                    leftSection={<IconPencil size={14} />}
                    component={Link}
                    to={explorePath}
                    onClick={openInExplore}
                    data-test="edit-chart-menu-item"
                  >
                    {t("Edit chart")}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <Box h={bodyHeight} data-test="chart-body">
        {inView ? body(bodyHeight) : null}
      </Box>
      {fullSize && (
        <Modal opened onClose={() => setFullSize(false)} size="90%" title={title} data-test="full-size-chart">
          {body(Math.round(window.innerHeight * 0.7))}
        </Modal>
      )}
      {drill && request && (
        <Suspense fallback={null}>
          <DrillDetailModal
            chartName={title}
            request={request}
            by={drill.by}
            onClose={() => setDrill(null)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
