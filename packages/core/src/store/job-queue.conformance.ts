import { describe, expect, it } from "vitest";
import type { Job } from "./job-queue.ts";
import type { JobQueuePort } from "./store-ports.ts";

/** A queue under test, with a visibility timeout and redrive policy it was made with. */
export interface QueueUnderTest {
  queue: JobQueuePort;
  visibilitySeconds: number;
  maxReceives: number;
  /** Lets `seconds` pass for the queue (a real wait over SQS, a clock move in memory). */
  pass(seconds: number): Promise<void>;
  /** Bodies of the messages in the dead-letter queue. */
  deadLetters(): Promise<string[]>;
}

const job = (id: string, payload: unknown = { n: 1 }): Job => ({ id, kind: "test", payload });

/** Receives until `count` records came back (a real queue may hand a batch out in parts). */
async function receiveAll(queue: JobQueuePort, count: number, tries = 10) {
  const out = [];
  for (let i = 0; i < tries && out.length < count; i++) out.push(...(await queue.receive(0)));
  return out;
}

/**
 * What the domain and the worker loop rely on from the job queue: delivery of what was sent,
 * hiding for the visibility timeout, redelivery of what was not acknowledged, the dead-letter
 * queue after the last receive, and the size limit. Each case gets a fresh queue.
 */
export function describeJobQueueConformance(name: string, make: () => Promise<QueueUnderTest>) {
  describe(`JobQueue port: ${name}`, () => {
    it("delivers what was sent, once per receive, with its receive count", async () => {
      const { queue } = await make();
      await queue.send(job("a", { rows: [1, 2], text: "é" }));
      await queue.send(job("b"));
      // Approximate by name: SQS (and its local stand-in) may count a just-sent message a moment later.
      await expect.poll(() => queue.approximateDepth()).toBe(2);
      const got = await receiveAll(queue, 2);
      expect(got.map((r) => JSON.parse(r.body)).sort((x, y) => x.id.localeCompare(y.id))).toEqual([
        job("a", { rows: [1, 2], text: "é" }),
        job("b"),
      ]);
      for (const r of got) {
        expect(r.receiveCount).toBe(1);
        expect(r.messageId).not.toBe("");
        expect(r.receiptHandle).toBeTruthy();
      }
      expect(await queue.receive(0)).toEqual([]); // hidden while in flight
    });

    it("forgets an acknowledged message", async () => {
      const { queue, pass, visibilitySeconds } = await make();
      await queue.send(job("a"));
      const [record] = await receiveAll(queue, 1);
      await queue.ack(record!);
      await pass(visibilitySeconds + 0.25);
      expect(await queue.receive(0)).toEqual([]);
      expect(await queue.approximateDepth()).toBe(0);
    });

    it("redelivers an unacknowledged message after the visibility timeout, not before", async () => {
      const { queue, pass, visibilitySeconds } = await make();
      await queue.send(job("a"));
      const [first] = await receiveAll(queue, 1);
      expect(await queue.receive(0)).toEqual([]);
      await pass(visibilitySeconds + 0.25);
      const [again] = await receiveAll(queue, 1);
      expect(again?.messageId).toBe(first?.messageId);
      expect(again?.receiveCount).toBe(2);
      await queue.ack(again!);
    });

    it("moves a message to the dead-letter queue after its last allowed receive", async () => {
      const { queue, pass, visibilitySeconds, maxReceives, deadLetters } = await make();
      await queue.send(job("poison"));
      const counts: number[] = [];
      for (let i = 0; i < maxReceives; i++) {
        const [r] = await receiveAll(queue, 1);
        counts.push(r!.receiveCount!);
        await pass(visibilitySeconds + 0.25);
      }
      expect(counts).toEqual(Array.from({ length: maxReceives }, (_, i) => i + 1));
      expect(await queue.receive(0)).toEqual([]);
      expect((await deadLetters()).map((b) => JSON.parse(b).id)).toEqual(["poison"]);
    });

    it("refuses a job over the message size limit with a 413 the caller can act on", async () => {
      const { queue } = await make();
      const big = job("big", { values: "x".repeat(257 * 1024) });
      await expect(queue.send(big)).rejects.toMatchObject({
        status: 413,
        message: expect.stringMatching(
          /too large to run in the background \(\d+ KB; queued jobs are limited to 256 KB\)/,
        ),
      });
      expect(await queue.approximateDepth()).toBe(0);
    });
  });
}
