import { cloudCore } from "../runtime/cloud-runtime.ts";
import { onConnect, type WebSocketRouteEvent } from "../ws/cloud-socket-handlers.ts";

/** API Gateway WebSocket `$connect` for async events: authenticate and record the connection. */
export const handler = async (event: WebSocketRouteEvent) => onConnect(await cloudCore(), event);
