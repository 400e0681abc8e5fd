import { cloudCore } from "../runtime/cloud-runtime.ts";
import { onDisconnect, type WebSocketRouteEvent } from "../ws/cloud-socket-handlers.ts";

/** API Gateway WebSocket `$disconnect`: forget the connection. */
export const handler = async (event: WebSocketRouteEvent) => onDisconnect(await cloudCore(), event);
