import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { type Function as SstFunction, type Stack, WebSocketApi } from "sst/constructs";
import { lambda, type Runtime, runtimeEnvironment } from "./defaults.ts";

/** The path CloudFront answers the async-event socket on (contracts' ASYNC_EVENTS_SOCKET_PATH). */
export const ASYNC_EVENTS_SOCKET_PATH = "/ws";

/** GLOBAL_ASYNC_QUERIES_TRANSPORT and _WEBSOCKET_URL as every function of the deploy reads them. */
export interface AsyncTransportEnvironment {
  GLOBAL_ASYNC_QUERIES_TRANSPORT: "polling" | "ws";
  GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: string;
}

/**
 * The deploy's one async-event transport setting. CloudFront serves a plain index.html, so the SPA
 * gets it at build time (web.ts) while the API and the functions that push events read it at run
 * time: both are handed this same value, so they can't disagree. Unset is polling; anything but
 * `polling` or `ws` stops the deploy rather than quietly meaning polling.
 */
export function asyncTransportEnvironment(
  env: Record<string, string | undefined> = process.env,
): AsyncTransportEnvironment {
  const raw = env.GLOBAL_ASYNC_QUERIES_TRANSPORT?.trim() || "polling";
  if (raw !== "polling" && raw !== "ws")
    throw new Error(`GLOBAL_ASYNC_QUERIES_TRANSPORT must be "polling" or "ws", not "${raw}".`);
  // The socket is always on the site's own origin, behind CloudFront's `/ws` behaviour.
  return {
    GLOBAL_ASYNC_QUERIES_TRANSPORT: raw,
    GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: ASYNC_EVENTS_SOCKET_PATH,
  };
}

/**
 * Async events over WebSocket in the cloud (Superset's GLOBAL_ASYNC_QUERIES_TRANSPORT=ws): an API
 * Gateway WebSocket API whose `$connect` authenticates and records the connection in the table
 * (by owner, with TTL), `$disconnect` forgets it and `$default` replays events on a client's
 * `resume`. The functions that store events (`pushers`: the worker) get the stage's callback URL
 * and `execute-api:ManageConnections` to post each event to its owner's connections.
 */
export function asyncEventsSocket(stack: Stack, r: Runtime, pushers: SstFunction[]) {
  const route = (id: string, handler: string) => {
    const fn = lambda(stack, id, {
      handler,
      timeout: 10,
      memorySize: "512 MB",
      environment: runtimeEnvironment(r),
    });
    r.table.grantReadWriteData(fn); // connection records, sessions, events
    r.secret.grantRead(fn); // verifies session cookies and guest tokens
    return fn;
  };
  const api = new WebSocketApi(stack, "AsyncEvents", {
    routes: {
      $connect: route("WsConnect", "functions/src/lambda/ws-connect.handler"),
      $disconnect: route("WsDisconnect", "functions/src/lambda/ws-disconnect.handler"),
      // SST grants every route ManageConnections on this API: `$default` posts the replay.
      $default: route("WsDefault", "functions/src/lambda/ws-default.handler"),
    },
  });
  for (const fn of pushers) grantSocketPush(stack, api, fn);
  stack.addOutputs({ AsyncEventsSocketUrl: api.url });
  return api;
}

/** Lets a function that stores async events post them to this API's connections. */
export function grantSocketPush(stack: Stack, api: WebSocketApi, fn: SstFunction) {
  const connections = stack.formatArn({
    service: "execute-api",
    resource: api.cdk.webSocketApi.apiId,
    resourceName: "*/POST/@connections/*",
  });
  fn.addEnvironment("ASYNC_EVENTS_SOCKET_CALLBACK_URL", api.cdk.webSocketStage.callbackUrl);
  // Pushing is only worth its connection reads when the SPA was built to listen on the socket.
  for (const [name, value] of Object.entries(asyncTransportEnvironment())) fn.addEnvironment(name, value);
  fn.attachPermissions([
    new PolicyStatement({ actions: ["execute-api:ManageConnections"], resources: [connections] }),
  ]);
}
