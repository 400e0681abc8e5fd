import { Alert, Box, Group } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useOptionalCurrentUser } from "../../lib/auth/current-user";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { useChartDataScope } from "../../components/charts/data/chart-data-scope";
import { fetchChart } from "./api/chart";
import { fetchDataset } from "./api/dataset";
import { BuilderPane } from "./components/builder/builder-pane";
import { FilterBar } from "./components/filters/filter-bar";
import { DashboardHeader } from "./components/header/dashboard-header";
import { DashboardGrid } from "./components/layout/dashboard-grid";
import { DndProvider } from "./components/layout/dnd";
import { OverwriteConfirmModal } from "./components/modals/overwrite-confirm-modal";
import { PropertiesModal } from "./components/modals/properties-modal";
import { RefreshIntervalModal } from "./components/modals/refresh-interval-modal";
import { SaveAsModal } from "./components/modals/save-as-modal";
import { ShareModal } from "./components/modals/share-modal";
import { useRefreshRounds } from "./hooks/use-auto-refresh";
import { usePrefetchChartData } from "./hooks/use-prefetch-chart-data";
import { useDashboardSave } from "./hooks/use-dashboard-save";
import { useFocusedChart } from "./hooks/use-focused-chart";
import { downloadDashboardWithToasts } from "./export/dashboard-download";
import { useLabelColorSync } from "./hooks/use-label-color-sync";
import { visibleChartIds } from "./model/active-tabs";
import { sanitizeCss } from "./model/css";
import type { DataMaskMap } from "./model/dashboard-types";
import { initialDataMask } from "./model/data-mask";
import type { DropCheck } from "./model/drop-rules";
import { type Hydrated, nativeFiltersOf, toDashboardChart, toDatasetMap } from "./model/hydrate";
import type { DropResult } from "./model/layout-types";
import {
  canCopyDashboard,
  canEditDashboard,
  canExplore,
  canSaveDashboard,
  canShareDashboard,
} from "./model/permissions";
import { UNDO_LIMIT, undoExhaustedMessage } from "./model/undo-history";
import { type DashboardContextValue, DashboardProvider } from "./state/dashboard-context";
import { dashboardReducer, initialDashboardState } from "./state/dashboard-reducer";
import { lazyComponent } from "../../lib/lazy-part";

const FilterConfigModal = lazyComponent(() => import("./components/filters/filter-config-modal"));
const EmbedModal = lazyComponent(() => import("./components/modals/embed-modal"));
const CssModal = lazyComponent(() => import("./components/modals/css-modal"));

type ModalName = "properties" | "saveAs" | "refresh" | "share" | "filters" | "embed" | "css" | null;

export interface DashboardViewProps {
  hydrated: Hydrated;
  /** From a permalink (or URL): filter values and active tabs to open with. */
  initial?: {
    dataMask?: DataMaskMap;
    activeTabs?: string[];
    anchor?: string | null;
    urlParams?: [string, string][];
  };
  editMode?: boolean;
  /** Embedded (guest) view: no header (title, favourite, share, edit, menu); read-only. */
  embedded?: boolean;
  /**
   * Called after the data mask changes (native filter applied or cleared, cross filter set or
   * cleared), with the whole mask and the active tabs; not called for the initial mask.
   */
  onDataMaskChange?: (dataMask: DataMaskMap, activeTabs: string[]) => void;
  /** Called when edit mode ends (saved or discarded). */
  onEditModeExit?: () => void;
}

