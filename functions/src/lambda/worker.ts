import { type BatchResult, processBatch } from "@strata/core";
import { cloudCore } from "../runtime/cloud-runtime.ts";

interface SqsEvent {
  Records: { messageId: string; body: string }[];
}

/** SQS batch → job handlers; failed records are reported so only they are retried (then DLQ). */
export async function handler(event: SqsEvent): Promise<BatchResult> {
  const core = await cloudCore();
  return processBatch(event.Records, core.jobHandlers, (msg, err) => console.error(msg, err));
}
