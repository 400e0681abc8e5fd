import type { ResultStore } from "../store/result-store.ts";
import { yieldToLoop } from "./format.ts";

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

  /**
   * `rows` are the slices of the rows' JSON array (`rowsJsonSlices`). They are encoded one by one
   * with turns of the event loop in between and handed over as bytes: given one string of
   * megabytes, the SDK measures and encodes it in a single blocking step.
   */
  async put(key: string, meta: CachedMeta, rows: string[]): Promise<void> {
    const parts: Buffer[] = [Buffer.from(`${JSON.stringify(meta)}\n[`)];
    for (const [i, slice] of rows.entries()) {
      parts.push(Buffer.from(i ? `,${slice}` : slice));
      await yieldToLoop();
    }
    parts.push(Buffer.from("]"));
    await this.store.put(this.key(key), Buffer.concat(parts), "application/json");
  }
}
