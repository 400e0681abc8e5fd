import {
  AllowedMethods,
  CachePolicy,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { type StackContext, StaticSite, use } from "sst/constructs";
import { Api } from "./api.ts";
import { ASYNC_EVENTS_SOCKET_PATH, asyncTransportEnvironment } from "./async-events-socket.ts";
import { Jobs } from "./queue.ts";

/**
 * Paths CloudFront forwards to the HTTP API instead of the SPA bucket. `/logout/` is the API's:
 * the SPA's menu POSTs it, and a GET shows the API's confirm page. `/lang/*` is the language
 * menu's switch (sets the locale cookie, then redirects back). `/dynamic-plugins/*` is Superset's
 * plugin list that its SPA and clients ask for (always empty here).
 */
export const API_PATHS = ["/api/*", "/logout/", "/lang/*", "/dynamic-plugins/*"];

// Client-side routes (no file extension) get the SPA shell. Done per request instead of with
// distribution-wide error pages, which would also turn the API's 403/404 into index.html.
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.split("/").pop();
  if (last.indexOf(".") === -1) request.uri = "/index.html";
  return request;
}`;

// The async-event socket: API Gateway sees its own Host, so the viewer's goes along in a header
// the `$connect` handler checks Origin against (VIEWER_HOST_HEADER); the stage's root is the socket.
const SOCKET_REQUEST = `function handler(event) {
  var request = event.request;
  request.headers["x-strata-viewer-host"] = { value: request.headers.host ? request.headers.host.value : "" };
  request.uri = "/";
  return request;
}`;

// The API's names for these headers (functions/src/http/client.ts; test/infra checks they agree).
const EDGE_KEY_HEADER = "x-strata-edge-key";
const VIEWER_ADDRESS_HEADER = "x-strata-viewer-address";

// API requests: the viewer's address goes along in a header, set here so a viewer can't choose it
// (API Gateway sees the edge server's address). The API believes it only beside the edge key.
const API_REQUEST = `function handler(event) {
  var request = event.request;
  request.headers["${VIEWER_ADDRESS_HEADER}"] = { value: event.viewer.ip };
  return request;
}`;

/** The React SPA on S3 + CloudFront, with the API proxied on the same origin. */
export function Web({ stack }: StackContext) {
  const { api, edgeKey } = use(Api);

  // Same origin for the SPA and the API: session cookies stay first-party, no CORS.
  const apiOrigin = new HttpOrigin(`${api.httpApiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    customHeaders: { [EDGE_KEY_HEADER]: edgeKey.secretValue.unsafeUnwrap() },
  });
  const apiRequest = new CfFunction(stack, "ApiRequest", { code: FunctionCode.fromInline(API_REQUEST) });
  const apiBehavior = {
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: AllowedMethods.ALLOW_ALL,
    cachePolicy: CachePolicy.CACHING_DISABLED,
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    functionAssociations: [{ function: apiRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
  };
  const spaFallback = new CfFunction(stack, "SpaFallback", { code: FunctionCode.fromInline(SPA_FALLBACK) });

  // Same origin for the async-event socket too, so the session cookie goes with the handshake.
  const { eventsSocket } = use(Jobs);
  const socketBehavior = {
    origin: new HttpOrigin(
      `${eventsSocket.cdk.webSocketApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`,
      {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originPath: `/${eventsSocket.cdk.webSocketStage.stageName}`,
      },
    ),
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy: CachePolicy.CACHING_DISABLED,
    originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    functionAssociations: [
      {
        function: new CfFunction(stack, "SocketRequest", { code: FunctionCode.fromInline(SOCKET_REQUEST) }),
        eventType: FunctionEventType.VIEWER_REQUEST,
      },
    ],
  };

  const transport = asyncTransportEnvironment();
  const site = new StaticSite(stack, "Site", {
    path: "web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    environment: {
      VITE_API_URL: api.url,
      // CloudFront serves a plain index.html (no bootstrap): the transport is built in instead,
      // the same value the API and the worker get (asyncTransportEnvironment).
      VITE_GLOBAL_ASYNC_QUERIES_TRANSPORT: transport.GLOBAL_ASYNC_QUERIES_TRANSPORT,
      VITE_GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: transport.GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL,
    },
    // SST writes env typings for Vite; keep them in .sst/ instead of inside web/src.
    vite: { types: "../.sst/web-env.d.ts" },
    cdk: {
      distribution: {
        errorResponses: [],
        defaultBehavior: {
          functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        additionalBehaviors: {
          ...Object.fromEntries(API_PATHS.map((p) => [p, apiBehavior])),
          [ASYNC_EVENTS_SOCKET_PATH]: socketBehavior,
        },
      },
    },
  });

  // SST's own viewer-request function (".html" suffixing) is replaced above; drop the orphan.
  site.node.tryRemoveChild("CloudFrontFunction");

  stack.addOutputs({ SiteUrl: site.url });
  return { site };
}
