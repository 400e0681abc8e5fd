import type { MetaStore } from "../store/meta-store.ts";
import type { AsyncEventListener } from "./events.ts";
import type { JobOwner } from "./owner.ts";

/** API Gateway closes a WebSocket after two hours whatever happens; a record outliving that is junk. */
const CONNECTION_TTL_SECONDS = 2 * 3600 + 60;
/** Sockets one owner may hold at once (tabs, embedded frames); more is refused at connect. */
export const MAX_SOCKETS_PER_OWNER = 20;

/** Sends one text frame to a connection; `gone` when the connection no longer exists (410). */
export interface SocketPoster {
  post(connectionId: string, data: string): Promise<"sent" | "gone">;
}

interface ConnectionRecord {
  owner: JobOwner;
  expires_at: number;
}

/**
 * The cloud's open async-event sockets (API Gateway connection ids), kept in the MetaStore by
 * channel owner so the worker finds an owner's sockets with one read (`ws-connections#{owner}`),
 * plus one item per connection naming its owner (`$disconnect` carries no cookie). Both expire
 * with DynamoDB's TTL in case a `$disconnect` never comes.
 */
export class SocketConnections {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a connection; false (nothing written) when the owner already holds the maximum. */
  async add(owner: JobOwner, connectionId: string): Promise<boolean> {
    if ((await this.of(owner)).length >= MAX_SOCKETS_PER_OWNER) return false;
    const expires_at = this.now() / 1000 + CONNECTION_TTL_SECONDS;
    // The reverse record first: a crash between the two leaves nothing the worker would post to.
    await this.meta.putValue(connectionKey(connectionId), { owner, expires_at } satisfies ConnectionRecord, {
      ttlSeconds: CONNECTION_TTL_SECONDS,
    });
    await this.meta.addMember(setKey(owner), connectionId, { expires_at });
    return true;
  }

  async ownerOf(connectionId: string): Promise<JobOwner | undefined> {
    const record = await this.meta.getValue<ConnectionRecord>(connectionKey(connectionId));
    return record && record.expires_at > this.now() / 1000 ? record.owner : undefined;
  }

  async remove(connectionId: string): Promise<void> {
    const owner = await this.ownerOf(connectionId);
    if (owner) await this.meta.removeMember(setKey(owner), connectionId);
    await this.meta.deleteValue(connectionKey(connectionId));
  }

  /** The owner's live connection ids. */
  async of(owner: JobOwner): Promise<string[]> {
    const now = this.now() / 1000;
    return (await this.meta.members(setKey(owner)))
      .filter((m) => ((m.value as { expires_at?: number } | undefined)?.expires_at ?? 0) > now)
      .map((m) => m.member);
  }

  /**
   * The worker's listener: each stored event goes to its owner's sockets as one JSON frame;
   * connections API Gateway says are gone are forgotten. A failed post is logged and left to
   * polling and the client's reconnect replay; it never fails the job.
   */
  pusher(poster: SocketPoster, log: (msg: string, err: unknown) => void): AsyncEventListener {
    return async (owner, event) => {
      const ids = await this.of(owner);
      const frame = JSON.stringify(event);
      await Promise.all(
        ids.map(async (id) => {
          try {
            if ((await poster.post(id, frame)) === "gone") await this.remove(id);
          } catch (err) {
            log(`Could not push async event ${event.id} to socket ${id}`, err);
          }
        }),
      );
    };
  }
}

const setKey = (owner: JobOwner) => `ws-connections#${owner}`;
const connectionKey = (connectionId: string) => `ws-connection#${connectionId}`;
