import { AppError } from "../errors.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { RunningRuns } from "./running-runs.ts";
import { QUERY, type QueryData, type QueryEntity } from "./types.ts";

const inProgress = (status: QueryData["status"]) => status === "pending" || status === "running";

const CLIENT_ID_TTL = 7 * 24 * 3600;

/**
 * A run's stored query record. A slow or asynchronous run writes it at once (history shows it
 * running, a stop from any instance finds it); a fast synchronous run writes it only once, with
 * its outcome — the difference between a database round trip or three per query.
 */
export class RunRecord {
  private creating?: Promise<QueryEntity>;
  private current?: QueryEntity;
  private readonly runs: RunningRuns;

  constructor(
    private readonly meta: MetaStore,
    readonly id: number,
    readonly data: QueryData,
  ) {
    this.runs = new RunningRuns(meta);
  }

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
    // A record stored while the run goes on gets its heartbeat first: a crash right after the
    // write still leaves something for the sweeper to find.
    if (inProgress(data.status)) await this.runs.beat(this.id, data.status as "pending" | "running");
    const [entity] = await Promise.all([
      this.meta.create<QueryData>(QUERY, data, data.user_id, this.id),
      this.meta.putValue(`query-client#${data.client_id}`, this.id, { ttlSeconds: CLIENT_ID_TTL }),
    ]);
    this.current = entity;
    return entity;
  }

  /**
   * A finished run never stored yet: its record with the outcome, at once, and the write of it,
   * begun once `begin` resolves. The caller replies with the record and lets the write finish
   * after (see BackgroundWrites).
   */
  finishUnwritten(
    changes: Partial<QueryData>,
    begin: Promise<void> = Promise.resolve(),
  ): { entity: QueryEntity; written: Promise<QueryEntity> } {
    if (this.creating) throw new Error("finishUnwritten: the record was already written");
    const data = { ...this.data, ...changes, changed_on_ms: Date.now() };
    const entity = this.meta.draft<QueryData>(data, data.user_id, this.id);
    this.current = entity;
    this.creating = begin
      .then(() =>
        Promise.all([
          this.meta.insert<QueryData>(QUERY, entity, { coalesce: true }),
          this.meta.putValue(`query-client#${data.client_id}`, this.id, {
            ttlSeconds: CLIENT_ID_TTL,
            coalesce: true,
          }),
        ]),
      )
      .then(() => entity);
    return { entity, written: this.creating };
  }

  /** Says the stored run is still alive (called while it runs). */
  async heartbeat(): Promise<void> {
    if (this.creating && inProgress(this.current?.status ?? this.data.status))
      await this.runs.beat(this.id, "running");
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
    if (changes.status === "running") await this.runs.beat(this.id, "running");
    try {
      this.current = await this.meta.update<QueryData>(QUERY, base, stamped, base.user_id);
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 409) throw e;
      const latest = await this.meta.get<QueryData>(QUERY, this.id);
      if (!latest || latest.status === "stopped") {
        await this.runs.ended(this.id);
        return latest ?? base;
      }
      this.current = await this.meta.update<QueryData>(QUERY, latest, stamped, latest.user_id);
    }
    // Ended: no heartbeat to keep (after the outcome is stored, so a crash between keeps it swept).
    if (!inProgress(this.current.status)) await this.runs.ended(this.id);
    return this.current;
  }
}
