import { Duration } from "aws-cdk-lib";
import { LayerVersion } from "aws-cdk-lib/aws-lambda";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { type StackContext, use } from "sst/constructs";
import { Athena } from "./athena.ts";
import { asyncEventsSocket } from "./async-events-socket.ts";
import {
  grantAthena,
  lambda,
  reportEnvironment,
  runtimeEnvironment,
  settingsEnvironment,
} from "./defaults.ts";
import { Storage } from "./storage.ts";

/**
 * Lambda's longest: a PNG or PDF report may draw for up to five minutes (RENDER_MAX_SEC in the
 * reports domain) after its charts' queries ran, then be mailed.
 */
export const WORKER_TIMEOUT = Duration.minutes(15);
/** Memory for the jobs and a headless Chromium drawing a large dashboard (~0.7 GB at its peak). */
export const WORKER_MEMORY = "2048 MB";

/** Async jobs (chart data, SQL Lab, reports): SQS queue drained by the worker Lambda. */
export function Jobs({ stack }: StackContext) {
  const { table, bucket, secret } = use(Storage);
  const { workgroup } = use(Athena);

  const deadLetters = new Queue(stack, "JobsDlq", {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  const queue = new Queue(stack, "Jobs", {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // Must exceed the worker timeout, or a message still being processed is delivered twice.
    visibilityTimeout: WORKER_TIMEOUT.plus(Duration.minutes(1)),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: 3 },
  });

  // Card pictures (thumbnails) come in pages of them: on a queue of their own, drawn two at a
  // time, they never hold up a query, a report or a screenshot someone is waiting for.
  const thumbnailDeadLetters = new Queue(stack, "ThumbnailsDlq", {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(1),
  });
  const thumbnailQueue = new Queue(stack, "Thumbnails", {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: WORKER_TIMEOUT.plus(Duration.minutes(1)),
    deadLetterQueue: { queue: thumbnailDeadLetters, maxReceiveCount: 3 },
  });

  const worker = lambda(stack, "Worker", {
    handler: "functions/src/lambda/worker.handler",
    timeout: WORKER_TIMEOUT.toSeconds(),
    memorySize: WORKER_MEMORY,
    // Report delivery (SMTP_*, REPORTS_*) and the browser (CHROMIUM_PATH), where the deploy sets them.
    environment: {
      ...runtimeEnvironment({ table, bucket, secret, workgroup, queue }),
      ...settingsEnvironment(process.env),
      ...reportEnvironment(process.env),
    },
    // The report page the browser draws is the built SPA's: bundled beside the handler.
    copyFiles: [{ from: "web/dist", to: "web/dist" }],
    // Installed, not bundled: the browser driver reads its own files at run time.
    nodejs: { install: ["playwright-core"] },
  });
  // Chromium comes as a layer built for the function's architecture (see README, "Deploy").
  if (process.env.CHROMIUM_LAYER_ARN)
    worker.addLayers(
      LayerVersion.fromLayerVersionArn(stack, "ChromiumLayer", process.env.CHROMIUM_LAYER_ARN),
    );
  // Partial batch failures: the worker reports failed message ids; only those are retried.
  // maxConcurrency caps parallel queries so a burst cannot exhaust Athena/Postgres limits.
  worker.addEventSource(
    new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 10 }),
  );
  worker.addEventSource(
    new SqsEventSource(thumbnailQueue, { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: 2 }),
  );
  table.grantReadWriteData(worker);
  bucket.grantReadWrite(worker);
  secret.grantRead(worker);
  queue.grantSendMessages(worker); // follow-up jobs, e.g. report delivery
  grantAthena(worker, workgroup);

  // The worker pushes each job's event to its owner's sockets (same stack: no cross-stack cycle).
  const eventsSocket = asyncEventsSocket(stack, { table, bucket, secret, workgroup, queue }, [worker]);

  stack.addOutputs({ JobsQueueUrl: queue.queueUrl, JobsDlqUrl: deadLetters.queueUrl });
  return { queue, deadLetters, thumbnailQueue, worker, eventsSocket };
}
