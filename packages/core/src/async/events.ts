import { randomUUID } from "node:crypto";
import type { MetaStore } from "../store/meta-store.ts";

/** An async job's outcome as the client reads it (000 §3 "Async event"). */
export interface AsyncEvent {
  id: string;
  channel_id: string;
  job_id: string;
  user_id: number | null;
  status: "done" | "error";
  result_url: string | null;
  errors: { message: string; error_type?: string }[];
}

const EVENT_TTL_SECONDS = 6 * 3600;

/**
 * Per-user event streams: one item per job under `events#{userId}`, written conditionally, so a
 * duplicate SQS delivery appends nothing and the client sees one final status per job. Event ids
 * start with the completion time, so `last_id` paging is a string comparison.
 */
export class AsyncEvents {
  constructor(private readonly meta: MetaStore) {}

  static channelFor(userId: number | null): string {
    return `user-${userId ?? "anonymous"}`;
  }

  static newJobId(): string {
    return randomUUID();
  }

  /** Appends the job's final event once: a second append for the same job writes nothing. */
  async append(e: Omit<AsyncEvent, "id">): Promise<AsyncEvent | undefined> {
    const event = { ...e, id: `${String(Date.now()).padStart(15, "0")}-${e.job_id}` };
    const stored = { ...event, expires_at: Date.now() / 1000 + EVENT_TTL_SECONDS };
    const first = await this.meta.addMember(`events#${e.user_id ?? "anonymous"}`, e.job_id, stored, {
      onlyIfAbsent: true,
    });
    return first ? event : undefined;
  }

  async since(userId: number | null, lastId?: string): Promise<AsyncEvent[]> {
    const now = Date.now() / 1000;
    const items = await this.meta.members(`events#${userId ?? "anonymous"}`);
    return items
      .map((m) => m.value as AsyncEvent & { expires_at: number })
      .filter((e) => e.expires_at > now && (!lastId || e.id > lastId))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(({ expires_at: _x, ...e }) => e);
  }
}
