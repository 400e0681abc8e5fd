import { concatInTurns } from "./format.ts";
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

  /** A hit's rows stay the stored bytes (a view, not a copy): only the metadata line is decoded. */
  async get(key: string, now = Date.now()): Promise<{ meta: CachedMeta; rows: Uint8Array[] } | undefined> {
    const bytes = await this.store.get(this.key(key));
    if (!bytes) return undefined;
    const cut = bytes.indexOf(0x0a);
    if (cut < 0) return undefined;
    const meta = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, cut).toString("utf8")) as CachedMeta;
    if (meta.expires_at * 1000 <= now) return undefined;
    return { meta, rows: [bytes.subarray(cut + 1)] };
  }

  /**
   * `rows` are the byte chunks of the rows' JSON array (`rowsJsonChunks`), stored behind the
   * metadata line as they are: no string of megabytes is built or encoded in one blocking step.
   */
  async put(key: string, meta: CachedMeta, rows: Uint8Array[]): Promise<void> {
    const body = await concatInTurns([Buffer.from(`${JSON.stringify(meta)}\n`), ...rows]);
    await this.store.put(this.key(key), body, "application/json");
  }
}
