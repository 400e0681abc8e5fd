import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  type AsyncTransportSettings,
  bootstrapSecurity,
  type ChartDataLimits,
  type Core,
  createAwsClients,
  createCore,
  createEngine,
  EXAMPLE_TABLES,
  ensureBucket,
  ensureMetaTable,
  ensureQueues,
  JobQueue,
  loadExamples,
  MetaStore,
  type ReportRenderer,
  type ReportSettings,
  ResultStore,
  type RetentionSettings,
  registerExampleDashboards,
  registerExamples,
  type SqlLabLimits,
} from "@strata/core";
import { type StandIns, startStandIns } from "../local/stand-ins.ts";
import { keepDataDirPrivate } from "./private-files.ts";
import { localReportRenderer } from "./report-render/index.ts";
import { localSecret } from "./secret.ts";
import { startWorkerLoop } from "./worker-loop.ts";

export interface LocalRuntimeOptions {
  /** Where state lives; DynamoDB and S3 stand-ins persist here. */
  dataDir: string;
  /** Keep the stand-ins in memory (tests). */
  ephemeral?: boolean;
  adminUsername?: string;
  adminPassword?: string;
  /** Load the example data (all tables, or the named ones). */
  examples?: boolean | string[];
  /** Example data files; defaults to the project's `examples-data/`. */
  examplesDir?: string;
  log?: (line: string) => void;
  secret?: string;
  /** Superset's GLOBAL_ASYNC_QUERIES: chart data always runs as a job through the queue. */
  globalAsyncQueries?: boolean;
  /** GLOBAL_ASYNC_QUERIES_TRANSPORT / _WEBSOCKET_URL as the bootstrap tells the SPA (default polling). */
  asyncTransport?: AsyncTransportSettings;
  sqlLab?: SqlLabLimits;
  /** Bounds on one chart-data request (ROW_LIMIT, CHART_DATA_MAX_ROW, …). */
  chartData?: ChartDataLimits;
  /** Report delivery settings; without a mail server, emails are written to `DATA_DIR/outbox`. */
  reports?: ReportSettings;
  /** How long the event log and the query history are kept (kept for ever by default). */
  retention?: RetentionSettings;
  /**
   * Draws PNG and PDF reports; by default a headless Chromium (found at CHROMIUM_PATH or
   * installed), started with the first such report. The runtime closes it at shutdown.
   */
  reportRenderer?: ReportRenderer;
}

export interface LocalRuntime {
  core: Core;
  standIns: StandIns;
  close(): Promise<void>;
}

export const PROJECT_ROOT = resolve(import.meta.dirname, "../../..");
const REGION = "us-east-1";

