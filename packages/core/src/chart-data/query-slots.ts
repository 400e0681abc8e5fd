/**
 * A counting semaphore for engine queries run by one server instance. DuckDB runs each query on a
 * thread of Node's own pool (four by default), which `DUCKDB_THREADS` does not limit: three
 * hostile requests of five queries each kept every core busy and the event loop — which answers
 * every other request — waited for CPU. With a cap, queries past it wait their turn in order.
 */
export class QuerySlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error("QuerySlots needs a size of at least 1");
  }

  /** Queries waiting for a slot (for tests and diagnostics). */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `work` once a slot is free. An abort while waiting (the query's time limit, counted from
   * the request, not from its turn) gives up the place in the queue and rejects with `aborted()`.
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal, aborted?: () => Error): Promise<T> {
    await this.acquire(signal, aborted);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal, aborted?: () => Error): Promise<void> {
    const fail = () => aborted?.() ?? new Error("The query was stopped while waiting to run.");
    if (signal?.aborted) return Promise.reject(fail());
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(fail());
      };
      // Handed over by release(): the slot passes straight to this waiter, `running` unchanged.
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
