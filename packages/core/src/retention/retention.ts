import { positiveIntegersFromEnv } from "../env-numbers.ts";
import { LOG } from "../logs/event-log.ts";
import { QUERY } from "../sqllab/types.ts";
import { deleteChanged } from "../store/delete-changed.ts";
import type { MetaStore } from "../store/meta-store.ts";

const DAY_MS = 86_400_000;
/** The most rows of each kind one tick deletes: a first run over years of history is spread out. */
const MAX_DELETES_PER_TICK = 1000;

/**
 * How long the event log and SQL Lab's query history are kept, in days (Superset's prune_logs
 * and prune_query tasks). Absent: kept for ever, as in Superset, where both tasks are off until
 * configured. The list endpoints read only the newest rows, so what is kept costs storage only.
 */
export interface RetentionSettings {
  /** LOG_RETENTION_DAYS: event log batches (`GET /api/v1/log/`, recent activity). */
  logDays?: number;
  /** QUERY_RETENTION_DAYS: SQL Lab runs (`GET /api/v1/query/`, the query history). */
  queryDays?: number;
}

/** The settings from the environment; a value that is not a positive whole number stops the start. */
export function retentionFromEnv(env: Record<string, string | undefined>): RetentionSettings {
  const days = positiveIntegersFromEnv(
    { logDays: 0, queryDays: 0 },
    { logDays: "LOG_RETENTION_DAYS", queryDays: "QUERY_RETENTION_DAYS" },
    env,
  );
  return { logDays: days.logDays || undefined, queryDays: days.queryDays || undefined };
}

/** The minute tick's pruning: rows last changed longer ago than their retention are deleted. */
export class Retention {
  constructor(
    private readonly meta: MetaStore,
    private readonly settings: RetentionSettings = {},
  ) {}

  /** Deletes up to MAX_DELETES_PER_TICK expired rows of each kind; true once none is left. */
  async tick(now = new Date()): Promise<{ logs: boolean; queries: boolean }> {
    const [logs, queries] = await Promise.all([
      this.prune(LOG, this.settings.logDays, now),
      this.prune(QUERY, this.settings.queryDays, now),
    ]);
    return { logs, queries };
  }

  private prune(type: string, days: number | undefined, now: Date): Promise<boolean> {
    if (!days) return Promise.resolve(true);
    const changedBefore = new Date(now.getTime() - days * DAY_MS).toISOString();
    return deleteChanged(this.meta, type, { changedBefore, max: MAX_DELETES_PER_TICK });
  }
}
