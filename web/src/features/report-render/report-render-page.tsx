import { useEffect, useMemo } from "react";
import classes from "./report-render.module.css";
import { ReportChart } from "./report-chart";
import { ReportRows } from "./report-rows";
import {
  DEFAULT_CHART_HEIGHT,
  DEFAULT_CHART_WIDTH,
  DEFAULT_DASHBOARD_WIDTH,
  drawnChartIds,
  readRenderJob,
  type RenderJob,
} from "./render-job";
import { createRenderSignal } from "./render-signal";

/**
 * The page PNG and PDF reports are captured from. It draws a render job the server computed
 * (charts with their data, a dashboard's layout) with the SPA's own renderers, makes no request,
 * and marks <body> when every chart has drawn (`data-rendered`) or one failed (`data-render-error`).
 */
export default function ReportRenderPage() {
  const job = useMemo(() => readRenderJob(window.__STRATA_RENDER__), []);
  useEffect(() => {
    if (typeof job === "string") document.body.dataset.renderError = job;
  }, [job]);
  if (typeof job === "string")
    return (
      <div className={classes.error} role="alert">
        {job}
      </div>
    );
  return <ReportDocument job={job} />;
}

function ReportDocument({ job }: { job: RenderJob }) {
  const signal = useMemo(() => createRenderSignal(drawnChartIds(job), document.body), [job]);
  useEffect(() => {
    // The PDF's document title.
    if (job.title) document.title = job.title;
  }, [job.title]);
  const width = job.width ?? (job.kind === "dashboard" ? DEFAULT_DASHBOARD_WIDTH : DEFAULT_CHART_WIDTH);
  return (
    <main className={classes.page} style={{ width }} data-report-kind={job.kind}>
      {job.kind === "dashboard" && job.title && <h1 className={classes.title}>{job.title}</h1>}
      {job.kind === "dashboard" && job.rows ? (
        <ReportRows rows={job.rows} charts={job.charts} signal={signal} />
      ) : (
        job.charts.map((chart) => (
          <div key={chart.id} className={classes.row}>
            <div style={{ gridColumn: "span 12", minWidth: 0 }}>
              <ReportChart chart={chart} height={chart.height ?? DEFAULT_CHART_HEIGHT} signal={signal} />
            </div>
          </div>
        ))
      )}
    </main>
  );
}
