import { useCallback, useEffect, useMemo } from "react";
import { ChartRenderer } from "../../components/charts/render/chart-renderer";
import { isSupportedVizType } from "../../components/charts/viz-types";
import classes from "./report-render.module.css";
import { chartFormData, chartResults, dataError, type RenderChart } from "./render-job";
import type { RenderSignal } from "./render-signal";

const TITLE_HEIGHT = 28;
const PADDING = 16;
const MIN_PLOT_HEIGHT = 100;

/** One chart of a report: its title as text (so it is searchable in a PDF) above the drawing. */
export function ReportChart({
  chart,
  height,
  signal,
}: {
  chart: RenderChart;
  /** The chart's whole box, title included. */
  height: number;
  signal: RenderSignal;
}) {
  const formData = useMemo(() => chartFormData(chart), [chart]);
  const results = useMemo(() => chartResults(chart), [chart]);
  // A report must not mail a placeholder as if it were the chart: a type Strata cannot draw
  // fails the run, naming the chart, so its owner learns which one to fix.
  const failedData = useMemo(
    () =>
      isSupportedVizType(formData.viz_type)
        ? dataError(chart)
        : `No renderer for visualization type "${formData.viz_type}"`,
    [chart, formData.viz_type],
  );
  const onDrawn = useCallback(() => signal.drawn(chart.id), [signal, chart.id]);
  const onFailed = useCallback(
    (error: Error) => signal.failed(chart.title, error.message),
    [signal, chart.title],
  );
  useEffect(() => {
    if (failedData) signal.failed(chart.title, failedData);
  }, [failedData, signal, chart.title]);
  const plotHeight = Math.max(MIN_PLOT_HEIGHT, height - TITLE_HEIGHT - PADDING);
  return (
    <section className={classes.chart} style={{ height }} data-report-chart={chart.id}>
      <h3 className={classes.chartTitle}>{chart.title}</h3>
      {failedData ? (
        <div className={classes.error} role="alert">
          {failedData}
        </div>
      ) : (
        <ChartRenderer
          formData={formData}
          results={results}
          height={plotHeight}
          onRenderSuccess={onDrawn}
          onRenderFailure={onFailed}
          renderError={(error) => (
            <div className={classes.error} role="alert">
              {error.message}
            </div>
          )}
        />
      )}
    </section>
  );
}
