import { type BatchResult, processBatch } from "@strata/core";
import { cloudCore } from "../runtime/cloud-runtime.ts";
import { cloudReportRenderer } from "../runtime/report-render/index.ts";
import { pushEventsToSockets } from "../ws/cloud-push.ts";

interface SqsEvent {
  Records: { messageId: string; body: string; attributes?: { ApproximateReceiveCount?: string } }[];
}

/** SQS batch → job handlers; failed records are reported so only they are retried (then DLQ). */
export async function handler(event: SqsEvent): Promise<BatchResult> {
  // PNG and PDF reports are drawn here, in a Chromium kept warm for the container's life.
  const core = await cloudCore({ reportRenderer: () => cloudReportRenderer() });
  // A job's end reaches its owner's open sockets as it is stored (when the WebSocket API exists).
  pushEventsToSockets(core);
  const records = event.Records.map((r) => ({
    ...r,
    receiveCount: Number(r.attributes?.ApproximateReceiveCount ?? 1),
  }));
  return processBatch(records, core.jobHandlers, (msg, err) => console.error(msg, err), core.jobGiveUp);
}
