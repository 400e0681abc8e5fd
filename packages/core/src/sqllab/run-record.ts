import { AppError } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { QUERY, type QueryData, type QueryEntity } from "./types.ts";

const CLIENT_ID_TTL = 7 * 24 * 3600;

/**
 * A run's stored query record. A slow or asynchronous run writes it at once (history shows it
 * running, a stop from any instance finds it); a fast synchronous run writes it only once, with
 * its outcome — the difference between a database round trip or three per query.
 */
export class RunRecord {
  private creating?: Promise<QueryEntity>;
  private current?: QueryEntity;

  constructor(
    private readonly meta: MetaStore,
    readonly id: number,
    readonly data: QueryData,
  ) {}

  /** A record already stored (the worker's view of an async run). */
  static stored(meta: MetaStore, q: QueryEntity): RunRecord {
    const record = new RunRecord(meta, q.id, q);
    record.current = q;
    record.creating = Promise.resolve(q);
    return record;
  }

  get written(): boolean {
    return this.creating !== undefined;
  }

  /** Writes the record as it is now (once), with the client-id lookup used by stop and export. */
  create(): Promise<QueryEntity> {
    this.creating ??= this.write(this.data);
    return this.creating;
  }

  private async write(data: QueryData): Promise<QueryEntity> {
    const [entity] = await Promise.all([
      this.meta.create<QueryData>(QUERY, data, data.user_id, this.id),
      this.meta.putValue(`query-client#${data.client_id}`, this.id, { ttlSeconds: CLIENT_ID_TTL }),
    ]);
    this.current = entity;
    return entity;
  }

  /**
   * Saves changes (an outcome). Written with the record when nothing was written yet; otherwise
   * with the version last seen, and when that loses to a concurrent change (a stop), the stored
   * record is re-read: a stopped query stays stopped.
   */
  async save(changes: Partial<QueryData>): Promise<QueryEntity> {
    const stamped = { ...changes, changed_on_ms: Date.now() };
    if (!this.creating) {
      this.creating = this.write({ ...this.data, ...stamped });
      return this.creating;
    }
    const base = this.current ?? (await this.creating);
    try {
      this.current = await this.meta.update<QueryData>(QUERY, base, stamped, base.user_id);
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 409) throw e;
      const latest = await this.meta.get<QueryData>(QUERY, this.id);
      if (!latest || latest.status === "stopped") return latest ?? base;
      this.current = await this.meta.update<QueryData>(QUERY, latest, stamped, latest.user_id);
    }
    return this.current;
  }
}
