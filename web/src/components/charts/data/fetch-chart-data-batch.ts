import {
  type AsyncJob,
  CHART_DATA_BATCH_MAX_ITEMS,
  CHART_DATA_BATCH_PATH,
  type ChartDataBatchItemInput,
  type ChartDataBatchLine,
  type ChartDataRequestInput,
} from "@strata/contracts";
import { apiRequestRaw } from "../../../lib/api-client";
import { errorFromBody } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import type { ChartDataResult } from "../types";
import { waitForAsyncJob } from "./async-job";

interface Pending {
  item: ChartDataBatchItemInput;
  resolve: (results: ChartDataResult[]) => void;
  reject: (error: unknown) => void;
}

let queued: Pending[] = [];
let scheduled = false;

/**
 * One chart's data, asked together with every other chart asking in the same turn of the event
 * loop: a dashboard's charts mount in one commit, so they all leave in one
 * `POST /api/v1/chart/data/batch/` instead of queueing behind the browser's six connections.
 * Each chart's promise settles as soon as its own line of the (streamed) reply arrives.
 */
export function fetchChartDataBatched(request: ChartDataRequestInput): Promise<ChartDataResult[]> {
  const sliceId = (request.form_data as { slice_id?: unknown } | null | undefined)?.slice_id;
  const item: ChartDataBatchItemInput = {
    request,
    ...(typeof sliceId === "number" && Number.isInteger(sliceId) && sliceId > 0 ? { slice_id: sliceId } : {}),
  };
  return new Promise((resolve, reject) => {
    queued.push({ item, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      // After the current task: every chart of the commit has asked by then, and the request
      // leaves before whatever tasks (chunk evaluation, drawing) are queued behind it.
      queueMicrotask(flush);
    }
  });
}

/**
 * Sends the requests asked so far in this turn now, instead of at its end: a dashboard sends the
 * requests of its charts during its first render, before rendering them takes the rest of the turn.
 */
export function sendChartDataBatchNow(): void {
  if (scheduled) flush();
}

function flush() {
  scheduled = false;
  const all = queued;
  queued = [];
  for (let i = 0; i < all.length; i += CHART_DATA_BATCH_MAX_ITEMS)
    void send(all.slice(i, i + CHART_DATA_BATCH_MAX_ITEMS));
}

/** One line's answer, as `fetchChartData` would have given it for the single request. */
async function settle(pending: Pending, line: ChartDataBatchLine) {
  try {
    if (line.status === 200) {
      pending.resolve((line.body as { result?: ChartDataResult[] }).result ?? []);
    } else if (line.status === 202) {
      pending.resolve(await waitForAsyncJob(line.body as AsyncJob));
    } else {
      pending.reject(errorFromBody(line.status, line.body));
    }
  } catch (err) {
    pending.reject(err);
  }
}

async function send(batch: Pending[]) {
  const open = new Set(batch.map((_, i) => i));
  try {
    const res = await apiRequestRaw(CHART_DATA_BATCH_PATH, {
      method: "POST",
      json: { items: batch.map((p) => p.item) },
    });
    if (!res.body) throw new Error(t("The chart data reply was empty."));
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const take = (text: string) => {
      if (!text.trim()) return;
      const line = JSON.parse(text) as ChartDataBatchLine;
      if (!open.delete(line.index)) return;
      void settle(batch[line.index], line);
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n");
      while (end >= 0) {
        take(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf("\n");
      }
    }
    take(buffer + decoder.decode());
    if (open.size) throw new Error(t("The chart data reply ended early."));
  } catch (err) {
    // The whole request failed (network, session, bad batch): every chart still waiting says so.
    for (const i of open) batch[i].reject(err);
  }
}
