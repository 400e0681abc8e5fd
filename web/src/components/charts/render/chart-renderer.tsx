import { Center, Loader } from "@mantine/core";
import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from "react";
import { t } from "../../../lib/i18n";
import { rendererKind } from "../viz-types";
import type { ChartRenderProps } from "./chart-render-props";

const PlotlyChart = lazy(() => import("./plotly/plotly-chart"));
const TableChart = lazy(() => import("./table/table-chart"));
const PivotTableChart = lazy(() => import("./pivot/pivot-table-chart"));

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
 * Draws a visualisation from its form data and chart-data results. Renderers are lazy chunks:
 * Plotly (partial bundle) for charts, a virtualised grid for tables, HTML for pivot tables.
 */
export function ChartRenderer(props: ChartRenderProps & { renderError?: (error: Error) => ReactNode }) {
  const { renderError, ...rest } = props;
  const kind = rendererKind(props.formData.viz_type);
  const Renderer = kind === "table" ? TableChart : kind === "pivot" ? PivotTableChart : PlotlyChart;
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
      <Suspense
        fallback={
          <Center h={props.height}>
            <Loader aria-label={t("Loading chart")} />
          </Center>
        }
      >
        <Renderer {...rest} />
      </Suspense>
    </RenderBoundary>
  );
}
