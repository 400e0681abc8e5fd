import type { ColumnarResult, ResultColumn } from "@strata/engines";
import type { Columnar } from "../chart-data/format.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { ResultStore } from "../store/result-store.ts";

/** Rows per stored chunk: big enough for few S3 objects, small enough to bound memory. */
export const CHUNK_ROWS = 50_000;
/**
 * Rows per batch asked of the engine. Each batch is turned into JSON text at once, so its values
 * die young (a 50,000-row batch of JS values outlived a few collections and was promoted, which
 * grew the heap by the size of the result); a chunk gathers batches as text until CHUNK_ROWS.
 */
export const BATCH_ROWS = 10_000;

/** What a stored SQL Lab result is: who may read it, its columns and how many chunks hold it. */
export interface ResultManifest {
  queryId: number;
  userId: number | null;
  columns: ResultColumn[];
  rowcount: number;
  /** Chunk objects stored beside the manifest (0 when the rows are inline). */
  chunks: number;
  /** A result that fits one batch travels inside the manifest: one S3 write, one read. */
  inline?: unknown[][];
}

/** Results up to this size (JSON characters) live in the metadata table, under a DynamoDB item's 400 KB. */
const SMALL_RESULT_CHARS = 64 * 1024;
/** As long as the S3 lifecycle keeps bigger results (stacks/storage.ts: results/ → 7 days). */
const RESULT_TTL_SECONDS = 7 * 24 * 3600;
const smallKey = (key: string) => `sqllab-result#${key}`;
const manifestKey = (key: string) => `results/sqllab/${key}/manifest.json`;
const chunkKey = (key: string, n: number) => `results/sqllab/${key}/${String(n).padStart(6, "0")}.json`;

/**
 * SQL Lab results in the ResultStore, columnar and chunked: batches are turned into JSON text as
 * the engine produces them, a chunk is uploaded once it holds CHUNK_ROWS rows (one upload in
 * flight while the next is filled), and the first `headRows` rows are kept as values for the
 * run's reply. The stored text is exactly `JSON.stringify` of the chunk's columns. The manifest
 * is written last, so a result is either complete or absent.
 */
export class ResultWriter {
  private chunks = 0;
  private rows = 0;
  get rowcount(): number {
    return this.rows;
  }
  private pending: Promise<void> = Promise.resolve();
  readonly head: unknown[][] = [];
  /** The chunk being filled: per column, its values' JSON text, a piece per batch. */
  private filling: string[][] = [];
  private fillingRows = 0;
  /** The first chunk waits here (as JSON text): if no second one comes, it goes inline in the manifest. */
  private first?: string;

  constructor(
    private readonly store: ResultStore,
    private readonly meta: MetaStore,
    readonly key: string,
    private readonly headRows: number,
  ) {}

  append = async (batch: ColumnarResult): Promise<void> => {
    this.keepHead(batch);
    this.rows += batch.rowcount;
    batch.data.forEach((col, i) => {
      this.filling[i] ??= [];
      const pieces = this.filling[i];
      // `[a,b]` → `a,b`; pieces joined by commas give the same text as one array's JSON.
      if (col.length > 0) pieces.push(JSON.stringify(col).slice(1, -1));
    });
    this.fillingRows += batch.rowcount;
    if (this.fillingRows >= CHUNK_ROWS) await this.seal();
  };

  /** The filled chunk as text (`[[…],[…]]`), and a fresh one to fill. */
  private take(): string {
    const text = `[${this.filling.map((pieces) => `[${pieces.join(",")}]`).join(",")}]`;
    this.filling = this.filling.map(() => []);
    this.fillingRows = 0;
    return text;
  }

  private async seal() {
    const text = this.take();
    if (this.chunks === 0 && this.first === undefined) {
      this.first = text;
      return;
    }
    if (this.first !== undefined) {
      const first = this.first;
      this.first = undefined;
      await this.upload(first);
    }
    await this.upload(text);
  }

  private async upload(text: string) {
    // Bytes once: the SDK signs and sends them as they are, without converting the text again.
    const upload = this.store.put(chunkKey(this.key, this.chunks++), Buffer.from(text), "application/json");
    upload.catch(() => undefined); // observed below or in finish(); never an unhandled rejection
    await this.pending;
    this.pending = upload;
  }

  private keepHead(batch: ColumnarResult) {
    const room = this.headRows - (this.head[0]?.length ?? 0);
    if (room <= 0) return;
    batch.data.forEach((col, i) => {
      this.head[i] ??= [];
      appendRows(this.head[i], col, room);
    });
  }

  /** `coalesce`: a small result may wait a moment to be written with others (see MetaStore). */
  async finish(
    meta: Omit<ResultManifest, "chunks" | "rowcount" | "inline">,
    opts: { coalesce?: boolean } = {},
  ): Promise<void> {
    if (this.fillingRows > 0) await this.seal();
    await this.pending;
    let text = JSON.stringify({ ...meta, rowcount: this.rows, chunks: this.chunks });
    if (this.first !== undefined) text = `${text.slice(0, -1)},"inline":${this.first}}`;
    // A small result is one metadata item (a few ms); a bigger one an S3 object.
    if (text.length <= SMALL_RESULT_CHARS)
      await this.meta.putValue(smallKey(this.key), text, {
        ttlSeconds: RESULT_TTL_SECONDS,
        coalesce: opts.coalesce,
      });
    else await this.store.put(manifestKey(this.key), text, "application/json");
  }
}

export class StoredResults {
  constructor(
    private readonly store: ResultStore,
    private readonly meta: MetaStore,
  ) {}

  writer(key: string, headRows: number): ResultWriter {
    return new ResultWriter(this.store, this.meta, key, headRows);
  }

  async manifest(key: string): Promise<ResultManifest | undefined> {
    const small = await this.meta.getValue<string>(smallKey(key));
    return small
      ? (JSON.parse(small) as ResultManifest)
      : this.store.getJson<ResultManifest>(manifestKey(key));
  }

  /** The chunks in order, one at a time (never the whole result in memory). */
  async *chunks(key: string, manifest: ResultManifest): AsyncGenerator<Columnar> {
    const names = manifest.columns.map((c) => c.name);
    if (manifest.inline) yield { columns: names, data: manifest.inline };
    for (let n = 0; n < manifest.chunks; n++) {
      const data = await this.store.getJson<unknown[][]>(chunkKey(key, n));
      if (!data) throw new Error(`Chunk ${n} of result ${key} is missing`);
      yield { columns: names, data };
    }
  }

  /** The first `rows` rows, reading only the chunks that hold them. */
  async head(key: string, manifest: ResultManifest, rows: number): Promise<unknown[][]> {
    const out: unknown[][] = manifest.columns.map(() => []);
    if (rows <= 0) return out;
    for await (const chunk of this.chunks(key, manifest)) {
      const room = rows - (out[0]?.length ?? 0);
      chunk.data.forEach((col, i) => {
        appendRows(out[i], col, room);
      });
      if ((out[0]?.length ?? 0) >= rows) break;
    }
    return out;
  }
}

/** Appends up to `max` values (a loop: spreading 50k arguments can overflow the stack). */
function appendRows(out: unknown[], values: unknown[], max: number) {
  const n = Math.min(max, values.length);
  for (let i = 0; i < n; i++) out.push(values[i]);
}
