import {
  ASYNC_EVENTS_SOCKET_PATH,
  ASYNC_TRANSPORT_CONF,
  ASYNC_WEBSOCKET_URL_CONF,
  type AsyncTransport,
  isAsyncTransport,
} from "@strata/contracts";

/** How the SPA hears of finished jobs, as Superset configures it. */
export interface AsyncTransportSettings {
  transport: AsyncTransport;
  /** Superset's GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: absolute, or a path on the page's origin. */
  websocketUrl: string;
}

export const DEFAULT_ASYNC_TRANSPORT: AsyncTransportSettings = {
  transport: "polling",
  websocketUrl: ASYNC_EVENTS_SOCKET_PATH,
};

/** GLOBAL_ASYNC_QUERIES_TRANSPORT (`polling` | `ws`) and GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL. */
export function asyncTransportFromEnv(env: Record<string, string | undefined>): AsyncTransportSettings {
  const raw = env.GLOBAL_ASYNC_QUERIES_TRANSPORT?.trim();
  if (raw && !isAsyncTransport(raw))
    throw new Error(`GLOBAL_ASYNC_QUERIES_TRANSPORT must be "polling" or "ws", not "${raw}".`);
  const url = env.GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL?.trim();
  if (url && !/^(wss?:\/\/[^\s]+|\/[^\s]*)$/.test(url))
    throw new Error(
      "GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL must be a ws:// or wss:// URL or a path such as /ws.",
    );
  return {
    transport: (raw as AsyncTransport | undefined) ?? DEFAULT_ASYNC_TRANSPORT.transport,
    websocketUrl: url || DEFAULT_ASYNC_TRANSPORT.websocketUrl,
  };
}

/** The bootstrap `common.conf` entries the SPA (and Superset's) reads. */
export function asyncTransportConf(s: AsyncTransportSettings = DEFAULT_ASYNC_TRANSPORT) {
  return { [ASYNC_TRANSPORT_CONF]: s.transport, [ASYNC_WEBSOCKET_URL_CONF]: s.websocketUrl };
}
