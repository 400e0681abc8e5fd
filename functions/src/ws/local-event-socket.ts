import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { ASYNC_EVENTS_GUEST_PROTOCOL, ASYNC_EVENTS_SOCKET_PATH, type AsyncEvent } from "@strata/contracts";
import { type Core, type JobOwner, MAX_SOCKETS_PER_OWNER } from "@strata/core";
import { type WebSocket, WebSocketServer } from "ws";
import { offeredProtocols, type SocketCredentials, sameOrigin, socketOwner } from "./socket-owner.ts";

export interface EventSocketOptions {
  /** The upgrade path (default `/ws`, what the bootstrap's GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL names). */
  path?: string;
  maxSocketsPerOwner?: number;
  /** Ping period; a socket that missed the previous pong is dropped, and credentials are re-checked. */
  heartbeatMs?: number;
  /** Answer every upgrade 503 while this says so (tests and benches: the SPA's fallback to polling). */
  refuseUpgrades?: boolean | (() => boolean);
  /** Origins accepted besides the server's own (e.g. a dev server proxying to this one). */
  allowedOrigins?: string[];
  log?: (msg: string, err?: unknown) => void;
}

export interface EventSocketServer {
  /** Open sockets (all owners). */
  connections(): number;
  close(): Promise<void>;
}

interface Client {
  ws: WebSocket;
  owner: JobOwner;
  creds: SocketCredentials;
  alive: boolean;
  /** While the stored events are being replayed, live ones wait here (then skip what was replayed). */
  pending?: AsyncEvent[];
}

/** A client sends nothing we need (a `resume` message at most): anything larger is abuse. */
const MAX_CLIENT_FRAME = 4096;

/**
 * The local server's async-event WebSocket (Superset's superset-websocket, in process): on the
 * app's own HTTP server, authenticated like `/api/v1/async_event/` (session cookie, Bearer token,
 * or an embedded page's guest token as a subprotocol), from the app's own origin only. A socket
 * first gets its owner's stored events after `last_id` (all of them without one, as the GET
 * answers), then every new one the moment the worker stores it — the worker runs in this process,
 * so `AsyncEvents.subscribe` hears it and nothing polls the store.
 */
export function attachEventSocket(
  server: Server,
  core: Core,
  opts: EventSocketOptions = {},
): EventSocketServer {
  const path = opts.path ?? ASYNC_EVENTS_SOCKET_PATH;
  const maxPerOwner = opts.maxSocketsPerOwner ?? MAX_SOCKETS_PER_OWNER;
  const log = opts.log ?? ((msg, err) => console.error(msg, err ?? ""));
  const channels = new Map<JobOwner, Set<Client>>();
  /** Handshakes authenticated but not yet open count toward the owner's bound too. */
  const opening = new Map<JobOwner, number>();
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: MAX_CLIENT_FRAME,
    perMessageDeflate: false,
    // The guest marker is the only subprotocol we speak; the token offered beside it is not echoed.
    handleProtocols: (protocols) =>
      protocols.has(ASYNC_EVENTS_GUEST_PROTOCOL) ? ASYNC_EVENTS_GUEST_PROTOCOL : false,
  });

  const unsubscribe = core.events.subscribe((owner, event) => {
    for (const client of channels.get(owner) ?? []) deliver(client, event);
  });

  function deliver(client: Client, event: AsyncEvent) {
    if (client.pending) client.pending.push(event);
    else if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify(event));
  }

  function count(owner: JobOwner) {
    return (channels.get(owner)?.size ?? 0) + (opening.get(owner) ?? 0);
  }

  function forget(client: Client) {
    const set = channels.get(client.owner);
    set?.delete(client);
    if (set && set.size === 0) channels.delete(client.owner);
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== path && url.pathname !== `${path}/`) return refuse(socket, 404, "Not found");
    const refusing = typeof opts.refuseUpgrades === "function" ? opts.refuseUpgrades() : opts.refuseUpgrades;
    if (refusing) return refuse(socket, 503, "Async events over WebSocket are not available");
    if (!sameOrigin(req.headers.origin, req.headers.host, opts.allowedOrigins))
      return refuse(socket, 403, "Cross-origin WebSocket connections are not allowed");
    const creds: SocketCredentials = {
      cookie: req.headers.cookie,
      authorization: req.headers.authorization,
      protocols: offeredProtocols(req.headers["sec-websocket-protocol"]),
    };
    const owner = await socketOwner(core, creds);
    if (!owner) return refuse(socket, 401, "Not authorized");
    if (count(owner) >= maxPerOwner) return refuse(socket, 429, "Too many open async event connections");
    opening.set(owner, (opening.get(owner) ?? 0) + 1);
    let opened = false;
    const release = () => {
      if (opened) return;
      opened = true;
      const left = (opening.get(owner) ?? 1) - 1;
      if (left > 0) opening.set(owner, left);
      else opening.delete(owner);
    };
    socket.once("close", release);
    try {
      wss.handleUpgrade(req, socket, head, (ws) => {
        release();
        void onOpen(ws, owner, creds, url.searchParams.get("last_id") || undefined);
      });
    } catch (err) {
      release();
      log("WebSocket upgrade failed", err);
      socket.destroy();
    }
  }

  async function onOpen(ws: WebSocket, owner: JobOwner, creds: SocketCredentials, lastId?: string) {
    const client: Client = { ws, owner, creds, alive: true, pending: [] };
    // Joined before the replay is read, so an event stored meanwhile is held, not lost.
    const set = channels.get(owner) ?? new Set<Client>();
    channels.set(owner, set);
    set.add(client);
    ws.on("pong", () => {
      client.alive = true;
    });
    ws.on("close", () => forget(client));
    ws.on("error", () => forget(client));
    // Client frames carry nothing the server needs here (the replay came from the URL's last_id).
    ws.on("message", () => {});
    try {
      const stored = await core.events.since(owner, lastId);
      const replayed = new Set(stored.map((e) => e.id));
      const held = client.pending ?? [];
      client.pending = undefined;
      for (const event of stored) deliver(client, event);
      for (const event of held) if (!replayed.has(event.id)) deliver(client, event);
    } catch (err) {
      log("Could not replay async events", err);
      ws.close(1011, "Could not read events");
    }
  }

  // Heartbeat: drops sockets whose peer vanished, and closes those whose session ended (logout,
  // password change, expired guest token) so a socket never outlives its credentials by much.
  const heartbeat = setInterval(() => {
    for (const set of channels.values())
      for (const client of set) {
        if (!client.alive) {
          client.ws.terminate();
          forget(client);
          continue;
        }
        client.alive = false;
        client.ws.ping();
        void socketOwner(core, client.creds).then((owner) => {
          if (owner !== client.owner) client.ws.close(1008, "Credentials expired");
        });
      }
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref();

  const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    onUpgrade(req, socket, head).catch((err) => {
      log("WebSocket upgrade failed", err);
      socket.destroy();
    });
  };
  server.on("upgrade", listener);

  return {
    connections: () => [...channels.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      clearInterval(heartbeat);
      unsubscribe();
      server.off("upgrade", listener);
      for (const set of channels.values())
        for (const client of set) client.ws.close(1001, "Server shutting down");
      channels.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Ends a handshake with a plain HTTP answer in Superset's error shape. */
function refuse(socket: Duplex, status: number, message: string) {
  const body = JSON.stringify({ message });
  const reason =
    { 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests" }[status] ??
    "Service Unavailable";
  if (!socket.writable) return socket.destroy();
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
