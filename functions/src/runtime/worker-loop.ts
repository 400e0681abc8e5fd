import { type GiveUpHandler, type JobHandler, type JobQueue, processBatch } from "@strata/core";

/**
 * The local stand-in for the SQS → Lambda event source: long-polls, runs a batch, deletes what
 * succeeded; failures become visible again and end in the dead-letter queue after 3 receives.
 */
export function startWorkerLoop(
  queue: JobQueue,
  handlers: Record<string, JobHandler>,
  log = console.error,
  giveUp: Record<string, GiveUpHandler> = {},
) {
  let running = true;
  const done = (async () => {
    while (running) {
      try {
        const records = await queue.receive(1);
        if (records.length === 0) continue;
        const { batchItemFailures } = await processBatch(records, handlers, log, giveUp);
        const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
        await Promise.all(records.filter((r) => !failed.has(r.messageId)).map((r) => queue.ack(r)));
      } catch (err) {
        if (running) log("[worker] poll failed", err);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
    },
  };
}
