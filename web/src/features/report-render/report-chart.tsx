import { useCallback, useEffect, useMemo } from "react";
import { ChartRenderer } from "../../components/charts/render/chart-renderer";
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
  const failedData = useMemo(() => dataError(chart), [chart]);
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
