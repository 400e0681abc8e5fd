import type { ColumnarResult, ResultColumn } from "@strata/engines";
import type { Columnar } from "../chart-data/format.ts";
import type { MetaStore } from "../store/meta-store.ts";
import type { ResultStore } from "../store/result-store.ts";

/** Rows per stored chunk: big enough for few S3 objects, small enough to bound memory. */
export const CHUNK_ROWS = 50_000;

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
 * SQL Lab results in the ResultStore, columnar and chunked: batches are written as the engine
 * produces them (one upload in flight while the next batch is read), and the first `headRows`
 * rows are kept in memory for the run's reply. The manifest is written last, so a result is
 * either complete or absent.
 */
export class ResultWriter {
  private chunks = 0;
  private rows = 0;
  get rowcount(): number {
    return this.rows;
  }
  private pending: Promise<void> = Promise.resolve();
  readonly head: unknown[][] = [];

  constructor(
    private readonly store: ResultStore,
    private readonly meta: MetaStore,
    readonly key: string,
    private readonly headRows: number,
  ) {}

  /** The first batch waits here: if no second one comes, it goes inline in the manifest. */
  private first?: unknown[][];

  append = async (batch: ColumnarResult): Promise<void> => {
    this.keepHead(batch);
    this.rows += batch.rowcount;
    if (this.chunks === 0 && this.first === undefined) {
      this.first = batch.data;
      return;
    }
    if (this.first !== undefined) {
      await this.upload(this.first);
      this.first = undefined;
    }
    await this.upload(batch.data);
  };

  private async upload(data: unknown[][]) {
    const upload = this.store.putJson(chunkKey(this.key, this.chunks++), data);
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

  async finish(meta: Omit<ResultManifest, "chunks" | "rowcount">): Promise<ResultManifest> {
    await this.pending;
    const manifest: ResultManifest = { ...meta, rowcount: this.rows, chunks: this.chunks };
    if (this.first !== undefined) manifest.inline = this.first;
    const text = JSON.stringify(manifest);
    // A small result is one metadata item (a few ms); a bigger one an S3 object.
    if (text.length <= SMALL_RESULT_CHARS)
      await this.meta.putValue(smallKey(this.key), text, { ttlSeconds: RESULT_TTL_SECONDS });
    else await this.store.put(manifestKey(this.key), text, "application/json");
    return manifest;
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
