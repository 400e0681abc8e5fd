import { ASYNC_EVENTS_GUEST_PROTOCOL, type AsyncEventsResume } from "@strata/contracts";
import type { Core, SocketPoster } from "@strata/core";
import { offeredGuestToken, offeredProtocols, sameOrigin, socketOwner } from "./socket-owner.ts";

/** What API Gateway hands a WebSocket route's Lambda (the fields used here). */
export interface WebSocketRouteEvent {
  requestContext: { connectionId: string; routeKey?: string; domainName?: string; stage?: string };
  headers?: Record<string, string | undefined>;
  body?: string | null;
  isBase64Encoded?: boolean;
}

export interface RouteResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * CloudFront sends the viewer's Host on as this header (its function on `/ws`), since the Host
 * API Gateway sees is its own; a direct connection to the API has none and is judged by Host.
 */
export const VIEWER_HOST_HEADER = "x-strata-viewer-host";

const lower = (h: WebSocketRouteEvent["headers"]) =>
  Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? undefined]));

const refusal = (statusCode: number, message: string): RouteResult => ({
  statusCode,
  body: JSON.stringify({ message }),
});

/**
 * `$connect`: the same checks as the local server's handshake (own origin; session cookie, Bearer
 * or guest-token subprotocol), then the connection is recorded under its owner, at most
 * MAX_SOCKETS_PER_OWNER of them. Answering non-2xx refuses the upgrade.
 */
export async function onConnect(core: Core, event: WebSocketRouteEvent): Promise<RouteResult> {
  const h = lower(event.headers);
  if (!sameOrigin(h.origin, h[VIEWER_HOST_HEADER] ?? h.host))
    return refusal(403, "Cross-origin WebSocket connections are not allowed");
  const protocols = offeredProtocols(h["sec-websocket-protocol"]);
  const owner = await socketOwner(core, { cookie: h.cookie, authorization: h.authorization, protocols });
  if (!owner) return refusal(401, "Not authorized");
  if (!(await core.socketConnections.add(owner, event.requestContext.connectionId)))
    return refusal(429, "Too many open async event connections");
  // The browser fails a handshake whose offered subprotocol is not answered.
  return offeredGuestToken(protocols)
    ? { statusCode: 200, headers: { "Sec-WebSocket-Protocol": ASYNC_EVENTS_GUEST_PROTOCOL } }
    : { statusCode: 200 };
}

/** `$disconnect`: forgets the connection. */
export async function onDisconnect(core: Core, event: WebSocketRouteEvent): Promise<RouteResult> {
  await core.socketConnections.remove(event.requestContext.connectionId);
  return { statusCode: 200 };
}

/**
 * Other Lambdas see a connection at most a second late (the MetaStore's read cache), so a worker
 * that read this owner's connections just before `$connect` may push an event stored in that
 * second to nobody. The replay is therefore read twice: at once, and once more after that second
 * has passed; the client settles an event id only once.
 */
export const STALE_READ_MS = 1100;

/**
 * `$default`: the only message a client sends is `{"action":"resume","last_id":…}` once open, and
 * its owner's stored events after that id are posted back (API Gateway can't send during
 * `$connect`, so this is where the replay happens). Anything else is ignored.
 */
export async function onMessage(
  core: Core,
  event: WebSocketRouteEvent,
  poster: SocketPoster,
  opts: { staleReadMs?: number } = {},
): Promise<RouteResult> {
  const id = event.requestContext.connectionId;
  const text = event.isBase64Encoded
    ? Buffer.from(event.body ?? "", "base64").toString("utf8")
    : (event.body ?? "");
  let message: Partial<AsyncEventsResume> | undefined;
  try {
    message = text.length <= 4096 ? (JSON.parse(text) as Partial<AsyncEventsResume>) : undefined;
  } catch {
    message = undefined;
  }
  if (message?.action !== "resume") return { statusCode: 200 };
  const owner = await core.socketConnections.ownerOf(id);
  if (!owner) return refusal(401, "Not authorized");
  let after = typeof message.last_id === "string" && message.last_id ? message.last_id : undefined;
  const replay = async (): Promise<boolean> => {
    for (const e of await core.events.since(owner, after)) {
      if ((await poster.post(id, JSON.stringify(e))) === "gone") {
        await core.socketConnections.remove(id);
        return false;
      }
      after = e.id;
    }
    return true;
  };
  if (await replay()) {
    await new Promise((r) => setTimeout(r, opts.staleReadMs ?? STALE_READ_MS));
    await replay();
  }
  return { statusCode: 200 };
}
