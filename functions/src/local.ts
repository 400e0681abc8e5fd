import { join } from "node:path";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { asyncTransportFromEnv } from "@strata/core";
import { createApp } from "./app.ts";
import { readLocalConfig } from "./runtime/config.ts";
import { reclaimWhenIdle } from "./runtime/idle-reclaim.ts";
import { PROJECT_ROOT, startLocalRuntime } from "./runtime/local-runtime.ts";
import { attachEventSocket } from "./ws/local-event-socket.ts";

// Node 20 is this project's runtime (STACK.md); the SDK's advance notice about Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/** `npm start`: the API, the built SPA from memory, the worker loop and the AWS stand-ins in one process. */
async function main() {
  const cfg = readLocalConfig();
  const asyncTransport = asyncTransportFromEnv(process.env);
  const runtime = await startLocalRuntime({
    dataDir: cfg.dataDir,
    adminUsername: cfg.adminUsername,
    adminPassword: cfg.adminPassword,
    examples: cfg.loadExamples,
    globalAsyncQueries: cfg.globalAsyncQueries,
    asyncTransport,
    sqlLab: cfg.sqlLab,
    chartData: cfg.chartData,
    reports: cfg.reports,
    retention: cfg.retention,
  });
  const app = createApp(runtime.core, {
    spaDir: join(PROJECT_ROOT, "web", "dist"),
    trustedProxies: cfg.trustedProxies,
  });
  const server = serve({ fetch: app.fetch, port: cfg.port, hostname: cfg.host }, (info) => {
    console.log(`Strata is running: open http://localhost:${info.port}/ (data in ${cfg.dataDir})`);
  });
  // Under `npm start` (which passes --expose-gc) memory grown by a burst of requests is given back
  // once the server is idle, instead of a minute or more later.
  reclaimWhenIdle(server as Server);
  // GLOBAL_ASYNC_QUERIES_TRANSPORT=ws: job events are pushed over a socket on this same server.
  const sockets =
    asyncTransport.transport === "ws" ? attachEventSocket(server as Server, runtime.core) : undefined;
  const shutdown = async () => {
    await sockets?.close();
    server.close();
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((err) => {
  console.error(`Strata failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
