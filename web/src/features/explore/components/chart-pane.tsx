import { Alert, Badge, Box, Button, Center, Group, Loader, Stack, Text, Tooltip } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useEffect } from "react";
import { IconPlayerPlay, IconPlayerStop } from "@tabler/icons-react";
import { ChartRenderer, type FormData, type OwnState } from "../../../components/charts";
import { UnsupportedVizType } from "../../../components/charts/render/chart-renderer";
import { preloadRenderer } from "../../../components/charts/render/renderer-chunks";
import { isSupportedVizType } from "../../../components/charts/viz-types";
import { ApiErrorDisplay } from "../../../components/error-display";
import { formatNumber, t } from "../../../lib/i18n";
import type { ChartState } from "../model/chart-state";

interface Props {
  chart: ChartState;
  /** Form data to draw with: the queried one plus drawing-only controls of the current form. */
  renderFormData: FormData | null;
  invalid: boolean;
  stale: boolean;
  onRun: () => void;
  onStop: () => void;
  ownState?: OwnState;
  setOwnState?: (state: OwnState) => void;
  onPlotReady?: (element: HTMLElement | null) => void;
  onRendered: () => void;
  onRenderFailed: (error: unknown) => void;
  /** Standalone mode: only the chart, no run bar. */
  bare?: boolean;
  /** The form's viz_type: one Strata cannot draw shows its placeholder whatever the run state. */
  vizType?: string;
}

const DEFAULT_HEIGHT = 400;

function EmptyState({ title, description }: { title: string; description: string }) {
  return (
    <Center h="100%" data-test="chart-empty-state">
      <Stack align="center" gap={4} maw={420}>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {description}
        </Text>
      </Stack>
    </Center>
  );
}

/** The chart area: run/stop, and the chart in each lifecycle state (000 §4). */
export function ChartPane(props: Props) {
  const { chart, renderFormData, invalid, stale, onRun, onStop, bare } = props;
  const { ref, height } = useElementSize();
  // The renderer's code loads while the query runs, not after its rows arrive.
  useEffect(() => preloadRenderer(renderFormData), [renderFormData]);
  const result = chart.results?.[0];
  const ran = chart.status !== "idle";
  const body = () => {
    if (props.vizType !== undefined && !isSupportedVizType(props.vizType))
      return <UnsupportedVizType vizType={props.vizType} />;
    if (chart.status === "loading") {
      return (
        <Center h="100%">
          <Stack align="center" gap="xs">
            <Loader aria-label={t("Loading")} data-test="chart-loading" />
            {!bare && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPlayerStop size={14} />}
                onClick={onStop}
                data-test="stop-query"
              >
                {t("Stop")}
              </Button>
            )}
          </Stack>
        </Center>
      );
    }
    if (invalid && !chart.results) {
      return (
        <EmptyState
          title={t("Add required control values to preview chart")}
          description={t(
            'Select values in highlighted field(s) in the control panel. Then run the query by clicking on the "Create chart" button.',
          )}
        />
      );
    }
    if (chart.status === "idle") {
      return (
        <EmptyState
          title={t("Your chart is ready to go!")}
          description={t('Click on "Create chart" to preview a visualization.')}
        />
      );
    }
    if (chart.status === "failed") {
      return (
        <Box p="md" data-test="chart-error">
          <ApiErrorDisplay error={chart.error} source="explore" />
        </Box>
      );
    }
    if (chart.status === "stopped") {
      return (
        <Box p="md">
          <Alert color="yellow" data-test="chart-stopped">
            {t("Updating chart was stopped")}
          </Alert>
        </Box>
      );
    }
    if (!renderFormData || !chart.results) return null;
    return (
      <ChartRenderer
        formData={renderFormData}
        results={chart.results}
        // Before the first measurement (and where nothing is laid out) a default height.
        height={height > 0 ? Math.max(height - 8, 120) : DEFAULT_HEIGHT}
        ownState={props.ownState}
        setOwnState={props.setOwnState}
        onPlotReady={props.onPlotReady}
        onRenderSuccess={props.onRendered}
        onRenderFailure={props.onRenderFailed}
      />
    );
  };
  return (
    <Stack gap="xs" h="100%" data-test="chart-pane" data-status={chart.status}>
      {!bare && (
        <Group justify="space-between">
          <Group gap="xs">
            <Tooltip label={t("Fix the highlighted controls first")} disabled={!invalid}>
              <Button
                size="xs"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={onRun}
                disabled={invalid || chart.status === "loading"}
                variant={stale || !ran ? "filled" : "light"}
                data-test="run-query-button"
              >
                {ran ? t("Update chart") : t("Create chart")}
              </Button>
            </Tooltip>
            {stale && ran && chart.status !== "loading" && (
              <Text size="xs" c="dimmed" data-test="chart-stale">
                {t("Controls changed: update the chart to see them")}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            {result && (chart.status === "success" || chart.status === "rendered") ? (
              <>
                <Badge variant="light" data-test="row-count">
                  {t("%s rows", formatNumber(result.rowcount ?? 0))}
                </Badge>
                {result.is_cached ? (
                  <Tooltip label={t("Loaded data cached %s", result.cached_dttm ?? "")}>
                    <Badge variant="light" color="gray" data-test="cached-badge">
                      {t("Cached")}
                    </Badge>
                  </Tooltip>
                ) : null}
              </>
            ) : null}
          </Group>
        </Group>
      )}
      <Box ref={ref} style={{ flex: 1, minHeight: 200, position: "relative" }}>
        {body()}
      </Box>
    </Stack>
  );
}
