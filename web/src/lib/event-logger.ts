import { apiRequest } from "./api-client";

/** 002 §7: events leave in batches of 1024, or every second, whichever comes first. */
export const LOG_BATCH_SIZE = 1024;
export const LOG_FLUSH_MS = 1000;
const LOG_PATH = "/superset/log/?explode=events";

type LogEvent = Record<string, unknown> & { event_name: string; ts: number };
let queue: LogEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Queues an interaction event (the guest token, when present, goes with the request). */
export function logEvent(eventName: string, payload: Record<string, unknown> = {}): void {
  queue.push({ ...payload, event_name: eventName, ts: Date.now() });
  if (queue.length >= LOG_BATCH_SIZE) flushEvents();
  else timer ??= setTimeout(() => flushEvents(), LOG_FLUSH_MS);
}

/** Sends what is queued; logging failures never reach the user. */
export function flushEvents(options: { leaving?: boolean } = {}): Promise<void> {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const sends: Promise<unknown>[] = [];
  while (queue.length > 0) {
    const events = queue.slice(0, LOG_BATCH_SIZE);
    queue = queue.slice(LOG_BATCH_SIZE);
    sends.push(
      apiRequest(LOG_PATH, { method: "POST", json: { events }, keepalive: options.leaving }).catch(
        () => undefined,
      ),
    );
  }
  return Promise.all(sends).then(() => undefined);
}

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => void flushEvents({ leaving: true }));
}
