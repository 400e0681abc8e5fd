import { browserMemory, findChromium } from "../../functions/src/runtime/report-render/index.ts";
import { reportSession, smtpSettings } from "../support/report-fixtures.ts";
import { startSmtpReceiver } from "../support/report-receivers.ts";
import { startTestServer } from "../support/server.ts";

/**
 * `npm run bench:reports` (builds the web app first): the time from the minute tick to the email
 * in a real SMTP server, through the real server, queue and worker, for a chart PNG and a
 * 20-chart dashboard PDF (p50 of BENCH_ROUNDS, each a new report; the first run, which starts
 * the browser, shown apart), and the browser's memory over the whole run.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

if (!findChromium()) {
  console.log("bench:reports skipped: no Chromium (apt-get install chromium, or set CHROMIUM_PATH).");
  process.exit(0);
}

const smtp = await startSmtpReceiver();
const s = await startTestServer({ examples: ["birth_names"], reports: smtpSettings(smtp.port) });
let peakPss = 0;
let peakRss = 0;
const sampler = setInterval(() => {
  const m = browserMemory();
  if (m) {
    peakPss = Math.max(peakPss, m.pssMiB);
    peakRss = Math.max(peakRss, m.rssMiB);
  }
}, 100);

try {
  const api = await reportSession(s);
  const chart = await api.chart("Births by gender", "table");
  const dashboard = await api.dashboard("Births dashboard", 20);
  let n = 0;

  interface Timing {
    /** Tick → email, ms. */
    total: number;
    /** Tick → the worker's start of the run (the queue's share), and the run itself (data, drawing, SMTP). */
    queued: number;
    run: number;
  }

  /** Schedules a report, ticks its minute and waits for its email. */
  async function tickToEmail(body: Record<string, unknown>): Promise<Timing> {
    const name = `Bench report ${++n}`;
    const { id, tickedAt, tickedAtMs } = await api.schedule({
      name,
      recipients: [{ type: "Email", recipient_config_json: { target: "bench@example.com" } }],
      ...body,
    });
    const subject = `[Report] ${name}`;
    const until = Date.now() + 120_000;
    for (let i = 1; ; i++) {
      if (smtp.mails.some((m) => m.subject === subject)) {
        const total = performance.now() - tickedAt;
        const log = await api.settled(id);
        const started = Date.parse(log.start_dttm);
        return { total, queued: started - tickedAtMs, run: Date.parse(log.end_dttm) - started };
      }
      if (i % 50 === 0) {
        const log = await api.ended(id);
        if (log && log.state !== "Success")
          throw new Error(`${name} ended ${log.state}: ${log.error_message}`);
        if (Date.now() > until) throw new Error(`${name}: no email within 120 s`);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async function p50(label: string, body: Record<string, unknown>) {
    const runs: Timing[] = [];
    for (let i = 0; i < ROUNDS; i++) runs.push(await tickToEmail(body));
    const median = (pick: (t: Timing) => number) =>
      Math.round(runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]);
    const totals = runs.map((r) => r.total).sort((a, b) => a - b);
    console.log(
      `${label.padEnd(38)} p50 ${median((r) => r.total)} ms  (min ${Math.round(totals[0])}, ` +
        `max ${Math.round(totals.at(-1)!)}; in the queue ${median((r) => r.queued)} ms, ` +
        `the run ${median((r) => r.run)} ms)`,
    );
  }

  const chartPng = { chart, report_format: "PNG" };
  const dashboardPdf = { dashboard, report_format: "PDF" };
  const first = await tickToEmail(chartPng);
  console.log(
    `${"first chart PNG (browser start)".padEnd(38)} ${Math.round(first.total)} ms tick → email (the run ${first.run} ms)`,
  );
  await p50("chart PNG, tick → email", chartPng);
  await p50("20-chart dashboard PDF, tick → email", dashboardPdf);
  const now = browserMemory();
  console.log(
    `browser memory: peak ${peakPss} MiB PSS / ${peakRss} MiB RSS summed over its processes (sampled every 100 ms)` +
      (now ? `, sum of per-process peaks (VmHWM) ${now.peakMiB} MiB, ${now.processes} processes` : ""),
  );
  console.log(
    `server + worker process (one process locally) peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`,
  );
} finally {
  clearInterval(sampler);
  await s.close();
  await smtp.close();
}
