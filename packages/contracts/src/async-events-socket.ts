/**
 * The async-event WebSocket (000 §4, §9): Superset's `GLOBAL_ASYNC_QUERIES_TRANSPORT` names how the
 * SPA learns that a job ended — by polling `/api/v1/async_event/` (the default) or by a socket at
 * `GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL`, which pushes each of the caller's events as one JSON text
 * frame (the `AsyncEvent` shape) from `last_id` on.
 */
export const ASYNC_TRANSPORTS = ["polling", "ws"] as const;
export type AsyncTransport = (typeof ASYNC_TRANSPORTS)[number];

/** The bootstrap `common.conf` keys (Superset's setting names). */
export const ASYNC_TRANSPORT_CONF = "GLOBAL_ASYNC_QUERIES_TRANSPORT";
export const ASYNC_WEBSOCKET_URL_CONF = "GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL";

/** Where the local server and the cloud's CloudFront answer the socket, on the app's own origin. */
export const ASYNC_EVENTS_SOCKET_PATH = "/ws";

/** Reconnect after 2.5 s, at most 6 attempts, then fall back to polling (000 §4, §9). */
export const WS_RECONNECT_DELAY_MS = 2500;
export const WS_MAX_RECONNECTS = 6;

/**
 * A browser can't set headers on a WebSocket, so an embedded page's guest token travels as a
 * subprotocol pair `[ASYNC_EVENTS_GUEST_PROTOCOL, token]` (kept out of URLs and access logs); the
 * server answers with the marker protocol. A JWT is made of characters a subprotocol may hold.
 */
export const ASYNC_EVENTS_GUEST_PROTOCOL = "strata-guest-token";

/**
 * What a client may send once open: the last event id it handled. API Gateway can't push during
 * `$connect`, so there the replay from `last_id` happens on this message; the local server has
 * already replayed from the URL's `last_id` and ignores it.
 */
export interface AsyncEventsResume {
  action: "resume";
  last_id: string | null;
}

export function isAsyncTransport(value: unknown): value is AsyncTransport {
  return typeof value === "string" && (ASYNC_TRANSPORTS as readonly string[]).includes(value);
}
