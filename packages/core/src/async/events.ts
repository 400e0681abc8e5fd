import { randomUUID } from "node:crypto";
import type { AsyncEvent } from "@strata/contracts";
import type { MetaStore } from "../store/meta-store.ts";
import type { JobOwner } from "./owner.ts";

export type { AsyncEvent };

const EVENT_TTL_SECONDS = 6 * 3600;

/**
 * Told of every event the moment it is stored, with its owner: the local WebSocket server fans it
 * out to that owner's sockets, the cloud worker posts it to the owner's API Gateway connections.
 * A returned promise is awaited (a Lambda must not return before its posts are sent); a failure
 * is the listener's own business and never undoes or fails the append.
 */
export type AsyncEventListener = (owner: JobOwner, event: AsyncEvent) => void | Promise<void>;

/**
 * Per-owner event streams: one item per job under `events#{owner}` (see `jobOwnerOf`), written
 * conditionally, so a duplicate SQS delivery appends nothing and the client sees one final status
 * per job. Event ids start with the completion time, so `last_id` paging is a string comparison.
 */
export class AsyncEvents {
  private readonly listeners = new Set<AsyncEventListener>();

  constructor(private readonly meta: MetaStore) {}

  /** Superset's channel id: `user-12` for users, `guest-{token id}` for guests. */
  static channelFor(owner: JobOwner): string {
    return owner.replace(":", "-");
  }

  static newJobId(): string {
    return randomUUID();
  }

  /** Hears every newly stored event (not duplicates); returns the unsubscribe. */
  subscribe(listener: AsyncEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
    if (!first) return undefined;
    await this.notify(owner, event);
    return event;
  }

  private async notify(owner: JobOwner, event: AsyncEvent): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const listener of this.listeners) {
      try {
        const out = listener(owner, event);
        if (out) pending.push(out.catch(() => {}));
      } catch {
        /* a listener's failure is not the job's: the event is stored, polling still finds it */
      }
    }
    await Promise.all(pending);
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
