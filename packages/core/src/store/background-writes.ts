/**
 * Writes a request starts and does not wait for: its reply leaves first. Readers that must see
 * them on this instance wait for `settled()`; a process that answers one request at a time (a
 * Lambda) waits for it before handing back its reply, so another instance never reads too early.
 */
export class BackgroundWrites {
  private readonly pending = new Set<Promise<void>>();

  /** `what` names the writes in the log line a failure leaves (the reply has already gone). */
  constructor(private readonly what: string) {}

  track(work: Promise<unknown>): void {
    const tracked: Promise<void> = work
      .then(() => undefined)
      .catch((e) => console.error(`[${this.what}] a write after the reply failed`, e))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Resolves once every write started before the call has ended (later ones are not waited for). */
  async settled(): Promise<void> {
    if (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