/** One process: stand-ins through the real AWS SDK, DuckDB with the examples, the worker loop. */
export async function startLocalRuntime(opts: LocalRuntimeOptions): Promise<LocalRuntime> {
  const log = opts.log ?? ((line: string) => console.log(line));
  keepDataDirPrivate(opts.dataDir);
  mkdirSync(join(opts.dataDir, "databases"), { recursive: true, mode: 0o700 });
  const standIns = await startStandIns(opts.ephemeral ? undefined : opts.dataDir);
  const cfg = {
    region: REGION,
    metaTable: "strata-meta",
    resultsBucket: "strata-results",
    jobsQueueUrl: "",
    endpoints: standIns.endpoints,
    credentials: standIns.credentials,
  };
  const clients = createAwsClients(cfg);
  await ensureMetaTable(clients.dynamo, cfg.metaTable);
  await ensureBucket(clients.s3, cfg.resultsBucket);
  const { queueUrl } = await ensureQueues(clients.sqs, "strata-jobs");
  const thumbnailJobs = new JobQueue(
    clients.sqs,
    (await ensureQueues(clients.sqs, "strata-thumbnails")).queueUrl,
  );

  const examplesPath = join(opts.dataDir, "databases", "examples.duckdb");
  const reportRenderer = opts.reportRenderer ?? localReportRenderer(PROJECT_ROOT, log);
  const core = createCore({
    meta: new MetaStore(clients.doc, cfg.metaTable),
    results: new ResultStore(clients.s3, cfg.resultsBucket),
    jobs: new JobQueue(clients.sqs, queueUrl),
    thumbnailJobs,
    secret: opts.secret ?? localSecret(opts.dataDir),
    engineFactory: (config) => createEngine(config, { sandbox: true }),
    engines: { dataDir: opts.dataDir, examplesPath, region: REGION },
    features: {
      globalAsyncQueries: opts.globalAsyncQueries ?? false,
      sqlLab: opts.sqlLab,
      chartData: opts.chartData,
      guestRoleName: process.env.GUEST_ROLE_NAME,
      maps: { mapboxApiKey: process.env.MAPBOX_API_KEY, tileUrl: process.env.MAP_TILE_URL },
      asyncTransport: opts.asyncTransport,
      retention: opts.retention,
    },
    reports: {
      mailFrom: "strata@localhost",
      baseUrl: "http://localhost:8088",
      webhookAllowPrivate: false,
      ...opts.reports,
      // No mail server: a newcomer still sees each email, as a file.
      outboxDir: opts.reports?.smtp ? undefined : join(opts.dataDir, "outbox"),
    },
    reportRenderer,
    // The stand-ins live in this process and hold their files: nothing else writes its data.
    soleWriter: true,
  });
  await bootstrapSecurity(core, {
    adminUsername: opts.adminUsername,
    adminPassword: opts.adminPassword,
    log,
  });

  if (opts.examples) {
    const only = Array.isArray(opts.examples) ? new Set(opts.examples) : undefined;
    const tables = EXAMPLE_TABLES.filter((t) => !only || only.has(t.table_name));
    const started = Date.now();
    await loadExamples(
      examplesPath,
      opts.examplesDir ?? join(PROJECT_ROOT, "examples-data"),
      only ? [...only] : undefined,
      log,
    );
    await registerExamples(core, tables, log);
    await registerExampleDashboards(core, log);
    log(`Example data ready in ${Date.now() - started} ms.`);
  }

  // The queue stand-in is in memory: whatever the last process had queued or was running died
  // with it. Tell the users now rather than leave their charts and queries spinning.
  const recovered = await core.recover({ atStart: true });
  if (recovered.lostJobs || recovered.interruptedRuns || recovered.rolledBackImports)
    log(
      `Recovered after a stop: ${recovered.lostJobs} chart job(s) reported lost, ${recovered.interruptedRuns} SQL Lab run(s) marked interrupted, ${recovered.rolledBackImports} unfinished import(s) rolled back.`,
    );
  // Report files sent by link live under the results' `tmp/`: the cloud bucket drops them after a
  // day by a lifecycle rule; here the start and the minute tick do.
  const sweepLinkedFiles = () =>
    core.reports.sweepLinkedFiles().catch((e) => console.error("Linked report file sweep failed:", e));
  await sweepLinkedFiles();
  const worker = startWorkerLoop(core.deps.jobs, core.jobHandlers, console.error, core.jobGiveUp);
  // Card pictures have a loop of their own: a page of them never waits in front of a query or a report.
  const thumbnailWorker = startWorkerLoop(thumbnailJobs, core.jobHandlers, console.error);
  // The local stand-in for the schedule Lambda's minute tick.
  let ticking: Promise<unknown> = Promise.resolve();
  const scheduler = setInterval(() => {
    ticking = Promise.all([
      core.scheduledQueries.tick().catch((e) => console.error("Schedule tick failed:", e)),
      core.reports.tick().catch((e) => console.error("Reports tick failed:", e)),
      core.recover().catch((e) => console.error("Recovery sweep failed:", e)),
      core.retention.tick().catch((e) => console.error("Retention sweep failed:", e)),
      sweepLinkedFiles(),
    ]);
  }, 60_000);
  scheduler.unref();
  return {
    core,
    standIns,
    async close() {
      clearInterval(scheduler);
      await ticking;
      await Promise.all([worker.stop(), thumbnailWorker.stop()]);
      await reportRenderer.close();
      await core.close();
      await standIns.close();
    },
  };
}
