import type { Principal } from "../security/principal.ts";
import { yieldToLoop } from "./format.ts";

/** One item of a chart-data reply: its fields (small) and its rows' JSON array as byte chunks. */
export interface ReplyItem {
  meta: Record<string, unknown>;
  rows: Uint8Array[];
}

const utf8 = (text: string): Uint8Array => Buffer.from(text, "utf8");

/**
 * What of an item's fields a caller may read. The compiled SQL (`query`) carries every RLS clause,
 * the admin's Base rules included: an embedded guest is refused `result_type: "query"` for that
 * reason, so it gets no SQL in a full reply either. Applied where every reply is serialised
 * (inline, cache hits, a job's stored result, explore_json), the stored cache keeps the SQL.
 */
export function visibleFields(p: Principal, meta: Record<string, unknown>): Record<string, unknown> {
  return p.guest && "query" in meta ? { ...meta, query: null } : meta;
}

/** `{...fields, "data": rows}`: the fields are stringified, the rows' bytes passed through as they are. */
function* itemChunks(fields: Record<string, unknown>, rows: Uint8Array[]): Generator<Uint8Array> {
  const text = JSON.stringify(fields).slice(1, -1);
  yield utf8(text ? `{${text},"data":` : `{"data":`);
  yield* rows;
  yield utf8("}");
}

/** The chunks of `{"result": [item, …]}`, the body of `POST /api/v1/chart/data` and of a job's result. */
export function* resultChunks(p: Principal, items: ReplyItem[]): Generator<Uint8Array> {
  yield utf8(`{"result":[`);
  for (const [i, it] of items.entries()) {
    if (i) yield utf8(",");
    yield* itemChunks(visibleFields(p, it.meta), it.rows);
  }
  yield utf8("]}");
}

/** The chunks of one item with more fields (legacy explore_json: the first item plus its form data). */
export function* singleItemChunks(
  p: Principal,
  item: ReplyItem,
  extra: Record<string, unknown>,
): Generator<Uint8Array> {
  yield* itemChunks({ ...visibleFields(p, item.meta), ...extra }, item.rows);
}

/** Bytes handed to the HTTP server between two turns of the event loop. */
const BYTES_PER_TURN = 256 * 1024;

/**
 * The chunks as a byte stream, one chunk per read, with a turn of the event loop once 256 KB went
 * out since the last: the HTTP server writes a 12 MB reply as ~50 writes of 256 KB between which
 * other requests are answered, instead of joining and encoding one string in a single step. A
 * small reply goes out without a turn (one per chunk made it wait behind other requests' work,
 * its own cache write included, several times). (Behind API Gateway, `hono/aws-lambda` reads the
 * stream whole into the buffered response Lambda returns.)
 */
export function byteStream(chunks: Iterator<Uint8Array>): ReadableStream<Uint8Array> {
  let sinceTurn = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sinceTurn >= BYTES_PER_TURN) {
        sinceTurn = 0;
        await yieldToLoop();
      }
      const next = chunks.next();
      if (next.done) controller.close();
      else {
        sinceTurn += next.value.length;
        controller.enqueue(next.value);
      }
    },
    cancel() {
      chunks.return?.(undefined);
    },
  });
}
