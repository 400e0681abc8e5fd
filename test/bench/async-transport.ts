import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import type { AsyncTransport } from "@strata/contracts";
import { chromium, type Page } from "playwright-core";
import { createApp } from "../../functions/src/app.ts";
import { PROJECT_ROOT, startLocalRuntime } from "../../functions/src/runtime/local-runtime.ts";
import { attachEventSocket } from "../../functions/src/ws/local-event-socket.ts";
import { testChromium } from "../e2e/browser.ts";
import { recordResults } from "./results.ts";

/**
 * `node --import tsx test/bench/async-transport.ts`: HTTP requests one dashboard load costs with
 * global async queries on, for each GLOBAL_ASYNC_QUERIES_TRANSPORT: 20 async charts (each a
 * queued job: the dataset is edited before every load so no result is served from the cache),
 * counted on the server from navigation until every chart has drawn. With polling each open chart
 * keeps `/api/v1/async_event/` busy every 500 ms until its job ends; with the socket the events
 * come pushed over one connection. Prints requests per load by kind and the time to draw (p50s).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHARTS = 20;
const ADMIN = { username: "admin", password: "bench-admin-password" };
const RENDERED = '[data-test="dashboard-chart"][data-rendered]';

interface Counts {
  total: number;
  /** Chart-data requests (single or batched). */
  chartData: number;
  /** Jobs that ended (one stored event each). */
  jobs: number;
  polls: number;
  results: number;
  upgrades: number;
}
const zero = (): Counts => ({ total: 0, chartData: 0, jobs: 0, polls: 0, results: 0, upgrades: 0 });

/** 20 different queries (pies and tables over three columns, distinct row limits). */
function charts(ds: number) {
  const kinds = ["gender", "state", "name"];
  return Array.from({ length: CHARTS }, (_, i) => {
    const col = kinds[i % kinds.length];
    const params =
      i % 2
        ? { viz_type: "pie", metric: "sum__num", groupby: [col], row_limit: 10 + i }
        : {
            viz_type: "table",
            query_mode: "aggregate",
            groupby: [col],
            metrics: ["count"],
            row_limit: 20 + i,
          };
    return {
      slice_name: `async ${i + 1}`,
      viz_type: params.viz_type,
      datasource_id: ds,
      datasource_type: "table",
      params: JSON.stringify({ datasource: `${ds}__table`, adhoc_filters: [], ...params }),
    };
  });
}

function layout(ids: number[]) {
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: "v2",
    ROOT_ID: { type: "ROOT", id: "ROOT_ID", children: ["GRID_ID"] },
    HEADER_ID: { type: "HEADER", id: "HEADER_ID", meta: { text: "Async bench" } },
  };
  const rows: string[] = [];
  ids.forEach((id, i) => {
    if (i % 3 === 0) {
      rows.push(`ROW-${rows.length + 1}`);
      position[rows.at(-1)!] = {
        type: "ROW",
        id: rows.at(-1),
        children: [],
        parents: ["ROOT_ID", "GRID_ID"],
        meta: {},
      };
    }
    const row = rows.at(-1)!;
    (position[row] as { children: string[] }).children.push(`CHART-${id}`);
    position[`CHART-${id}`] = {
      type: "CHART",
      id: `CHART-${id}`,
      children: [],
      parents: ["ROOT_ID", "GRID_ID", row],
      meta: { chartId: id, width: 4, height: 40 },
    };
  });
  position.GRID_ID = { type: "GRID", id: "GRID_ID", children: rows, parents: ["ROOT_ID"] };
  return position;
}

