import { CreateQueueCommand, GetQueueAttributesCommand } from "@aws-sdk/client-sqs";
import { JobQueue, processBatch } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StandIns, startStandIns } from "../../functions/src/local/stand-ins.ts";
import { startWorkerLoop } from "../../functions/src/runtime/worker-loop.ts";
import { standInClients } from "../support/stand-in-clients.ts";

let si: StandIns;
let clients: ReturnType<typeof standInClients>;

beforeAll(async () => {
  si = await startStandIns();
  clients = standInClients(si);
});
afterAll(() => si.close());

/** A queue with a short visibility timeout so redelivery happens within the test. */
async function queuePair(name: string) {
  const sqs = await clients.sqs();
  const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
  const arn = (
    await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl!, AttributeNames: ["QueueArn"] }))
  ).Attributes!.QueueArn;
  const q = await sqs.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: "3",
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: arn, maxReceiveCount: 2 }),
      },
    }),
  );
  return { queue: new JobQueue(clients.sqs, q.QueueUrl!), dlq: new JobQueue(clients.sqs, dlq.QueueUrl!) };
}

describe("JobQueue over the SQS stand-in", () => {
  it("reports only the failed records of a batch (partial batch failure)", async () => {
    const seen: string[] = [];
    const result = await processBatch(
      [
        { messageId: "a", body: JSON.stringify({ id: "1", kind: "ok", payload: 1 }) },
        { messageId: "b", body: JSON.stringify({ id: "2", kind: "boom", payload: 2 }) },
        { messageId: "c", body: "not json" },
        { messageId: "d", body: JSON.stringify({ id: "4", kind: "unknown-kind", payload: 4 }) },
      ],
      {
        ok: async (job) => {
          seen.push(job.id);
        },
        boom: async () => {
          throw new Error("fails");
        },
      },
    );
    expect(seen).toEqual(["1"]);
    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(["b", "c", "d"]);
  });

  it("runs jobs through the worker loop and moves a poison message to the dead-letter queue", async () => {
    const { queue, dlq } = await queuePair("jobs-test");
    const done: string[] = [];
    let poisonAttempts = 0;
    const worker = startWorkerLoop(
      queue,
      {
        ok: async (job) => {
          done.push(job.id);
        },
        poison: async () => {
          poisonAttempts++;
          throw new Error("always fails");
        },
      },
      () => {},
    );
    await queue.send({ id: "good", kind: "ok", payload: null });
    await queue.send({ id: "bad", kind: "poison", payload: null });
    const deadline = Date.now() + 30_000;
    let dead: Awaited<ReturnType<JobQueue["receive"]>> = [];
    while (Date.now() < deadline && dead.length === 0) dead = await dlq.receive(1);
    await worker.stop();
    expect(done).toEqual(["good"]);
    expect(poisonAttempts).toBe(2);
    expect(dead.map((r) => JSON.parse(r.body).id)).toEqual(["bad"]);
  });
});
