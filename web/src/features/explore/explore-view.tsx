import { Box, Group, Stack } from "@mantine/core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  buildChartDataRequest,
  type ChartDataset,
  downloadChartImage,
  type FormData,
  type OwnState,
  rendererKind,
} from "../../components/charts";
import { errorMessage } from "../../lib/api-error";
import { useOptionalCurrentUser } from "../../lib/auth/current-user";
import { t } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { ChartPropertiesModal } from "../../components/chart-properties";
import { downloadChartData } from "../../components/charts/data/download-chart-data";
import type { ExploreSlice } from "./api/explore";
import { createPermalink } from "./api/create-permalink";
import { ChartPane } from "./components/chart-pane";
import { ControlPanel } from "./components/control-panel";
import { DataPane } from "./components/data-pane";
import { DatasetPane } from "./components/dataset-pane";
import { ExploreHeader } from "./components/explore-header";
import { SaveModal } from "./components/save-modal";
import { ViewQueryModal } from "./components/view-query-modal";
import { VizPicker } from "./components/viz-picker";
import { useChartQuery } from "./hooks/use-chart-query";
import { useFormDataKey } from "./hooks/use-form-data-key";
import { isEqualish } from "./model/altered";
import { applyControls, renderTriggerKeys, switchVizType, validateForm } from "./model/form-data";
import { controlPanelOf } from "./controls/panels";
import { explorePermissions } from "./model/permissions";

export interface ExploreViewProps {
  dataset: ChartDataset;
  formData: FormData;
  savedFormData: Partial<FormData> | null;
  slice: ExploreSlice | null;
  standalone: boolean;
  force: boolean;
  formDataKey: string | null;
  /** Loads the chart again (after overwriting it: the saved form is the new baseline). */
  onReload: () => void;
}

const PANE_HEIGHT = "calc(100vh - 56px - 2 * var(--mantine-spacing-md))";

