import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import {
  asyncTransportFromEnv,
  type Core,
  chartDataLimitsFromEnv,
  createAwsClients,
  createCore,
  createEngine,
  JobQueue,
  MetaStore,
  type ReportRenderer,
  ResultStore,
  reportSettingsFromEnv,
  retentionFromEnv,
  sqlLabLimitsFromEnv,
} from "@strata/core";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the stack passes it to every function.`);
  return value;
}

/** The signing secret comes from configuration (Secrets Manager); refusing to start without it. */
async function cloudSecret(): Promise<string> {
  if (process.env.SECRET_KEY) return process.env.SECRET_KEY;
  const arn = required("SECRET_KEY_PARAM");
  const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error("The signing secret is empty.");
  return out.SecretString;
}

let cached: Promise<Core> | undefined;

/**
 * One core per Lambda container, built from the environment the stacks set. Only the worker
 * passes a report renderer (it runs reports; the browser code stays out of the other bundles).
 */
export function cloudCore(opts: { reportRenderer?: () => ReportRenderer | undefined } = {}): Promise<Core> {
  cached ??= (async () => {
    const region = process.env.AWS_REGION ?? "us-east-1";
    const cfg = {
      region,
      metaTable: required("META_TABLE"),
      resultsBucket: required("RESULTS_BUCKET"),
      jobsQueueUrl: required("JOBS_QUEUE_URL"),
    };
    const clients = createAwsClients(cfg);
    return createCore({
      meta: new MetaStore(clients.doc, cfg.metaTable),
      results: new ResultStore(clients.s3, cfg.resultsBucket),
      jobs: new JobQueue(clients.sqs, cfg.jobsQueueUrl),
      // Only the API queues pictures; the worker draws them from either queue.
      thumbnailJobs: process.env.THUMBNAILS_QUEUE_URL
        ? new JobQueue(clients.sqs, process.env.THUMBNAILS_QUEUE_URL)
        : undefined,
      workerDraws: opts.reportRenderer ? undefined : process.env.WORKER_DRAWS === "true",
      secret: await cloudSecret(),
      engineFactory: (config) => createEngine(config, { sandbox: true }),
      engines: { region, athenaWorkGroup: process.env.ATHENA_WORKGROUP },
      features: {
        globalAsyncQueries: process.env.GLOBAL_ASYNC_QUERIES !== "false",
        sqlLab: sqlLabLimitsFromEnv(process.env),
        chartData: chartDataLimitsFromEnv(process.env),
        retention: retentionFromEnv(process.env),
        guestRoleName: process.env.GUEST_ROLE_NAME,
        asyncTransport: asyncTransportFromEnv(process.env), // the SPA's build has the same (stacks)
        maps: { mapboxApiKey: process.env.MAPBOX_API_KEY, tileUrl: process.env.MAP_TILE_URL },
      },
      reports: reportSettingsFromEnv(process.env),
      reportRenderer: opts.reportRenderer?.(),
    });
  })();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
