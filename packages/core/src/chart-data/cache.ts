import type { ResultStore } from "../store/result-store.ts";

/** What a cached query result carries besides its rows. */
export interface CachedMeta {
  cached_dttm: string;
  expires_at: number;
  [key: string]: unknown;
}

/**
 * Query results in the ResultStore (S3). Stored as one line of metadata JSON, a newline, then the
 * rows' JSON text: a hit parses only the small metadata and passes the rows through untouched.
 */
export class ResultCache {
  constructor(private readonly store: ResultStore) {}

  private key(key: string) {
    return `cache/chart-data/${key}.json`;
  }

  async get(key: string, now = Date.now()): Promise<{ meta: CachedMeta; rowsJson: string } | undefined> {
    const bytes = await this.store.get(this.key(key));
    if (!bytes) return undefined;
    const text = Buffer.from(bytes).toString("utf8");
    const cut = text.indexOf("\n");
    if (cut < 0) return undefined;
    const meta = JSON.parse(text.slice(0, cut)) as CachedMeta;
    if (meta.expires_at * 1000 <= now) return undefined;
    return { meta, rowsJson: text.slice(cut + 1) };
  }

  async put(key: string, meta: CachedMeta, rowsJson: string): Promise<void> {
    await this.store.put(this.key(key), `${JSON.stringify(meta)}\n${rowsJson}`, "application/json");
  }
}
