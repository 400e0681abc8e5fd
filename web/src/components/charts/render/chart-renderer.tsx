import { Center, Loader, Stack, Text } from "@mantine/core";
import { Component, type ErrorInfo, type ReactNode, useEffect } from "react";
import { t } from "../../../lib/i18n";
import { useLazyPart } from "../../../lib/lazy-part";
import { modernFormData } from "@strata/contracts/chart-query";
import { isSupportedVizType } from "../viz-types";
import type { ChartRenderProps } from "./chart-render-props";
import { hasNoResults, NoResults } from "./no-results";
import { type RendererChunk, rendererChunk } from "./renderer-chunks";

class RenderBoundary extends Component<
  { onError?: (error: Error) => void; children: ReactNode; fallback: (error: Error) => ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, _info: ErrorInfo) {
    this.props.onError?.(error);
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * A chart whose viz_type Strata cannot draw (a Superset plugin it lacks, a typo in imported form
 * data): said plainly, in Superset's words, with the key, instead of a guess or a crash.
 */
export function UnsupportedVizType({
  vizType,
  height,
  onShown,
}: {
  vizType: string;
  height?: number;
  /** The placeholder is what this chart draws: it counts as drawn (dashboards, reports wait for it). */
  onShown?: () => void;
}) {
  useEffect(() => onShown?.(), [onShown]);
  return (
    <Center h={height} p="sm" data-test="viz-unsupported" data-viz-type={vizType}>
      <Stack align="center" gap={4} maw={420}>
        <Text fw={600} ta="center">
          {t("This visualization type is not supported.")}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t("Visualization type: %s", vizType || t("none"))}
        </Text>
      </Stack>
    </Center>
  );
}

/** Draws with the renderer once its chunk is in; a loader in the chart's box until then. */
function LoadedRenderer({ chunk, props }: { chunk: RendererChunk; props: ChartRenderProps }) {
  const Renderer = useLazyPart(chunk)?.default;
  if (!Renderer)
    return (
      <Center h={props.height}>
        <Loader aria-label={t("Loading chart")} />
      </Center>
    );
  return <Renderer {...props} />;
}

/**
 * Draws a visualisation from its form data and chart-data results. Renderers are lazy chunks:
 * Plotly (partial bundle) for charts, a virtualised grid for tables, HTML for pivot tables.
 */
export function ChartRenderer(input: ChartRenderProps & { renderError?: (error: Error) => ReactNode }) {
  // Legacy keys (dist_bar, line, pivot_table…) draw as the modern type Superset migrates them to.
  const props = { ...input, formData: modernFormData(input.formData) };
  const { renderError, ...rest } = props;
  if (!isSupportedVizType(props.formData.viz_type))
    return (
      <UnsupportedVizType
        vizType={props.formData.viz_type}
        height={props.height}
        onShown={props.onRenderSuccess}
      />
    );
  // A query without rows draws Superset's empty state, whatever the visualisation: renderers are
  // left to draw rows, not to explain their absence (blank panes, axes of made-up dates).
  if (hasNoResults(props.formData.viz_type, props.results))
    return <NoResults height={props.height} onShown={props.onRenderSuccess} />;
  return (
    <RenderBoundary
      key={props.formData.viz_type}
      onError={props.onRenderFailure}
      fallback={(error) =>
        renderError?.(error) ?? (
          <div
            role="alert"
            data-test="chart-render-error"
            style={{ padding: 8, overflow: "auto", height: props.height }}
          >
            {t("An error occurred while rendering the visualization: %s", error.message)}
          </div>
        )
      }
    >
      <LoadedRenderer chunk={rendererChunk(props.formData)} props={rest} />
    </RenderBoundary>
  );
}
