import { asyncTransportFromEnv, type Core } from "@strata/core";
import { ApiGatewayPoster } from "./api-gateway-poster.ts";

const pushing = new WeakSet<Core>();

/**
 * In the cloud, functions that store async events (the worker; the minute tick's sweeper) push
 * each one to its owner's open sockets. ASYNC_EVENTS_SOCKET_CALLBACK_URL is set by the stack only
 * when the WebSocket API exists; without it, or with the polling transport the SPA was then built
 * with (nobody connects), events are only polled, and no connection lookup is spent per event.
 */
export function pushEventsToSockets(core: Core, env = process.env): void {
  const callbackUrl = env.ASYNC_EVENTS_SOCKET_CALLBACK_URL;
  if (!callbackUrl || asyncTransportFromEnv(env).transport !== "ws" || pushing.has(core)) return;
  pushing.add(core);
  const poster = new ApiGatewayPoster(callbackUrl);
  core.events.subscribe(core.socketConnections.pusher(poster, (msg, err) => console.error(msg, err)));
}