/** Explore: dataset pane, control panel, chart with its data pane; header with save and actions. */
export function ExploreView(props: ExploreViewProps) {
  const { slice, standalone } = props;
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const user = useOptionalCurrentUser();
  const [dataset, setDataset] = useState(props.dataset);
  const [formData, setFormData] = useState(props.formData);
  const [sliceName, setSliceName] = useState(slice?.slice_name ?? null);
  const [ownState, setOwnState] = useState<OwnState | undefined>(undefined);
  const [modal, setModal] = useState<"save" | "query" | "properties" | null>(null);
  const [runCount, setRunCount] = useState(0);
  const plot = useRef<HTMLElement | null>(null);
  const chart = useChartQuery(dataset);
  const perms = explorePermissions(user, slice);

  const errors = useMemo(() => validateForm(formData, dataset), [formData, dataset]);
  const invalid = Object.keys(errors).length > 0;

  const run = useCallback(
    (fd: FormData, options: { force?: boolean; ownState?: OwnState } = {}) => {
      setRunCount((n) => n + 1);
      void chart.run(fd, options);
    },
    [chart.run],
  );

  // A saved chart (or a forced link) is drawn at once; a new one waits for "Create chart".
  // biome-ignore lint/correctness/useExhaustiveDependencies: first render only
  useEffect(() => {
    if ((slice || props.force || standalone) && !invalid) run(formData, { force: props.force });
  }, []);

  useFormDataKey(
    formData,
    dataset.id,
    slice?.slice_id ?? null,
    props.formDataKey,
    (key) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set("form_data_key", key);
          return next;
        },
        { replace: true },
      ),
    !standalone,
  );

  const onControlChange = useCallback((name: string, value: unknown) => {
    setFormData((fd) => ({ ...fd, [name]: value }));
  }, []);

  const renderKeys = useMemo(() => renderTriggerKeys(formData.viz_type), [formData.viz_type]);
  const queried = chart.state.queryFormData;
  const stale = useMemo(() => {
    if (!queried) return false;
    const keys = new Set([...Object.keys(queried), ...Object.keys(formData)]);
    return [...keys].some((k) => !renderKeys.has(k) && !isEqualish(queried[k], formData[k]));
  }, [queried, formData, renderKeys]);
  const renderFormData = useMemo(() => {
    if (!queried) return null;
    if (queried.viz_type !== formData.viz_type) return queried;
    const drawn: FormData = { ...queried };
    for (const key of renderKeys) drawn[key] = formData[key];
    return drawn;
  }, [queried, formData, renderKeys]);

  const changeOwnState = (state: OwnState) => {
    setOwnState(state);
    if (queried) run(queried, { ownState: state });
  };

  const download = async (format: "csv" | "xlsx" | "png") => {
    const name = sliceName ?? dataset.table_name;
    try {
      if (format === "png") {
        if (!plot.current) throw new Error(t("Run the chart before downloading it as an image"));
        await downloadChartImage(plot.current, name);
        return;
      }
      const request = buildChartDataRequest(
        formData,
        { dataset },
        { resultFormat: format, resultType: "full" },
      );
      await downloadChartData(request, name);
    } catch (err) {
      toast.danger(errorMessage(err));
    }
  };

  const copyPermalink = async () => {
    try {
      const { url } = await createPermalink(formData, [
        ...new URLSearchParams(window.location.search).entries(),
      ]);
      await navigator.clipboard.writeText(new URL(url, window.location.origin).toString());
      toast.success(t("Copied to clipboard!"));
    } catch (err) {
      toast.danger(t("Sorry, something went wrong. Try again later.") + ` ${errorMessage(err)}`);
    }
  };

  const chartPane = (
    <ChartPane
      chart={chart.state}
      renderFormData={renderFormData}
      invalid={invalid}
      stale={stale}
      onRun={() => run(formData, { ownState })}
      onStop={chart.stop}
      ownState={ownState}
      setOwnState={changeOwnState}
      onPlotReady={(el) => {
        plot.current = el;
      }}
      onRendered={chart.rendered}
      onRenderFailed={chart.renderFailed}
      bare={standalone}
      vizType={formData.viz_type}
    />
  );

  if (standalone) {
    return (
      <Box h="calc(100vh - 2 * var(--mantine-spacing-md))" data-test="explore-standalone">
        {chartPane}
      </Box>
    );
  }

  return (
    <Stack gap="sm" h={PANE_HEIGHT} data-test="explore-page">
      <ExploreHeader
        title={sliceName ?? t("Untitled chart")}
        savedFormData={props.savedFormData}
        formData={formData}
        perms={perms}
        hasSlice={!!slice}
        sliceId={slice?.slice_id ?? null}
        canImage={rendererKind(formData.viz_type) === "plotly" && perms.canDownload}
        onSave={() => setModal("save")}
        onEditProperties={() => setModal("properties")}
        onViewQuery={() => setModal("query")}
        onDownload={(f) => void download(f)}
        onCopyPermalink={() => void copyPermalink()}
        onForceRefresh={() => run(formData, { force: true, ownState })}
      />
      <Group align="stretch" gap="md" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Box w={240} style={{ flex: "none" }}>
          <DatasetPane
            dataset={dataset}
            onSwap={(next) => {
              setDataset(next);
              setFormData((fd) =>
                applyControls({ ...fd, datasource: `${next.id}__table` }, controlPanelOf(fd.viz_type), next),
              );
            }}
          />
        </Box>
        <Stack w={340} gap="xs" style={{ flex: "none", minHeight: 0 }}>
          <VizPicker
            value={formData.viz_type}
            onChange={(viz) => setFormData((fd) => switchVizType(fd, viz, dataset))}
          />
          <Box style={{ flex: 1, minHeight: 0 }}>
            <ControlPanel formData={formData} dataset={dataset} errors={errors} onChange={onControlChange} />
          </Box>
        </Stack>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
          <Box style={{ flex: 1, minHeight: 0 }}>{chartPane}</Box>
          <DataPane formData={queried} dataset={dataset} version={runCount} />
        </Stack>
      </Group>
      {modal === "save" && (
        <SaveModal
          opened
          onClose={() => setModal(null)}
          formData={formData}
          dataset={dataset}
          slice={slice}
          canOverwrite={perms.canOverwrite}
          onSaved={(id, dashboardId) => {
            setModal(null);
            if (dashboardId) {
              navigate(`/superset/dashboard/${dashboardId}/`);
              return;
            }
            navigate(`/explore/?slice_id=${id}`);
            if (slice && id === slice.slice_id) props.onReload();
          }}
        />
      )}
      {modal === "query" && (
        <ViewQueryModal opened onClose={() => setModal(null)} formData={formData} dataset={dataset} />
      )}
      {modal === "properties" && slice && (
        <ChartPropertiesModal
          chartId={slice.slice_id}
          onClose={() => setModal(null)}
          onSaved={setSliceName}
        />
      )}
    </Stack>
  );
}
