import { type BatchResult, processBatch } from "@strata/core";
import { cloudCore } from "../runtime/cloud-runtime.ts";
import { cloudReportRenderer } from "../runtime/report-render/index.ts";

interface SqsEvent {
  Records: { messageId: string; body: string; attributes?: { ApproximateReceiveCount?: string } }[];
}

/** SQS batch → job handlers; failed records are reported so only they are retried (then DLQ). */
export async function handler(event: SqsEvent): Promise<BatchResult> {
  // PNG and PDF reports are drawn here, in a Chromium kept warm for the container's life.
  const core = await cloudCore({ reportRenderer: () => cloudReportRenderer() });
  const records = event.Records.map((r) => ({
    ...r,
    receiveCount: Number(r.attributes?.ApproximateReceiveCount ?? 1),
  }));
  return processBatch(records, core.jobHandlers, (msg, err) => console.error(msg, err), core.jobGiveUp);
}
