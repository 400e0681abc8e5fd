import { randomUUID } from "node:crypto";
import type { AsyncEvent } from "@strata/contracts";
import type { MetaStore } from "../store/meta-store.ts";
import type { JobOwner } from "./owner.ts";

export type { AsyncEvent };

const EVENT_TTL_SECONDS = 6 * 3600;

/**
 * Per-owner event streams: one item per job under `events#{owner}` (see `jobOwnerOf`), written
 * conditionally, so a duplicate SQS delivery appends nothing and the client sees one final status
 * per job. Event ids start with the completion time, so `last_id` paging is a string comparison.
 */
export class AsyncEvents {
  constructor(private readonly meta: MetaStore) {}

  /** Superset's channel id: `user-12` for users, `guest-{token id}` for guests. */
  static channelFor(owner: JobOwner): string {
    return owner.replace(":", "-");
  }

  static newJobId(): string {
    return randomUUID();
  }

  /** Appends the job's final event once: a second append for the same job writes nothing. */
  async append(owner: JobOwner, e: Omit<AsyncEvent, "id" | "channel_id">): Promise<AsyncEvent | undefined> {
    const event = {
      ...e,
      channel_id: AsyncEvents.channelFor(owner),
      id: `${String(Date.now()).padStart(15, "0")}-${e.job_id}`,
    };
    const stored = { ...event, expires_at: Date.now() / 1000 + EVENT_TTL_SECONDS };
    const first = await this.meta.addMember(`events#${owner}`, e.job_id, stored, { onlyIfAbsent: true });
    return first ? event : undefined;
  }

  async since(owner: JobOwner, lastId?: string): Promise<AsyncEvent[]> {
    const now = Date.now() / 1000;
    const items = await this.meta.members(`events#${owner}`);
    return items
      .map((m) => m.value as AsyncEvent & { expires_at: number })
      .filter((e) => e.expires_at > now && (!lastId || e.id > lastId))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map(({ expires_at: _x, ...e }) => e);
  }
}