/** The dashboard: header, native filter bar, layout (and the builder in edit mode). */
export function DashboardView({
  hydrated,
  initial,
  editMode,
  embedded,
  onDataMaskChange,
  onEditModeExit,
}: DashboardViewProps) {
  const user = useOptionalCurrentUser();
  const permissions = useMemo(
    () => ({
      canEdit: canEditDashboard(user, hydrated.info),
      canSave: canSaveDashboard(user, hydrated.info),
      canShare: canShareDashboard(user),
      canExplore: canExplore(user),
      canCopy: canCopyDashboard(user),
    }),
    [user, hydrated.info],
  );
  const [state, dispatch] = useReducer(dashboardReducer, hydrated, (h) =>
    initialDashboardState(h, {
      activeTabs: initial?.activeTabs,
      dataMask: initialDataMask(nativeFiltersOf(h.metadata), initial?.dataMask),
      editMode: !embedded && !!editMode && canEditDashboard(user, h.info),
    }),
  );
  const chartData = useChartDataScope({ batch: true });
  usePrefetchChartData(state, chartData);
  const { refreshAt, refreshCharts } = useRefreshRounds(state);
  const ctx: DashboardContextValue = { state, dispatch, permissions, chartData, refreshAt, refreshCharts };
  const members = useRef(new Set(Object.keys(hydrated.charts).map(Number)));
  const saver = useDashboardSave(ctx, members.current);
  useLabelColorSync(
    state.info.id,
    state.metadata.color_scheme,
    state.metadata.map_label_colors,
    permissions.canEdit && !embedded,
  );
  const [modal, setModal] = useState<ModalName>(null);
  useFocusedChart(state.layout.present, state.activeTabs, dispatch, initial);

  useHotkeys(
    state.editMode
      ? [
          ["mod+Z", () => dispatch({ type: "UNDO" })],
          ["mod+shift+Z", () => dispatch({ type: "REDO" })],
        ]
      : [],
  );

  useEffect(() => {
    if (state.maxUndoHistoryExceeded) toast.warning(undoExhaustedMessage(UNDO_LIMIT));
  }, [state.maxUndoHistoryExceeded]);

  const stateRef = useRef(state);
  stateRef.current = state;
  const onDataMaskChangeRef = useRef(onDataMaskChange);
  onDataMaskChangeRef.current = onDataMaskChange;
  const firstDataMask = useRef(state.dataMask);
  useEffect(() => {
    if (state.dataMask === firstDataMask.current) return;
    onDataMaskChangeRef.current?.(state.dataMask, stateRef.current.activeTabs);
  }, [state.dataMask]);
  const onEditModeExitRef = useRef(onEditModeExit);
  onEditModeExitRef.current = onEditModeExit;
  const wasEditing = useRef(state.editMode);
  useEffect(() => {
    if (wasEditing.current && !state.editMode) onEditModeExitRef.current?.();
    wasEditing.current = state.editMode;
  }, [state.editMode]);
  /** A chart dropped from the pane: its definition and dataset join the dashboard's. */
  const loadChart = useCallback(async (chartId: number) => {
    const s = stateRef.current;
    if (s.charts[chartId]) return;
    try {
      const chart = toDashboardChart(await fetchChart(chartId));
      const datasets = s.datasets[chart.datasourceId]
        ? {}
        : toDatasetMap([await fetchDataset(chart.datasourceId)]);
      dispatch({ type: "ADD_CHARTS", charts: [chart], datasets });
    } catch (err) {
      toast.danger(
        t("Sorry, there is no chart definition associated with the chart trying to be added.") +
          ` ${(err as Error).message}`,
      );
    }
  }, []);

  const onDrop = useCallback(
    (drop: DropResult, check: DropCheck) => {
      if (!check.ok) {
        if (check.message) toast.danger(check.message);
        return;
      }
      dispatch({ type: "DROP", drop });
      if (check.info) toast.info(check.info);
      const chartId = drop.dragging.meta?.chartId;
      if (drop.dragging.type === "CHART" && typeof chartId === "number") void loadChart(chartId);
    },
    [loadChart],
  );

  const refreshVisible = () => refreshCharts(visibleChartIds(state.layout.present, state.activeTabs));
  const css = sanitizeCss(state.info.css);
  const vertical = state.metadata.filter_bar_orientation !== "HORIZONTAL";
  const close = () => setModal(null);
  // Drawn by the server (as reports are) in the state shown: the filters applied, the tabs open.
  const download = (format: "png" | "pdf") =>
    void downloadDashboardWithToasts(state.info.id, state.info.title, format, {
      dataMask: state.dataMask,
      activeTabs: state.activeTabs,
      anchor: initial?.anchor ?? undefined,
      urlParams: [...new URLSearchParams(window.location.search)],
    });

  return (
    <DashboardProvider value={ctx}>
      {css && <style data-test="dashboard-css">{css}</style>}
      <DndProvider layout={state.layout.present} onDrop={onDrop}>
        <Box className="dashboard" data-test="dashboard-page" data-edit-mode={state.editMode || undefined}>
          {!embedded && (
            <DashboardHeader
              onSave={() => void saver.save()}
              onDiscard={() => dispatch({ type: "DISCARD_CHANGES" })}
              onProperties={() => setModal("properties")}
              onSaveAs={() => setModal("saveAs")}
              onRefreshInterval={() => setModal("refresh")}
              onShare={() => setModal("share")}
              onRefresh={refreshVisible}
              onDownload={download}
              onEmbed={() => setModal("embed")}
              onEditCss={() => setModal("css")}
            />
          )}
          {saver.error && (
            <Alert
              color="red"
              withCloseButton
              onClose={saver.clearError}
              mb="md"
              title={t("The dashboard was not saved")}
              data-test="save-error"
            >
              {saver.error}
            </Alert>
          )}
          <Group align="flex-start" wrap="nowrap" gap="md">
            {vertical && !state.editMode && <FilterBar onConfigure={() => setModal("filters")} />}
            <Box style={{ flex: 1, minWidth: 0 }}>
              {!vertical && !state.editMode && <FilterBar onConfigure={() => setModal("filters")} />}
              <DashboardGrid />
            </Box>
            {state.editMode && <BuilderPane />}
          </Group>
        </Box>
      </DndProvider>
      {modal === "properties" && <PropertiesModal onClose={close} />}
      {modal === "saveAs" && <SaveAsModal onClose={close} />}
      {modal === "refresh" && <RefreshIntervalModal onClose={close} />}
      {modal === "share" && <ShareModal onClose={close} />}
      {modal === "embed" && <EmbedModal onClose={close} />}
      {modal === "css" && <CssModal onClose={close} />}
      {modal === "filters" && <FilterConfigModal onClose={close} />}
      {saver.confirm && (
        <OverwriteConfirmModal
          items={saver.confirm.items}
          onConfirm={() => void saver.confirmOverwrite()}
          onCancel={saver.cancelOverwrite}
        />
      )}
    </DashboardProvider>
  );
}
