import { Duration } from "aws-cdk-lib";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { type StackContext, use } from "sst/constructs";
import { Athena } from "./athena.ts";
import { grantAthena, lambda, runtimeEnvironment } from "./defaults.ts";
import { Storage } from "./storage.ts";

export const WORKER_TIMEOUT = Duration.minutes(5);

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

  const worker = lambda(stack, "Worker", {
    handler: "functions/src/lambda/worker.handler",
    timeout: WORKER_TIMEOUT.toSeconds(),
    memorySize: "2048 MB",
    environment: runtimeEnvironment({ table, bucket, secret, workgroup, queue }),
  });
  // Partial batch failures: the worker reports failed message ids; only those are retried.
  // maxConcurrency caps parallel queries so a burst cannot exhaust Athena/Postgres limits.
  worker.addEventSource(
    new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 10 }),
  );
  table.grantReadWriteData(worker);
  bucket.grantReadWrite(worker);
  secret.grantRead(worker);
  queue.grantSendMessages(worker); // follow-up jobs, e.g. report delivery
  grantAthena(worker, workgroup);

  stack.addOutputs({ JobsQueueUrl: queue.queueUrl, JobsDlqUrl: deadLetters.queueUrl });
  return { queue, deadLetters, worker };
}
