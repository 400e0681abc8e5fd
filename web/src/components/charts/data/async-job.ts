import {
  ASYNC_EVENTS_SOCKET_PATH,
  ASYNC_TRANSPORT_CONF,
  ASYNC_WEBSOCKET_URL_CONF,
  type AsyncEvent,
  type AsyncJob,
  type AsyncTransport,
  ErrorType,
  isAsyncTransport,
} from "@strata/contracts";
import { apiGet, currentGuestToken } from "../../../lib/api-client";
import { ApiError, timeoutError } from "../../../lib/api-error";
import { readBootstrap } from "../../../lib/bootstrap";
import { t } from "../../../lib/i18n";
import type { ChartDataResult } from "../types";
// Types only: the socket itself is loaded on first use (see loadSocket), off the entry chunk.
import type { AsyncEventSocket, SocketFactory } from "./async-event-socket";

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

/**
 * Where this page resumes the event stream (`last_id`, for polls and socket reconnects). It lives
 * in memory per page and is only *seeded* from localStorage (000 §9 "stored locally", Superset's
 * `last_async_event_id`), and written back there: every tab of a user reads the same stream, so
 * resuming from an id another tab moved past could skip this tab's own event. The seed only spares
 * a new page the replay of hours of old events; nothing of that page's jobs precedes it.
 */
let lastId: string | null | undefined;

function lastEventId(): string | null {
  if (lastId === undefined) {
    try {
      lastId = localStorage.getItem(LAST_ID_KEY);
    } catch {
      lastId = null;
    }
  }
  return lastId;
}

function storeLastEventId(id: string) {
  const current = lastEventId();
  if (current !== null && current >= id) return; // ids are time-ordered: never move backwards
  lastId = id;
  try {
    localStorage.setItem(LAST_ID_KEY, id);
  } catch {
    /* storage unavailable: the page still resumes from memory */
  }
}

/**
 * Events already handled, by id: the socket's replay, a poll after falling back and a reconnect
 * may all carry the same event, and a job must settle (and fetch its result) once. Bounded: old
 * ids are forgotten first, long after any overlap could happen.
 */
const handled = new Set<string>();
const HANDLED_MAX = 1000;

function firstTime(event: AsyncEvent): boolean {
  if (handled.has(event.id)) return false;
  handled.add(event.id);
  if (handled.size > HANDLED_MAX) handled.delete(handled.values().next().value as string);
  return true;
}

interface TransportConfig {
  transport: AsyncTransport;
  websocketUrl: string;
  /** Tests: a fake socket instead of the browser's. */
  createSocket?: SocketFactory;
}

let config: TransportConfig | undefined;
let socket: AsyncEventSocket | undefined;
/** The socket module's import in flight (the `ws` transport's first awaited job starts it). */
let socketLoad: Promise<void> | undefined;
/** Its chunk failed to load (e.g. replaced by a deploy): this page polls instead. */
let socketUnavailable = false;

/**
 * GLOBAL_ASYNC_QUERIES_TRANSPORT and _WEBSOCKET_URL from the page's bootstrap (Superset's names),
 * else from the build (`VITE_…`, where a CDN serves a plain index.html), else polling.
 */
function transportConfig(): TransportConfig {
  if (config) return config;
  const conf = readBootstrap()?.common.conf;
  const env = import.meta.env as Record<string, string | undefined>;
  const transport = conf?.[ASYNC_TRANSPORT_CONF] ?? env.VITE_GLOBAL_ASYNC_QUERIES_TRANSPORT;
  const url = conf?.[ASYNC_WEBSOCKET_URL_CONF] ?? env.VITE_GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL;
  config = {
    transport: isAsyncTransport(transport) ? transport : "polling",
    websocketUrl: typeof url === "string" && url ? url : ASYNC_EVENTS_SOCKET_PATH,
  };
  return config;
}

/** Sets the transport (tests; the page reads its bootstrap by itself). Resets the socket. */
export function configureAsyncTransport(next: TransportConfig | undefined) {
  socket?.stop();
  socket = undefined;
  socketLoad = undefined;
  socketUnavailable = false;
  config = next;
}

/**
 * The page's event socket when the transport is `ws`: undefined means poll (another transport, no
 * WebSocket, or the socket gave up), "loading" that its module is on its way. Most pages never
 * await a job over a socket, so the module stays out of the entry chunk and is imported here.
 */
function eventSocket(): AsyncEventSocket | "loading" | undefined {
  const cfg = transportConfig();
  if (cfg.transport !== "ws" || (typeof WebSocket === "undefined" && !cfg.createSocket)) return undefined;
  if (socket) return socket.givenUp ? undefined : socket;
  if (socketUnavailable) return undefined;
  socketLoad ??= loadSocket(cfg);
  return "loading";
}

function loadSocket(cfg: TransportConfig): Promise<void> {
  const load: Promise<void> = import("./async-event-socket").then(
    ({ AsyncEventSocket }) => {
      if (socketLoad !== load) return; // the transport was reset meanwhile
      socket = new AsyncEventSocket({
        url: cfg.websocketUrl,
        lastId: lastEventId,
        guestToken: currentGuestToken,
        wanted: () => listeners.size > 0,
        createSocket: cfg.createSocket,
        onEvent: (event) => {
          storeLastEventId(event.id);
          if (event.status === "done" || event.status === "error") dispatch(event);
        },
        // Reconnecting failed: poll instead, from the last id the socket handled.
        onGiveUp: () => schedule(),
      });
      schedule();
    },
    (err: unknown) => {
      if (socketLoad !== load) return;
      console.warn("Could not load the async event socket, polling instead", err);
      socketUnavailable = true;
      schedule();
    },
  );
  return load;
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
  if (attempt === 0 && !firstTime(event)) return;
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

/** Makes sure events are coming: the socket when the transport is `ws` (until it gives up), else a poll. */
function schedule() {
  if (listeners.size === 0) return;
  const ws = eventSocket();
  if (ws === "loading") return; // schedules again once loaded
  if (ws) return ws.ensure();
  if (timer !== undefined) return;
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
  handled.clear();
  lastId = undefined;
  configureAsyncTransport(undefined);
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  polling = false;
}
