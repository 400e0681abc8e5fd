import { type AsyncEvent, type AsyncJob, ErrorType } from "@strata/contracts";
import { apiGet } from "../../../lib/api-client";
import { ApiError, timeoutError } from "../../../lib/api-error";
import { t } from "../../../lib/i18n";
import type { ChartDataResult } from "../types";

/** Polling delay (000 §9: 500 ms); listener retries for events that arrive first (6 × 100 ms). */
export const POLLING_DELAY_MS = 500;
export const LISTENER_RETRIES = 6;
const LAST_ID_KEY = "last_async_event_id";
export const ASYNC_EVENTS_PATH = "/api/v1/async_event/";

interface Listener {
  resolve: (results: ChartDataResult[]) => void;
  reject: (error: unknown) => void;
}

/**
 * SUPERSET_WEBSERVER_TIMEOUT (seconds × 1000, default 60 s): how long a chart waits for its job's
 * event. A job lost on the server is reported by its sweeper, but the page must not depend on
 * that: past this, it gives up with the timeout error like a chart request that timed out.
 */
let jobTimeoutMs = 60_000;

export function setAsyncJobTimeout(seconds: number) {
  if (Number.isFinite(seconds) && seconds > 0) jobTimeoutMs = seconds * 1000;
}

const listeners = new Map<string, Listener>();
let timer: ReturnType<typeof setTimeout> | undefined;
let polling = false;

function lastEventId(): string | null {
  try {
    return localStorage.getItem(LAST_ID_KEY);
  } catch {
    return null;
  }
}

function storeLastEventId(id: string) {
  try {
    localStorage.setItem(LAST_ID_KEY, id);
  } catch {
    /* storage unavailable: polling still works from the start */
  }
}

function jobError(event: AsyncEvent): ApiError {
  const message = event.errors?.[0]?.message ?? t("An error occurred while running the query");
  return new ApiError({
    status: 500,
    message,
    errors: (event.errors ?? [{ message }]).map((e) => ({
      error_type: ErrorType.GENERIC_BACKEND_ERROR,
      level: "error" as const,
      message: e.message,
      extra: null,
    })),
  });
}

async function settle(event: AsyncEvent, listener: Listener) {
  if (event.status === "error") {
    listener.reject(jobError(event));
    return;
  }
  try {
    if (!event.result_url) throw new ApiError({ status: 500, message: t("The job has no result") });
    const body = await apiGet<{ result: ChartDataResult[] }>(event.result_url);
    listener.resolve(body.result ?? []);
  } catch (err) {
    listener.reject(err);
  }
}

/** An event for a job whose listener is not registered yet is retried, then dropped. */
function dispatch(event: AsyncEvent, attempt = 0) {
  const listener = listeners.get(event.job_id);
  if (listener) {
    listeners.delete(event.job_id);
    void settle(event, listener);
    return;
  }
  if (attempt < LISTENER_RETRIES) {
    setTimeout(() => dispatch(event, attempt + 1), 100 * (attempt + 1));
    return;
  }
  console.warn(`Async event listener for job ${event.job_id} not found`);
}

async function poll() {
  if (polling) return;
  polling = true;
  try {
    const last = lastEventId();
    const path = last ? `${ASYNC_EVENTS_PATH}?last_id=${encodeURIComponent(last)}` : ASYNC_EVENTS_PATH;
    const body = await apiGet<{ result: AsyncEvent[] }>(path);
    const events = body.result ?? [];
    if (events.length) storeLastEventId(String(events[events.length - 1].id));
    for (const event of events) if (event.status === "done" || event.status === "error") dispatch(event);
  } catch (err) {
    console.warn("Async event polling failed", err);
  } finally {
    polling = false;
    schedule();
  }
}

function schedule() {
  if (timer !== undefined || listeners.size === 0) return;
  timer = setTimeout(() => {
    timer = undefined;
    void poll();
  }, POLLING_DELAY_MS);
}

/**
 * Resolves with the job's results once its event arrives (000 §4): 'done' fetches result_url,
 * 'error' rejects with the event's message. Aborting stops waiting.
 */
export function waitForAsyncJob(
  job: Pick<AsyncJob, "job_id">,
  signal?: AbortSignal,
): Promise<ChartDataResult[]> {
  return new Promise((resolve, reject) => {
    const timeoutMs = jobTimeoutMs;
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      clearTimeout(giveUp);
      listeners.delete(job.job_id);
      reject(signal?.reason ?? new DOMException("Aborted", "AbortError"));
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    giveUp = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      listeners.delete(job.job_id);
      reject(timeoutError(timeoutMs));
    }, timeoutMs);
    listeners.set(job.job_id, {
      resolve: (r) => {
        clearTimeout(giveUp);
        signal?.removeEventListener("abort", onAbort);
        resolve(r);
      },
      reject: (e) => {
        clearTimeout(giveUp);
        signal?.removeEventListener("abort", onAbort);
        reject(e);
      },
    });
    schedule();
  });
}

/** Test hook: forget listeners and timers. */
export function resetAsyncEvents() {
  listeners.clear();
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  polling = false;
}
