import { Box, Center, Text } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import {
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import {
  type ChartDataResult,
  ChartRenderer,
  type FormData,
  rendererKind,
} from "../../../../components/charts";
import { useChartData } from "../../../../components/charts/data/use-chart-data";
import type { CellCrossFilter, CellValue } from "../../../../components/charts/render/chart-render-props";
import { pickOf } from "../../../../components/charts/render/maps/deck-cross-filter";
import { CROSS_FILTER_BY_CUSTOMDATA } from "../../../../components/charts/render/plotly/figures/highlight";
import { preloadRenderer } from "../../../../components/charts/render/renderer-chunks";
import { DelayedLoader } from "../../../../components/delayed-loader";
import { ApiErrorDisplay } from "../../../../components/error-display";
import { currentGuestToken } from "../../../../lib/api-client";
import { t } from "../../../../lib/i18n";
import { toast } from "../../../../lib/toast";
import { useNearViewport } from "../../../../lib/use-near-viewport";
import { exploreChartPath, exploreChartUrl } from "../../api/explore-link";
import { type ChartExport, downloadChartPng, exportChart } from "../../export/chart-downloads";
import {
  dashboardChartExtra,
  dashboardChartFormData,
  dashboardChartRequest,
} from "../../model/chart-request";
import {
  crossFilterCellColumns,
  crossFilterColumn,
  crossFilterMask,
  crossFilterPosition,
  crossFiltersByPick,
  crossFiltersEnabled,
  pickFilterMask,
  positionFilterMask,
} from "../../model/cross-filter";
import { drillByColumns } from "../../model/drill-by";
import type { DrillByValue } from "../../model/drill-detail";
import { chartsInScope } from "../../model/filter-scope";
import { nativeFiltersOf } from "../../model/hydrate";
import type { LayoutItem } from "../../model/layout-types";
import { useDashboard } from "../../state/dashboard-context";
import { ChartContextMenu, type ContextMenuAt } from "../chart-menu/chart-context-menu";
import { type ChartDialog, ChartDialogs } from "../chart-menu/chart-dialogs";
import type { ChartMenuProps } from "../chart-menu/chart-menu";
import { copyChartPermalink, emailChartPermalink } from "../chart-menu/chart-share";
import { CHART_HEADER_HEIGHT, ChartHeader } from "./chart-header";
import classes from "./chart-holder.module.css";

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

/**
 * The chart's body once its holder has come near the viewport (or always, in fullscreen). The
 * moment it does is this component's own state: it renders the body alone, not the whole holder
 * with its hooks and header (one render of twenty holders less as a dashboard opens).
 */
function WhenNear({
  holder,
  always,
  children,
}: {
  holder: RefObject<HTMLElement | null>;
  always: boolean;
  children: () => ReactNode;
}) {
  const near = useNearViewport(holder);
  return near || always ? children() : null;
}

interface PlotlyClickPoint {
  x?: unknown;
  y?: unknown;
  label?: unknown;
  pointNumber?: number;
  curveNumber?: number;
  customdata?: unknown;
  lon?: unknown;
  lat?: unknown;
  data?: { orientation?: string; type?: string; meta?: unknown };
}
type PlotElement = HTMLElement & {
  on?: (event: string, handler: (e: { points?: PlotlyClickPoint[] }) => void) => void;
  removeAllListeners?: (event: string) => void;
};

type Scalar = string | number | boolean | null;

/** The clicked category: a pie's (or funnel's) row value, else the bar's category-axis value. */
function clickedValue(point: PlotlyClickPoint, rows: Record<string, unknown>[], column: string): Scalar {
  // Maps and gantt bars carry the value itself, per point.
  if (point.data?.meta === CROSS_FILTER_BY_CUSTOMDATA) return (point.customdata ?? null) as Scalar;
  if (point.data?.type === "pie" || point.data?.type === "funnel") {
    const row = typeof point.pointNumber === "number" ? rows[point.pointNumber] : undefined;
    if (row && column in row) return row[column] as Scalar;
    return (point.label ?? point.y ?? null) as Scalar;
  }
  // Radar: one polygon per row, drawn in the rows' order.
  if (point.data?.type === "scatterpolar") {
    const row = typeof point.curveNumber === "number" ? rows[point.curveNumber] : undefined;
    return (row && column in row ? row[column] : null) as Scalar;
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
    () => dashboardChartExtra(chartId, filters, state.dataMask, layout, metadata),
    [chartId, filters, state.dataMask, layout, metadata],
  );
  const extraKey = JSON.stringify(extra);
  const scheme = state.metadata.color_scheme;
  const labelColors = state.metadata.label_colors;
  const mapLabelColors = state.metadata.map_label_colors;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the serialised extra form data
  const formData = useMemo(() => {
    if (!chart) return null;
    return dashboardChartFormData(chart, dataset, state.info.id, extra, {
      scheme,
      labelColors,
      mapLabelColors,
    });
  }, [chart, extraKey, dataset, scheme, labelColors, mapLabelColors, state.info.id]);
  const request = useMemo(
    () => (formData ? dashboardChartRequest(formData, dataset) : null),
    [formData, dataset],
  );
  const data = useChartData(request, { scope: chartData, round: refreshAt[chartId] ?? 0 });
  // The renderer's code loads while the rows are on the way, not after they arrive.
  useEffect(() => preloadRenderer(formData), [formData]);
  const own = state.dataMask[String(chartId)];
  const emitted = own?.extraFormData?.filters?.length ? own : null;
  const canCrossFilter = crossFiltersEnabled(metadata) && !state.editMode;
  const crossColumn = formData && canCrossFilter ? crossFilterColumn(formData, dataset) : null;
  const position = useMemo(
    () => (formData && canCrossFilter ? crossFilterPosition(formData) : null),
    [formData, canCrossFilter],
  );
  // deck.gl layers whose marks carry what a click filters by (cells, arcs, paths, polygons).
  const picking =
    formData && canCrossFilter && crossFiltersByPick(formData, { guest: !!currentGuestToken() })
      ? formData
      : null;
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
  const dimension = useMemo(
    () => (formData ? crossFilterColumn(formData, dataset) : null),
    [formData, dataset],
  );
  const setCrossFilter = useCallback(
    (column: string, value: Scalar) =>
      dispatch({
        type: "SET_DATA_MASK",
        dataMask: { [String(chartId)]: crossFilterMask(chartId, column, value, latest.current.mask) },
      }),
    [chartId, dispatch],
  );
  // The drawn Plotly element (image download) and the point under the pointer (right-click menu).
  const plotRef = useRef<HTMLElement | null>(null);
  const hovered = useRef<PlotlyClickPoint | null>(null);
  // Clicks on a slice or bar cross-filter the other charts (001 §3 data masks per chart).
  const onPlotReady = useCallback(
    (element: HTMLElement | null) => {
      plotRef.current = element;
      const plot = element as PlotElement | null;
      if (!plot?.on) return;
      plot.removeAllListeners?.("plotly_hover");
      plot.removeAllListeners?.("plotly_unhover");
      plot.on("plotly_hover", (event) => {
        hovered.current = event.points?.[0] ?? null;
      });
      plot.on("plotly_unhover", () => {
        hovered.current = null;
      });
      if (position) {
        // deck.gl points: by the clicked point's longitude and latitude.
        plot.removeAllListeners?.("plotly_click");
        plot.on("plotly_click", (event) => {
          const { lon, lat } = event.points?.[0] ?? {};
          if (typeof lon !== "number" || typeof lat !== "number") return;
          dispatch({
            type: "SET_DATA_MASK",
            dataMask: {
              [String(chartId)]: positionFilterMask(chartId, position, lon, lat, latest.current.mask),
            },
          });
        });
        return;
      }
      if (picking) {
        plot.removeAllListeners?.("plotly_click");
        plot.on("plotly_click", (event) => {
          const pick = pickOf(event.points?.[0]);
          const mask = pick && pickFilterMask(chartId, picking, pick, latest.current.mask);
          if (mask) dispatch({ type: "SET_DATA_MASK", dataMask: { [String(chartId)]: mask } });
        });
        return;
      }
      if (!crossColumn) return;
      plot.removeAllListeners?.("plotly_click");
      plot.on("plotly_click", (event) => {
        const point = event.points?.[0];
        if (!point) return;
        setCrossFilter(crossColumn, clickedValue(point, latest.current.rows, crossColumn));
      });
    },
    [crossColumn, position, picking, chartId, dispatch, setCrossFilter],
  );
  // Clicks on a table's dimension cells do the same, by the clicked cell's column.
  const onCellClick = useCallback(
    (column: string, value: CellValue) => setCrossFilter(column, value),
    [setCrossFilter],
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
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!chart || !formData) {
      navigate(explorePath);
      return;
    }
    exploreChartUrl(formData, chartId, chart.datasourceId, state.info.id).then(
      (url) => navigate(url),
      () => navigate(explorePath),
    );
  };
  const ref = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  useWindowEvent("keydown", (e) => {
    if (fullscreen && e.key === "Escape") setFullscreen(false);
  });
  const [dialog, setDialog] = useState<ChartDialog | null>(null);
  const [contextAt, setContextAt] = useState<ContextMenuAt | null>(null);
  const drillBy = useMemo<DrillByValue | null>(() => {
    const value = emitted?.filterState.value;
    return emitted &&
      typeof emitted.filterState.column === "string" &&
      // A custom SQL filter (a deck.gl path's) is no column value to drill by.
      typeof emitted.extraFormData.filters?.[0]?.col === "string" &&
      Array.isArray(value) &&
      value.length === 1
      ? { column: emitted.filterState.column, value: value[0] as DrillByValue["value"] }
      : null;
  }, [emitted]);
  // `data-rendered` on the holder once the chart has drawn with data (tests, benchmarks). Set on
  // the element, not through state: a render of the whole holder only to add an attribute was a
  // quarter of its renders on a dashboard's load.
  const drawn = useRef(false);
  const succeeded = data.status === "success";
  const showRendered = useCallback((on: boolean) => {
    if (on) ref.current?.setAttribute("data-rendered", "true");
    else ref.current?.removeAttribute("data-rendered");
  }, []);
  const latestSucceeded = useRef(succeeded);
  latestSucceeded.current = succeeded;
  const onRendered = useCallback(() => {
    drawn.current = true;
    showRendered(latestSucceeded.current);
  }, [showRendered]);
  useLayoutEffect(() => showRendered(drawn.current && succeeded), [showRendered, succeeded]);
  const title =
    (component.meta.sliceNameOverride as string) ||
    chart?.sliceName ||
    (component.meta.sliceName as string) ||
    "";
  const bodyHeight = fullscreen
    ? Math.max(window.innerHeight - CHART_HEADER_HEIGHT, 60)
    : Math.max(height - CHART_HEADER_HEIGHT, 60);
  const kind = formData ? rendererKind(formData.viz_type) : null;
  const drillColumns = useMemo(() => drillByColumns(dataset), [dataset]);

  // Charts in the scope of the native filter being hovered or focused in the filter bar (000 §4).
  const activeFilterId = state.hoveredFilterId ?? state.focusedFilterId;
  const inFilterScope = useMemo(() => {
    if (!activeFilterId) return false;
    const filter = filters.find((f) => f.id === activeFilterId);
    return filter ? chartsInScope(filter, layout).includes(chartId) : false;
  }, [activeFilterId, filters, layout, chartId]);

  const runExport = (what: ChartExport) => {
    if (!request || !formData) return;
    exportChart(what, title, request, formData, data.results ?? undefined).catch((err: Error) =>
      toast.danger(err.message),
    );
  };
  const downloadImage = () => {
    downloadChartPng(title, kind === "plotly" ? plotRef.current : null, bodyRef.current).catch((err: Error) =>
      toast.danger(err.message),
    );
  };
  const shareArgs = () =>
    [state.info.id, chartId, component.id, state.dataMask, state.activeTabs] as [
      number,
      number,
      string,
      typeof state.dataMask,
      string[],
    ];

  // Right-click on a chart: the point under the pointer (Plotly) or the table cell gives the value.
  const onContextMenu = (event: React.MouseEvent) => {
    if (!request || state.editMode) return;
    event.preventDefault();
    let value: DrillByValue | null = null;
    const point = hovered.current;
    if (point && dimension)
      value = { column: dimension, value: clickedValue(point, latest.current.rows, dimension) };
    const cell = (event.target as HTMLElement).closest<HTMLElement>("[data-cell-column]");
    if (!value && cell?.dataset.cellColumn && cell.dataset.cellValue !== undefined) {
      value = { column: cell.dataset.cellColumn, value: JSON.parse(cell.dataset.cellValue) as Scalar };
    }
    setContextAt({ x: event.clientX, y: event.clientY, value });
  };

  // The header's props keep their identity across the renders that don't change it (see
  // ChartHeader): each calls the handler of the holder's latest render, kept in one ref as the
  // holder renders (an effect per handler was eight effects a render, and a dashboard's charts
  // render three times each as they load).
  const handlers = useRef({ openInExplore, runExport, downloadImage, shareArgs });
  handlers.current = { openInExplore, runExport, downloadImage, shareArgs };
  const [stable] = useState(() => ({
    onOpenExplore: (event: React.MouseEvent) => handlers.current.openInExplore(event),
    onExport: (what: ChartExport) => handlers.current.runExport(what),
    onImage: () => handlers.current.downloadImage(),
    onToggleFullscreen: () => setFullscreen((f) => !f),
  }));
  const { onOpenExplore, onExport, onImage, onToggleFullscreen } = stable;
  const onRefresh = useCallback(() => refreshCharts([chartId]), [refreshCharts, chartId]);
  const onCopyLink = useCallback(() => void copyChartPermalink(...handlers.current.shareArgs()), []);
  const onEmail = useCallback(
    () => void emailChartPermalink(title, ...handlers.current.shareArgs()),
    [title],
  );
  const clearCrossFilter = useCallback(
    () =>
      dispatch({
        type: "SET_DATA_MASK",
        dataMask: {
          [String(chartId)]: { id: String(chartId), extraFormData: {}, filterState: { value: null } },
        },
      }),
    [dispatch, chartId],
  );
  const crossFilterShown = useMemo(
    () =>
      emitted ? { column: String(emitted.filterState.column ?? ""), label: emitted.filterState.label } : null,
    [emitted],
  );
  const canEditScoping =
    permissions.canEdit &&
    crossFiltersEnabled(metadata) &&
    (!!crossColumn || !!position || !!picking || cellColumns.length > 0);
  const hasRequest = !!request;
  const menu = useMemo<ChartMenuProps | null>(
    () =>
      state.editMode
        ? null
        : {
            hasRequest,
            isPivot: kind === "pivot",
            isTable: kind === "table",
            fullscreen,
            drillBy,
            canExplore: permissions.canExplore,
            canShare: permissions.canShare,
            canCrossFilter,
            canEditScoping,
            explorePath,
            onOpenExplore,
            onDialog: setDialog,
            onRefresh,
            onToggleFullscreen,
            onExport,
            onImage,
            onCopyLink,
            onEmail,
          },
    [
      state.editMode,
      hasRequest,
      kind,
      fullscreen,
      drillBy,
      permissions.canExplore,
      permissions.canShare,
      canCrossFilter,
      canEditScoping,
      explorePath,
      onOpenExplore,
      onRefresh,
      onToggleFullscreen,
      onExport,
      onImage,
      onCopyLink,
      onEmail,
    ],
  );

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
    if (!data.results || !formData) return <DelayedLoader height={h} size="sm" label={t("Loading")} />;
    return (
      <ChartBody
        formData={formData}
        results={data.results}
        height={h}
        onPlotReady={onPlotReady}
        crossFilter={cellCrossFilter}
        highlight={crossColumn && emittedColumn === crossColumn ? emittedValues : null}
        onRendered={onRendered}
      />
    );
  };

  return (
    <div
      ref={ref}
      className={classes.holder}
      style={
        fullscreen
          ? { position: "fixed", inset: 0, zIndex: 300, width: "100vw", height: "100vh", overflow: "hidden" }
          : {
              width,
              height,
              overflow: "hidden",
              position: "relative",
              // A fixed box whose insides never size it: each chart's drawing (Plotly measures
              // text as it lays out) relays out that chart alone, not the whole dashboard.
              contain: "strict",
              ...(inFilterScope ? { boxShadow: "0 0 0 2px var(--mantine-color-blue-5)" } : {}),
            }
      }
      data-test="dashboard-chart"
      data-chart-id={chartId}
      data-layout-id={component.id}
      data-status={data.status}
      data-fullscreen={fullscreen || undefined}
      data-in-filter-scope={inFilterScope || undefined}
    >
      <ChartHeader
        title={title}
        explorePath={permissions.canExplore && !state.editMode ? explorePath : null}
        onOpenExplore={onOpenExplore}
        crossFilter={crossFilterShown}
        onClearCrossFilter={clearCrossFilter}
        refreshing={data.status === "loading" && !!data.results}
        menu={menu}
      />
      <div ref={bodyRef} style={{ height: bodyHeight }} data-test="chart-body" onContextMenu={onContextMenu}>
        <WhenNear holder={ref} always={fullscreen}>
          {() => body(bodyHeight)}
        </WhenNear>
      </div>
      <ChartDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        chartId={chartId}
        title={title}
        request={request}
        formData={formData}
        dataset={dataset}
      />
      {contextAt && (
        <ChartContextMenu
          at={contextAt}
          columns={drillColumns}
          canCrossFilter={canCrossFilter}
          onClose={() => setContextAt(null)}
          onDrillDetail={(by) => setDialog({ kind: "drill-detail", by })}
          onDrillBy={(column, by) =>
            setDialog({
              kind: "drill-by",
              step: { column, ...(by ? { filter: { column: by.column, value: by.value } } : {}) },
            })
          }
          onCrossFilter={(by) => setCrossFilter(by.column, by.value)}
        />
      )}
    </div>
  );
}
