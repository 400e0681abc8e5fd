import type { Hono } from "hono";
import { handle } from "hono/aws-lambda";
import { createApp } from "../app.ts";
import { parseEdgeKey, parseTrustedProxies } from "../http/client.ts";
import { cloudCore } from "../runtime/cloud-runtime.ts";

let app: Hono | undefined;

/** HTTP API → the same Hono app the local server runs (the SPA is on CloudFront). */
export const handler = async (
  event: Parameters<ReturnType<typeof handle>>[0],
  context: Parameters<ReturnType<typeof handle>>[1],
) => {
  // Always HTTPS here (API Gateway only serves it). The client address is the viewer's when the
  // request came through the deployment's CloudFront (it carries EDGE_KEY), else API Gateway's
  // sourceIp unless that is a proxy listed in TRUSTED_PROXIES.
  const core = await cloudCore();
  app ??= createApp(core, {
    secureCookies: true,
    trustedProxies: parseTrustedProxies(process.env.TRUSTED_PROXIES),
    edgeKey: parseEdgeKey(process.env.EDGE_KEY),
  }) as unknown as Hono;
  const reply = await handle(app)(event, context);
  // Lambda may freeze this process once the handler returns: writes made after a reply (a fast
  // SQL Lab run's record and result) end first, so another instance reading them finds them.
  await core.settleWrites();
  return reply;
};
