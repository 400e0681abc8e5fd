import type { SQSClient } from "@aws-sdk/client-sqs";
import { AppError } from "../errors.ts";
import type { JobQueuePort } from "./store-ports.ts";

/** A unit of background work; `kind` picks the handler in the worker. */
export interface Job {
  id: string;
  kind: string;
  payload: unknown;
}

export type JobHandler = (job: Job) => Promise<void>;

/** The shape of an SQS-triggered Lambda batch and its partial-failure reply. */
export interface QueueRecord {
  messageId: string;
  body: string;
  receiptHandle?: string;
  /** How many times SQS has handed this message out (1 on the first delivery). */
  receiveCount?: number;
}

/** Called once when a job fails on its last allowed delivery, before it goes to the DLQ. */
export type GiveUpHandler = (job: Job, message: string) => Promise<void>;

/** Must match the queue's redrive policy (stacks/queue.ts and ensureQueues). */
export const MAX_RECEIVES = 3;
/** SQS's largest message. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
export interface BatchResult {
  batchItemFailures: { itemIdentifier: string }[];
}

/**
 * The SQS SDK is read on the first queue call, not on every cold start (most API requests never
 * queue a job): the client comes from `AwsClients.sqs`, the commands (`cmd`) from this import.
 */
async function sqsWithCommands(client: () => Promise<SQSClient>) {
  const [sqs, cmd] = await Promise.all([client(), import("@aws-sdk/client-sqs")]);
  return { sqs, cmd };
}

/** Background jobs on SQS with a dead-letter queue; at-least-once, so handlers are idempotent. */
export class JobQueue implements JobQueuePort {
  constructor(
    private readonly sqs: () => Promise<SQSClient>,
    readonly queueUrl: string,
  ) {}

  async send(job: Job): Promise<void> {
    const body = JSON.stringify(job);
    // SQS refuses messages over 256 KB with an opaque error (the local stand-in takes them):
    // refuse here, the same in both runtimes, with a message the caller can act on.
    const size = Buffer.byteLength(body, "utf8");
    if (size > MAX_MESSAGE_BYTES) {
      throw new AppError(413, {
        message:
          `This request is too large to run in the background (${Math.ceil(size / 1024)} KB; queued ` +
          `jobs are limited to ${MAX_MESSAGE_BYTES / 1024} KB). Send fewer or shorter filter values.`,
      });
    }
    const { sqs, cmd } = await sqsWithCommands(this.sqs);
    await sqs.send(new cmd.SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: body }));
  }

  /** Long-polls once; used by the local worker loop (Lambda receives batches from the event source). */
  async receive(waitSeconds = 1, max = 10): Promise<QueueRecord[]> {
    const { sqs, cmd } = await sqsWithCommands(this.sqs);
    const out = await sqs.send(
      new cmd.ReceiveMessageCommand({
        QueueUrl: this.queueUrl,
        MaxNumberOfMessages: max,
        WaitTimeSeconds: waitSeconds,
        MessageSystemAttributeNames: ["ApproximateReceiveCount"],
        // The older form of the same request ("All" is the only value its type admits that asks
        // for message attributes): the local SQS stand-in answers only this one, and without the
        // count every local delivery would look like the first.
        AttributeNames: ["All"],
      }),
    );
    return (out.Messages ?? []).map((m) => ({
      messageId: m.MessageId ?? "",
      body: m.Body ?? "",
      receiptHandle: m.ReceiptHandle,
      receiveCount: Number(m.Attributes?.ApproximateReceiveCount ?? 1),
    }));
  }

  async ack(record: QueueRecord): Promise<void> {
    if (record.receiptHandle) {
      const { sqs, cmd } = await sqsWithCommands(this.sqs);
      await sqs.send(
        new cmd.DeleteMessageCommand({ QueueUrl: this.queueUrl, ReceiptHandle: record.receiptHandle }),
      );
    }
  }

  async approximateDepth(): Promise<number> {
    const { sqs, cmd } = await sqsWithCommands(this.sqs);
    const out = await sqs.send(
      new cmd.GetQueueAttributesCommand({
        QueueUrl: this.queueUrl,
        AttributeNames: ["ApproximateNumberOfMessages"],
      }),
    );
    return Number(out.Attributes?.ApproximateNumberOfMessages ?? 0);
  }
}

/**
 * Runs a batch and reports the records that failed, so SQS retries only those
 * (and moves them to the dead-letter queue after maxReceiveCount).
 */
export async function processBatch(
  records: QueueRecord[],
  handlers: Record<string, JobHandler>,
  log: (msg: string, err?: unknown) => void = () => {},
  giveUp: Record<string, GiveUpHandler> = {},
): Promise<BatchResult> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of records) {
    let job: Job | undefined;
    try {
      job = JSON.parse(record.body) as Job;
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job);
    } catch (err) {
      log(`job ${record.messageId} failed`, err);
      failures.push({ itemIdentifier: record.messageId });
      const last = (record.receiveCount ?? 1) >= MAX_RECEIVES;
      const report = job ? giveUp[job.kind] : undefined;
      // On the last delivery, tell the user before the message moves to the dead-letter queue.
      if (last && job && report)
        await report(job, "The background job failed repeatedly; it was stopped. Try again later.").catch(
          (e) => log("give-up report failed", e),
        );
    }
  }
  return { batchItemFailures: failures };
}

/** Creates the jobs queue and its dead-letter queue locally, as stacks/queue.ts does in AWS. */
export async function ensureQueues(
  sqsClient: () => Promise<SQSClient>,
  name: string,
): Promise<{ queueUrl: string; dlqUrl: string }> {
  const { sqs, cmd } = await sqsWithCommands(sqsClient);
  const dlq = await sqs.send(new cmd.CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const dlqUrl = dlq.QueueUrl!;
  const attrs = await sqs.send(
    new cmd.GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ["QueueArn"] }),
  );
  const q = await sqs.send(
    new cmd.CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: "60",
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: attrs.Attributes?.QueueArn,
          maxReceiveCount: MAX_RECEIVES,
        }),
      },
    }),
  );
  return { queueUrl: q.QueueUrl!, dlqUrl };
}
