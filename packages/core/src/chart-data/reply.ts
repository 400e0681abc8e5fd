import type { ChartDataRequest } from "@strata/contracts";
import { badRequest } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import { type Columnar, rowsJsonText, toCsv, toXlsx } from "./format.ts";
import { byteStream, type ReplyItem, resultChunks } from "./reply-body.ts";
import type { RunItem } from "./run.ts";

/**
 * A reply: JSON as a byte stream (rows passed through as the bytes they were written or cached
 * as, never joined into one string), a file, or a queued job.
 */
export type ChartDataReply =
  | { kind: "json"; status: 200; body: ReadableStream<Uint8Array> }
  | { kind: "file"; status: 200; body: Uint8Array | string; contentType: string; fileName: string }
  | { kind: "queued"; status: 202; body: Record<string, unknown> };

/** Builds a JSON reply from the items instead of `{"result": […]}` (explore_json). */
export type ReplyShape = (items: ReplyItem[]) => ChartDataReply;

/** A small JSON value as a reply. */
export function jsonReply(value: unknown): ChartDataReply {
  return { kind: "json", status: 200, body: byteStream([Buffer.from(JSON.stringify(value))].values()) };
}

/** Superset's reply to a run request: a CSV or XLSX file of the first query, else the JSON items. */
export async function replyOf(
  p: Principal,
  req: ChartDataRequest,
  items: RunItem[],
  shape?: ReplyShape,
): Promise<ChartDataReply> {
  if (req.result_format === "csv" || req.result_format === "xlsx") {
    const first = items[0];
    if (!first) throw badRequest("Give at least one query to download.");
    const table: Columnar =
      first.table ?? tableFromRows(first.meta.colnames as string[], JSON.parse(rowsJsonText(first.rows)));
    if (req.result_format === "csv") {
      return {
        kind: "file",
        status: 200,
        body: toCsv(table),
        contentType: "text/csv; charset=utf-8",
        fileName: "chart.csv",
      };
    }
    return {
      kind: "file",
      status: 200,
      body: await toXlsx(table),
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      fileName: "chart.xlsx",
    };
  }
  if (shape) return shape(items);
  return { kind: "json", status: 200, body: byteStream(resultChunks(p, items)) };
}

function tableFromRows(columns: string[], rows: Record<string, unknown>[]): Columnar {
  return { columns, data: columns.map((c) => rows.map((r) => r[c])) };
}
