import type { ColumnarResult, ResultColumn } from "@strata/engines";
import type { Columnar } from "../chart-data/format.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { ResultStore } from "../store/result-store.ts";
import { assembleChunk, decodeChunk, type EncodedSegment, encodeColumn } from "./column-chunk.ts";

/** Rows per stored chunk: big enough for few S3 objects, small enough to bound memory. */
export const CHUNK_ROWS = 50_000;
/** …or fewer when the rows are wide: a chunk is one S3 object, read whole by `fetch more` and CSV. */
export const CHUNK_BYTES = 16 * 1024 * 1024;
/**
 * Rows per batch asked of the engine. Each batch is encoded at once (column-chunk.ts), so its
 * values die young (a 50,000-row batch of JS values outlived a few collections and was promoted,
 * which grew the heap by the size of the result); a chunk gathers encoded batches until CHUNK_ROWS.
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
  /**
   * How the chunks are laid out: "columns" (column-chunk.ts). Results stored before it existed
   * have JSON chunks and no such field; they are read as such until they expire.
   */
  encoding?: "columns";
  /** A small result that fits one batch travels inside the manifest: one write, one read. */
  inline?: unknown[][];
}

/** Results up to this size (JSON characters) live in the metadata table, under a DynamoDB item's 400 KB. */
const SMALL_RESULT_CHARS = 64 * 1024;
/** As long as the S3 lifecycle keeps bigger results (stacks/storage.ts: results/ → 7 days). */
const RESULT_TTL_SECONDS = 7 * 24 * 3600;
const smallKey = (key: string) => `sqllab-result#${key}`;
const manifestKey = (key: string) => `results/sqllab/${key}/manifest.json`;
const chunkKey = (key: string, n: number, encoding: ResultManifest["encoding"]) =>
  `results/sqllab/${key}/${String(n).padStart(6, "0")}.${encoding === "columns" ? "bin" : "json"}`;

/**
 * SQL Lab results in the ResultStore, columnar and chunked: batches are encoded as the engine
 * produces them, a chunk is uploaded once it holds CHUNK_ROWS rows or CHUNK_BYTES (one upload in
 * flight while the next is filled), and the first `headRows` rows are kept as values for the
 * run's reply. A small result that ends within its first batch stays values and goes inline, as
 * JSON, in the manifest. The manifest is written last, so a result is either complete or absent.
 */
export class ResultWriter {
  private chunks = 0;
  private rows = 0;
  get rowcount(): number {
    return this.rows;
  }
  private pending: Promise<void> = Promise.resolve();
  readonly head: unknown[][] = [];
  /** The first batch, as values until a second one shows the result needs chunks. */
  private first?: unknown[][];
  /** The chunk being filled: one encoded segment per column per batch. */
  private filling: EncodedSegment[] = [];
  private fillingRows = 0;
  private fillingBytes = 0;

  constructor(
    private readonly store: ResultStore,
    private readonly meta: MetaStore,
    readonly key: string,
    private readonly headRows: number,
  ) {}

  append = async (batch: ColumnarResult): Promise<void> => {
    // Engines that cannot stream hand over every row at once: stored batch by batch all the same.
    if (batch.rowcount > BATCH_ROWS) {
      for (let at = 0; at < batch.rowcount; at += BATCH_ROWS) {
        const data = batch.data.map((col) => col.slice(at, at + BATCH_ROWS));
        await this.append({ ...batch, data, rowcount: data[0]?.length ?? 0 });
      }
      return;
    }
    if (batch.rowcount === 0) return;
    this.keepHead(batch);
    this.rows += batch.rowcount;
    if (this.rows === batch.rowcount) {
      this.first = batch.data;
      return;
    }
    if (this.first) this.encode(this.first);
    this.first = undefined;
    this.encode(batch.data);
    if (this.fillingRows >= CHUNK_ROWS || this.fillingBytes >= CHUNK_BYTES) await this.seal();
  };

  private encode(data: unknown[][]) {
    data.forEach((col, i) => {
      const segment = encodeColumn(i, col);
      this.filling.push(segment);
      for (const part of segment.parts) this.fillingBytes += part.length;
    });
    this.fillingRows += data[0]?.length ?? 0;
  }

  private clearFilling() {
    this.filling = [];
    this.fillingRows = 0;
    this.fillingBytes = 0;
  }

  private async seal() {
    const bytes = assembleChunk(this.filling);
    this.clearFilling();
    const upload = this.store.put(chunkKey(this.key, this.chunks++, "columns"), bytes);
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
    meta: Omit<ResultManifest, "chunks" | "rowcount" | "encoding" | "inline">,
    opts: { coalesce?: boolean } = {},
  ): Promise<void> {
    if (this.first) {
      // One batch of wide rows (long texts) is too big to travel in the manifest: a chunk of its own.
      this.encode(this.first);
      if (this.fillingBytes > SMALL_RESULT_CHARS) this.first = undefined;
      else this.clearFilling();
    }
    if (this.fillingRows > 0) await this.seal();
    await this.pending;
    const manifest: ResultManifest = {
      ...meta,
      rowcount: this.rows,
      chunks: this.chunks,
      encoding: "columns",
      ...(this.first ? { inline: this.first } : {}),
    };
    const text = JSON.stringify(manifest);
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
      const stored = await this.store.get(chunkKey(key, n, manifest.encoding));
      if (!stored) throw new Error(`Chunk ${n} of result ${key} is missing`);
      const data =
        manifest.encoding === "columns"
          ? decodeChunk(stored, names.length)
          : (JSON.parse(Buffer.from(stored).toString("utf8")) as unknown[][]);
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
