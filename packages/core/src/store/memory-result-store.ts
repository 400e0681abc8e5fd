import type { ResultStorePort, StoredObject } from "./store-ports.ts";

/** Query results and uploads in memory, for fast domain tests; the same contract as `ResultStore`. */
export class MemoryResultStore implements ResultStorePort {
  private readonly objects = new Map<string, { body: Uint8Array; lastModified: Date }>();

  /** `now` stamps each write (tests move it to age objects). */
  constructor(private readonly now: () => Date = () => new Date()) {}

  async put(
    key: string,
    body: Uint8Array | string,
    _contentType = "application/octet-stream",
  ): Promise<void> {
    await tick();
    // A copy, as an upload is: later changes to the caller's buffer do not reach the store.
    this.objects.set(key, {
      body: typeof body === "string" ? new Uint8Array(Buffer.from(body, "utf8")) : body.slice(),
      lastModified: this.now(),
    });
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    await tick();
    return this.objects.get(key)?.body.slice();
  }

  async putJson(key: string, value: unknown): Promise<void> {
    await this.put(key, JSON.stringify(value), "application/json");
  }

  async getJson<T>(key: string): Promise<T | undefined> {
    const bytes = await this.get(key);
    return bytes ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as T) : undefined;
  }

  async list(prefix: string): Promise<StoredObject[]> {
    await tick();
    return [...this.objects]
      .filter(([key]) => key.startsWith(prefix))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, o]) => ({ key, lastModified: new Date(o.lastModified) }));
  }

  async delete(key: string): Promise<void> {
    await tick();
    this.objects.delete(key);
  }

  /** Keys stored so far (tests look at what a run wrote). */
  keys(): string[] {
    return [...this.objects.keys()].sort();
  }
}

function tick() {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
