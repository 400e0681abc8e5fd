import { ErrorType } from "@strata/contracts";
import type { MetaStore } from "../store/meta-store.ts";
import { QUERY, type QueryData } from "./types.ts";

/** Every stored run that has not ended, with its heartbeat: few items under one key. */
const RUNNING = "sqllab#running";
/** How often a run in progress says it is alive. */
export const HEARTBEAT_MS = 15_000;
/** A running run whose heartbeat is older than this has lost its process. */
const RUNNING_STALE_MS = 6 * HEARTBEAT_MS;
/** A queued run nobody picked up for this long was lost with its message. */
const PENDING_STALE_MS = 15 * 60_000;

export const INTERRUPTED_MESSAGE = "The query was interrupted";

interface Beat {
  heartbeat: number;
  status: "pending" | "running";
}

/**
 * SQL Lab runs in progress. A process that dies mid-run leaves its query `running` for ever; each
 * run therefore keeps a heartbeat here while it goes on, and a sweeper (at a local start: all of
 * them; on the minute tick: the stale ones) marks what is left behind as failed, "The query was
 * interrupted", so the editor and the history stop showing a spinner.
 */
export class RunningRuns {
  constructor(private readonly meta: MetaStore) {}

  async beat(id: number, status: Beat["status"]): Promise<void> {
    const beat: Beat = { heartbeat: Date.now(), status };
    await this.meta.addMember(RUNNING, String(id), beat);
  }

  async ended(id: number): Promise<void> {
    await this.meta.removeMember(RUNNING, String(id));
  }

  /** Marks dead runs failed; returns how many. `all`: no run can be alive (this process just started). */
  async sweep(opts: { all?: boolean } = {}): Promise<number> {
    const now = Date.now();
    let failed = 0;
    for (const { member, value } of await this.meta.members(RUNNING)) {
      const beat = value as Beat;
      const stale = now - beat.heartbeat > (beat.status === "pending" ? PENDING_STALE_MS : RUNNING_STALE_MS);
      if (!opts.all && !stale) continue;
      const q = await this.meta.get<QueryData>(QUERY, Number(member));
      if (q && (q.status === "running" || q.status === "pending")) {
        try {
          await this.meta.update<QueryData>(
            QUERY,
            q,
            {
              status: "failed",
              error_message: INTERRUPTED_MESSAGE,
              errors: [
                {
                  message: INTERRUPTED_MESSAGE,
                  error_type: ErrorType.GENERIC_BACKEND_ERROR,
                  level: "error",
                  extra: {},
                },
              ],
              end_time: now,
              changed_on_ms: now,
            },
            q.user_id,
          );
          failed++;
        } catch {
          continue; // it changed meanwhile: the run is alive after all; look again next time
        }
      }
      await this.ended(Number(member));
    }
    return failed;
  }
}