async function measure(transport: AsyncTransport) {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-bench-async-"));
  const profile = mkdtempSync(join(tmpdir(), "strata-bench-chromium-"));
  const runtime = await startLocalRuntime({
    dataDir,
    ephemeral: true,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    examples: ["birth_names"],
    secret: randomBytes(32).toString("hex"),
    globalAsyncQueries: true,
    asyncTransport: { transport, websocketUrl: "/ws" },
    log: () => {},
  });
  const app = createApp(runtime.core, { spaDir: join(PROJECT_ROOT, "web", "dist") });
  let counts = zero();
  const fetch = (req: Request) => {
    const path = new URL(req.url).pathname;
    counts.total++;
    if (path.startsWith("/api/v1/async_event")) counts.polls++;
    if (/^\/api\/v1\/chart\/data\/[0-9a-f-]{36}$/.test(path)) counts.results++;
    if (/^\/api\/v1\/chart\/data(\/batch)?\/?$/.test(path)) counts.chartData++;
    return app.fetch(req);
  };
  runtime.core.events.subscribe(() => {
    counts.jobs++;
  });
  const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise((r) => server.once("listening", r));
  server.prependListener("upgrade", () => {
    counts.total++;
    counts.upgrades++;
  });
  const sockets = attachEventSocket(server, runtime.core);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: testChromium(),
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
    ],
    viewport: { width: 1400, height: 3600 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${url}/login/`);
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: /sign in|log in/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    // Off the home page before the charts exist: its cards would have them drawn as thumbnails
    // in the background, and each drawing caches its chart's data ahead of the measured loads.
    await page.goto("about:blank");
    const api = async <T>(method: string, path: string, body?: unknown) => {
      const csrf = (await (await page.request.get(`${url}/api/v1/security/csrf_token/`)).json()).result;
      const res = await page.request.fetch(`${url}${path}`, {
        method,
        headers: { "X-CSRFToken": csrf, "Content-Type": "application/json" },
        data: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()}`);
      return (await res.json()) as T;
    };
    const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))");
    const ds = (await api<{ result: { id: number }[] }>("GET", `/api/v1/dataset/?q=${q}`)).result[0].id;
    const dash = (
      await api<{ id: number }>("POST", "/api/v1/dashboard/", { dashboard_title: "Async", published: true })
    ).id;
    const ids: number[] = [];
    for (const c of charts(ds))
      ids.push((await api<{ id: number }>("POST", "/api/v1/chart/", { ...c, dashboards: [dash] })).id);
    await api("PUT", `/api/v1/dashboard/${dash}`, { position_json: JSON.stringify(layout(ids)) });

    const load = async (p: Page) => {
      // A new dataset version: every chart misses the cache and runs as a job.
      await api("PUT", `/api/v1/dataset/${ds}`, { description: `v${Date.now()}` });
      await p.goto("about:blank");
      counts = zero();
      const started = performance.now();
      await p.goto(`${url}/superset/dashboard/${dash}/`, { waitUntil: "commit" });
      await p.waitForFunction(
        ([sel, n]) => document.querySelectorAll(sel as string).length >= (n as number),
        [RENDERED, CHARTS] as const,
        { polling: 50, timeout: 120_000 },
      );
      const ms = performance.now() - started;
      const failed = await p.locator('[data-test="dashboard-chart"][data-status="failed"]').count();
      if (failed) throw new Error(`${failed} chart(s) failed`);
      if (counts.jobs < CHARTS) throw new Error(`only ${counts.jobs} of ${CHARTS} charts ran as jobs`);
      return { ms, counts: { ...counts } };
    };
    await load(page); // warm: chunks in the browser cache, engines open
    const runs = [];
    for (let i = 0; i < ROUNDS; i++) runs.push(await load(page));
    return runs;
  } finally {
    await context.close();
    await sockets.close();
    server.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (process.env.BENCH_SKIP_WEB_BUILD !== "true")
    execFileSync("npm", ["run", "build", "-w", "web"], { stdio: "ignore" });
  const out: Record<AsyncTransport, { requests: number; ms: number }> = {
    polling: { requests: 0, ms: 0 },
    ws: { requests: 0, ms: 0 },
  };
  for (const transport of ["polling", "ws"] as const) {
    const runs = await measure(transport);
    const c = (k: keyof Counts) => p50(runs.map((r) => r.counts[k]));
    out[transport] = { requests: c("total"), ms: p50(runs.map((r) => r.ms)) };
    console.log(
      `${transport.padEnd(7)} ${CHARTS} async charts: ${c("total")} requests per load (chart data ${c("chartData")}, jobs ${c("jobs")}, async_event polls ${c("polls")}, results ${c("results")}, socket handshakes ${c("upgrades")}); all drawn p50 ${out[transport].ms.toFixed(0)} ms  [${runs.map((r) => r.counts.total).join(", ")} requests]`,
    );
  }
  console.log(
    `ratio ws / polling: requests ${(out.ws.requests / out.polling.requests).toFixed(2)}, time ${(out.ws.ms / out.polling.ms).toFixed(2)}`,
  );
  recordResults({
    async_requests_per_load_polling: out.polling.requests,
    async_requests_per_load_ws: out.ws.requests,
  });
}

await main();
