import type { ChartDataBatchItem } from "@strata/contracts";
import { knownErrorToAppError } from "../databases/engine-errors.ts";
import { badRequest } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { redactServerPathsIn } from "../server-paths.ts";
import type { ChartDataReply } from "./reply.ts";
import type { ChartDataService } from "./service.ts";

/** Items answered at once: cache hits overlap; engine queries are bounded by the query slots anyway. */
const ITEMS_AT_ONCE = 24;

const utf8 = (text: string): Uint8Array => Buffer.from(text, "utf8");

const INTERNAL_ERROR = {
  message:
    "Internal server error: the failure was logged. Try again, or report it with the time it happened.",
};

/** What the single endpoint's error boundary would have answered for this error. */
function errorLine(index: number, err: unknown): Uint8Array {
  const known = knownErrorToAppError(err);
  if (known)
    return utf8(
      `${JSON.stringify({ index, status: known.status, body: redactServerPathsIn(known.body) })}\n`,
    );
  console.error("[chart-data] batch item failed:", err);
  return utf8(`${JSON.stringify({ index, status: 500, body: INTERNAL_ERROR })}\n`);
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

/**
 * `POST /api/v1/chart/data/batch/`: many charts' chart-data requests in one HTTP request (a
 * dashboard's), so the page pays one round trip, one session and one CSRF check instead of one
 * per chart behind the browser's six connections. Each item runs through the very verb of
 * `POST /api/v1/chart/data` (`ChartDataService.request`: access, guest checks, RLS, cache, async
 * jobs) with the caller resolved once; a failing item is its own error line, never the batch's.
 */
export class ChartDataBatch {
  constructor(
    private readonly chartData: Pick<ChartDataService, "request">,
    /**
     * Reads the named charts ahead, in one store call: each item reads its chart (its cache
     * timeout), and twenty reads at once, each its own round trip, held every item of a dashboard
     * back until the slowest came (tens of ms on a loaded machine). The items' own reads join it.
     */
    private readonly readChartsAhead?: (ids: number[]) => Promise<unknown>,
  ) {}

  /** The NDJSON reply: one line per item as soon as it is answered (see ChartDataBatchLine). */
  run(p: Principal, items: ChartDataBatchItem[]): ReadableStream<Uint8Array> {
    const sliceIds = items.flatMap((item) => (item.slice_id === undefined ? [] : [item.slice_id]));
    // Only a warm-up: an item whose chart it could not read reads it (and fails) on its own.
    if (sliceIds.length > 1) this.readChartsAhead?.(sliceIds).catch(() => undefined);
    const ready: Uint8Array[][] = [];
    let wake: (() => void) | undefined;
    let next = 0;
    const answer = async (index: number): Promise<Uint8Array[]> => {
      try {
        const reply = await this.one(p, items[index]);
        return [utf8(`{"index":${index},"status":${reply.status},"body":`), ...reply.body, utf8("}\n")];
      } catch (err) {
        return [errorLine(index, err)];
      }
    };
    // A small pool: each finished item frees its place for the next one.
    const startNext = () => {
      if (next >= items.length) return;
      const index = next++;
      void answer(index).then((line) => {
        ready.push(line);
        wake?.();
        startNext();
      });
    };
    for (let i = 0; i < Math.min(ITEMS_AT_ONCE, items.length); i++) startNext();
    let written = 0;
    async function* chunks(): AsyncGenerator<Uint8Array> {
      while (written < items.length) {
        if (!ready.length) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        const line = ready.shift();
        if (!line) continue;
        written++;
        yield* line;
      }
    }
    return asyncByteStream(chunks());
  }

  private async one(p: Principal, item: ChartDataBatchItem): Promise<{ status: number; body: Uint8Array[] }> {
    if (item.request.result_format !== "json")
      throw badRequest(
        "A batch answers JSON only: download CSV or XLSX files through POST /api/v1/chart/data.",
      );
    const reply: ChartDataReply = await this.chartData.request(p, item.request, {
      sliceId: item.slice_id,
      dashboardId: item.dashboard_id,
    });
    if (reply.kind === "json") return { status: 200, body: await collect(reply.body) };
    if (reply.kind === "queued") return { status: 202, body: [utf8(JSON.stringify(reply.body))] };
    throw badRequest("A batch answers JSON only.");
  }
}

function asyncByteStream(chunks: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}
