import { concatInTurns } from "./format.ts";
import type { ResultStore } from "../store/result-store.ts";

/** What a cached query result carries besides its rows. */
export interface CachedMeta {
  cached_dttm: string;
  expires_at: number;
  [key: string]: unknown;
}

/**
 * How long a result read or written here is served from memory when other instances may rewrite
 * the key (a forced refresh elsewhere): their rewrite is seen within it.
 */
const SHARED_COPY_LIFE_MS = 1000;
/** Bounds on what the hot copies hold: results this small, this much in all (least recently used goes first). */
const HOT_MAX_ENTRY_BYTES = 1024 * 1024;
const HOT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The cached results this process read or wrote lately, as stored bytes: a chart many people have
 * open (a dashboard on a wall screen, a busy team) is answered without an S3 round trip per
 * request. A key names one result (the compiled SQL with its RLS clauses, the dataset's and
 * database's versions…), so a copy is only ever as stale as a refresh another instance made
 * within its life; the entry's own expiry is still checked on every read. A process that is the
 * only writer of the bucket sees every rewrite itself, so its copies live until pushed out.
 */
class HotResults {
  private readonly entries = new Map<string, { bytes: Uint8Array; at: number }>();
  private bytes = 0;

  constructor(private readonly lifeMs: number) {}

  get(key: string, now: number): Uint8Array | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (now - hit.at >= this.lifeMs) {
      this.bytes -= hit.bytes.length;
      return undefined;
    }
    this.entries.set(key, hit);
    return hit.bytes;
  }

  set(key: string, bytes: Uint8Array, now: number): void {
    this.drop(key);
    if (bytes.length > HOT_MAX_ENTRY_BYTES) return;
    this.entries.set(key, { bytes, at: now });
    this.bytes += bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= HOT_MAX_BYTES && now - entry.at < this.lifeMs) break;
      this.drop(oldest);
    }
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  drop(key: string): void {
    const hit = this.entries.get(key);
    if (!hit) return;
    this.entries.delete(key);
    this.bytes -= hit.bytes.length;
  }
}

/**
 * Query results in the ResultStore (S3). Stored as one line of metadata JSON, a newline, then the
 * rows' JSON text: a hit parses only the small metadata and passes the rows through untouched.
 */
export class ResultCache {
  private readonly hot: HotResults;

  private readonly clock: () => number;

  constructor(
    private readonly store: ResultStore,
    opts: {
      /** A monotonic clock in milliseconds for the hot copies (tests move it by hand). */
      clock?: () => number;
      /** This process alone writes the bucket: copies live until pushed out, not a second. */
      soleWriter?: boolean;
    } = {},
  ) {
    this.clock = opts.clock ?? (() => performance.now());
    this.hot = new HotResults(opts.soleWriter ? Number.POSITIVE_INFINITY : SHARED_COPY_LIFE_MS);
  }

  private key(key: string) {
    return `cache/chart-data/${key}.json`;
  }

  /** A hit's rows stay the stored bytes (a view, not a copy): only the metadata line is decoded. */
  async get(key: string, now = Date.now()): Promise<{ meta: CachedMeta; rows: Uint8Array[] } | undefined> {
    let bytes = this.hot.get(key, this.clock());
    if (!bytes) {
      const started = this.clock();
      bytes = await this.store.get(this.key(key));
      if (!bytes) return undefined;
      // Aged from before the read, so a copy never outlives the second counted from S3's answer;
      // a copy a write left meanwhile is newer and stays.
      if (!this.hot.has(key)) this.hot.set(key, bytes, started);
    }
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
    const started = this.clock();
    this.hot.drop(key);
    await this.store.put(this.key(key), body, "application/json");
    this.hot.set(key, body, started);
  }
}
