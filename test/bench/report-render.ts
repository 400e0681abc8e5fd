import { join } from "node:path";
import { loadSpa } from "../../functions/src/http/spa.ts";
import { PROJECT_ROOT } from "../../functions/src/runtime/local-runtime.ts";
import { browserMemory } from "../../functions/src/runtime/report-render/browser-memory.ts";
import { ChromiumReportRenderer } from "../../functions/src/runtime/report-render/chromium-report-renderer.ts";
import type { RenderFormat, RenderJob } from "@strata/core/reports/render-port";
import { barChartJob, twentyChartDashboardJob } from "../support/report-render-jobs.ts";

/**
 * `node --import tsx test/bench/report-render.ts` (after `npm run build:web`): how long the report
 * renderer takes to draw a one-chart PNG and a 20-chart dashboard PDF in a warm Chromium (p50 of
 * BENCH_ROUNDS), the first job's cost with the browser's start, and the browser's memory.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const renderer = new ChromiumReportRenderer({ spa: () => loadSpa(join(PROJECT_ROOT, "web", "dist")) });
let peakPss = 0;
const sample = () => {
  const m = browserMemory();
  if (m) peakPss = Math.max(peakPss, m.pssMiB);
};
const sampler = setInterval(sample, 100);

async function time(job: RenderJob, format: RenderFormat): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const files = await renderer.render(job, format, { timeoutMs: 120_000 });
  return { ms: performance.now() - started, bytes: files.reduce((n, f) => n + f.bytes.length, 0) };
}

async function p50(label: string, job: RenderJob, format: RenderFormat) {
  const runs: { ms: number; bytes: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await time(job, format));
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `${label.padEnd(28)} p50 ${Math.round(median)} ms  (min ${Math.round(sorted[0])}, max ${Math.round(sorted.at(-1)!)}; ${Math.round(runs[0].bytes / 1024)} KiB)`,
  );
}

try {
  const cold = await time(barChartJob(), "PNG");
  console.log(`${"first job (browser start)".padEnd(28)} ${Math.round(cold.ms)} ms`);
  await p50("one-chart PNG", barChartJob(), "PNG");
  await p50("20-chart dashboard PDF", twentyChartDashboardJob(), "PDF");
  await p50("20-chart dashboard PNG", twentyChartDashboardJob(), "PNG");
  sample();
  const m = browserMemory();
  if (m)
    console.log(
      `browser memory: ${m.processes} processes, peak PSS ${peakPss} MiB (sampled every 100 ms), ` +
        `now ${m.pssMiB} MiB PSS / ${m.rssMiB} MiB RSS summed, sum of per-process peaks (VmHWM) ${m.peakMiB} MiB`,
    );
  console.log(`node process peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`);
} finally {
  clearInterval(sampler);
  await renderer.close();
}
