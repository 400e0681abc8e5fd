import { randomUUID } from "node:crypto";
import { AppError } from "../errors.ts";
import { type Job, MAX_MESSAGE_BYTES, MAX_RECEIVES, type QueueRecord } from "./job-queue.ts";
import type { JobQueuePort } from "./store-ports.ts";

interface Message {
  id: string;
  body: string;
  receiveCount: number;
  /** Epoch ms from which it can be received (again). */
  visibleAt: number;
  receipt?: string;
}

export interface MemoryJobQueueOptions {
  /** How long a received, unacknowledged message stays hidden (the queue's VisibilityTimeout). */
  visibilitySeconds?: number;
  /** Receives after which an unacknowledged message moves to the dead-letter queue. */
  maxReceives?: number;
  now?: () => number;
}

/**
 * An SQS-like queue in memory, for fast domain tests: at-least-once delivery, a visibility
 * timeout after each receive, redelivery of what was not acknowledged, and a dead-letter queue
 * after `maxReceives`. Time comes from `now`, so a test moves a clock instead of waiting.
 */
export class MemoryJobQueue implements JobQueuePort {
  private readonly messages: Message[] = [];
  /** Messages given up after `maxReceives` deliveries, oldest first. */
  readonly deadLetters: QueueRecord[] = [];
  private readonly visibilityMs: number;
  private readonly maxReceives: number;
  private readonly now: () => number;
  private waiters: (() => void)[] = [];

  constructor(opts: MemoryJobQueueOptions = {}) {
    this.visibilityMs = (opts.visibilitySeconds ?? 60) * 1000;
    this.maxReceives = opts.maxReceives ?? MAX_RECEIVES;
    this.now = opts.now ?? Date.now;
  }

  async send(job: Job): Promise<void> {
    const body = JSON.stringify(job);
    const size = Buffer.byteLength(body, "utf8");
    if (size > MAX_MESSAGE_BYTES) {
      throw new AppError(413, {
        message:
          `This request is too large to run in the background (${Math.ceil(size / 1024)} KB; queued ` +
          `jobs are limited to ${MAX_MESSAGE_BYTES / 1024} KB). Send fewer or shorter filter values.`,
      });
    }
    await tick();
    this.messages.push({ id: randomUUID(), body, receiveCount: 0, visibleAt: this.now() });
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  async receive(waitSeconds = 1, max = 10): Promise<QueueRecord[]> {
    await tick();
    let out = this.take(max);
    if (out.length === 0 && waitSeconds > 0) {
      // A long poll: answer as soon as a message is sent, or empty after `waitSeconds`.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitSeconds * 1000);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      out = this.take(max);
    }
    return out;
  }

  private take(max: number): QueueRecord[] {
    const now = this.now();
    const out: QueueRecord[] = [];
    for (const m of [...this.messages]) {
      if (out.length >= max) break;
      if (m.visibleAt > now) continue;
      if (m.receiveCount >= this.maxReceives) {
        // The redrive policy: a message received `maxReceives` times is moved, not handed out again.
        this.messages.splice(this.messages.indexOf(m), 1);
        this.deadLetters.push({ messageId: m.id, body: m.body, receiveCount: m.receiveCount });
        continue;
      }
      m.receiveCount++;
      m.visibleAt = now + this.visibilityMs;
      m.receipt = randomUUID();
      out.push({ messageId: m.id, body: m.body, receiptHandle: m.receipt, receiveCount: m.receiveCount });
    }
    return out;
  }

  async ack(record: QueueRecord): Promise<void> {
    await tick();
    if (!record.receiptHandle) return;
    const at = this.messages.findIndex((m) => m.receipt === record.receiptHandle);
    if (at >= 0) this.messages.splice(at, 1);
  }

  async approximateDepth(): Promise<number> {
    await tick();
    const now = this.now();
    return this.messages.filter((m) => m.visibleAt <= now).length;
  }
}

function tick() {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
