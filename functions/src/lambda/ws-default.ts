import { cloudCore } from "../runtime/cloud-runtime.ts";
import { ApiGatewayPoster } from "../ws/api-gateway-poster.ts";
import { onMessage, type WebSocketRouteEvent } from "../ws/cloud-socket-handlers.ts";

/** One poster (and SDK client) per callback URL, kept for the container's life. */
const posters = new Map<string, ApiGatewayPoster>();

/**
 * API Gateway WebSocket `$default`: a client's `resume` message replays its events after `last_id`.
 * The frames go back through the stage this request came in on (its own callback URL; the stack
 * can't hand a route's function its own stage's URL without a cycle).
 */
export const handler = async (event: WebSocketRouteEvent) => {
  const { domainName, stage } = event.requestContext;
  const url = `https://${domainName}/${stage}`;
  const poster = posters.get(url) ?? new ApiGatewayPoster(url);
  posters.set(url, poster);
  return onMessage(await cloudCore(), event, poster);
};
