import { describeJobQueueConformance } from "./job-queue.conformance.ts";
import { MemoryJobQueue } from "./memory-job-queue.ts";
import { MemoryMetaStore } from "./memory-meta-store.ts";
import { MemoryResultStore } from "./memory-result-store.ts";
import { describeMetaStoreConformance } from "./meta-store.conformance.ts";
import { describeResultStoreConformance } from "./result-store.conformance.ts";

// The in-memory ports pass the same suites as DynamoDB, S3 and SQS (test/ports/stand-in-ports.test.ts).
describeMetaStoreConformance("in memory", (now) => new MemoryMetaStore(now));
describeResultStoreConformance("in memory", () => new MemoryResultStore());
describeJobQueueConformance("in memory", async () => {
  let t = Date.parse("2030-01-01T00:00:00Z");
  const queue = new MemoryJobQueue({ visibilitySeconds: 30, maxReceives: 3, now: () => t });
  return {
    queue,
    visibilitySeconds: 30,
    maxReceives: 3,
    pass: async (seconds) => {
      t += seconds * 1000;
    },
    deadLetters: async () => queue.deadLetters.map((r) => r.body),
  };
});
