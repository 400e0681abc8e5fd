import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { serve } from "@hono/node-server";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import {
  PROJECT_ROOT,
  type LocalRuntime,
  startLocalRuntime,
} from "../../functions/src/runtime/local-runtime.ts";
import { attachEventSocket, type EventSocketServer } from "../../functions/src/ws/local-event-socket.ts";
import { ADMIN, dt, testChromium } from "./browser.ts";

/**
 * Issue 18 in Chromium: the server runs with global async queries and
 * GLOBAL_ASYNC_QUERIES_TRANSPORT=ws. A dashboard's charts (each a queued job) draw from events
 * pushed over the socket, with no `/api/v1/async_event/` request; an embedded guest's page too.
 * When the socket path refuses every upgrade, the page tries 1 + 6 times, 2.5 s apart, then polls
 * and still draws.
 */
let runtime: LocalRuntime;
let server: Server;
let sockets: EventSocketServer;
let context: BrowserContext;
let page: Page;
let url = "";
const dirs: string[] = [];
let refusing = false;
/** Seen by the server: event polls, chart-data jobs that ended (events stored), socket handshakes. */
const counts = { polls: 0, jobs: 0, upgrades: 0 };

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-e2e-ws-"));
  dirs.push(dataDir);
  runtime = await startLocalRuntime({
    dataDir,
    ephemeral: true,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    examples: ["birth_names"],
    secret: randomBytes(32).toString("hex"),
    globalAsyncQueries: true,
    asyncTransport: { transport: "ws", websocketUrl: "/ws" },
    log: () => {},
  });
  const app = createApp(runtime.core, { spaDir: join(PROJECT_ROOT, "web", "dist") });
  const fetch = (req: Request) => {
    if (new URL(req.url).pathname.startsWith("/api/v1/async_event")) counts.polls++;
    return app.fetch(req);
  };
  // Each queued chart (single or batched request) ends as one stored event.
  runtime.core.events.subscribe(() => {
    counts.jobs++;
  });
  server = serve({ fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise((r) => server.once("listening", r));
  server.prependListener("upgrade", () => counts.upgrades++);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sockets = attachEventSocket(server, runtime.core, { refuseUpgrades: () => refusing });
  const profile = mkdtempSync(join(tmpdir(), "strata-chromium-ws-"));
  dirs.push(profile);
  context = await chromium.launchPersistentContext(profile, {
    executablePath: testChromium(),
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
    ],
    viewport: { width: 1400, height: 1600 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${url}/login/?next=${encodeURIComponent("/superset/welcome/")}`);
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}, 120_000);

afterAll(async () => {
  await context?.close();
  await sockets?.close();
  server?.close();
  await runtime?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** An API call as the signed-in admin (session cookie + CSRF token). */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const csrf = (await (await page.request.get(`${url}/api/v1/security/csrf_token/`)).json()).result;
  const res = await page.request.fetch(`${url}${path}`, {
    method,
    headers: { "X-CSRFToken": csrf, "Content-Type": "application/json", Accept: "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Cached results are answered at once (200), even under global async queries: editing the
 * dataset changes its version, part of every cache key, so the next load queues jobs again.
 */
async function invalidateCache() {
  const q = encodeURIComponent("(filters:!((col:table_name,opr:eq,value:birth_names)))");
  const list = await api<{ result: { id: number }[] }>("GET", `/api/v1/dataset/?q=${q}`);
  await api("PUT", `/api/v1/dataset/${list.result[0].id}`, { description: `v${Date.now()}` });
}

/** Opens the births dashboard and waits until every chart has drawn, none failed. */
async function drawBirths(p: Page, path = "/superset/dashboard/births/") {
  await p.goto(`${url}${path}`);
  const charts = p.locator(dt("dashboard-chart"));
  await charts.first().waitFor({ timeout: 30_000 });
  const total = await charts.count();
  expect(total).toBeGreaterThan(1);
  await expect
    .poll(() => p.locator(`${dt("dashboard-chart")}[data-rendered]`).count(), { timeout: 45_000 })
    .toBe(total);
  expect(await p.locator(`${dt("dashboard-chart")}[data-status="failed"]`).count()).toBe(0);
  return total;
}

describe("async chart events over a WebSocket in Chromium", () => {
  it("draws an async dashboard from pushed events, with zero polls", async () => {
    counts.polls = 0;
    counts.jobs = 0;
    const boot = await page.evaluate(() => document.getElementById("root")?.dataset.bootstrap ?? "");
    expect(JSON.parse(boot).common.conf).toMatchObject({
      GLOBAL_ASYNC_QUERIES_TRANSPORT: "ws",
      GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: "/ws",
    });
    await drawBirths(page);
    expect(counts.jobs).toBeGreaterThan(1);
    expect(sockets.connections()).toBeGreaterThan(0);
    expect(counts.polls).toBe(0);
  });

  it("an embedded guest's dashboard draws over the socket too", async () => {
    await invalidateCache();
    const births = await api<{ result: { id: number } }>("GET", "/api/v1/dashboard/births");
    const embed = await api<{ result: { uuid: string } }>(
      "POST",
      `/api/v1/dashboard/${births.result.id}/embedded`,
      {
        allowed_domains: [url],
      },
    );
    const { token } = await api<{ token: string }>("POST", "/api/v1/security/guest_token/", {
      user: { username: "ws-guest" },
      resources: [{ type: "dashboard", id: embed.result.uuid }],
      rls: [],
    });
    // A separate context: no admin cookie, the guest token is the only credential.
    const browser =
      context.browser() ??
      (await chromium.launch({
        executablePath: testChromium(),
        headless: true,
        args: ["--headless", "--no-sandbox", "--disable-gpu"],
      }));
    const guest = await browser.newContext({ viewport: { width: 1400, height: 1600 } });
    try {
      const guestPage = await guest.newPage();
      counts.polls = 0;
      counts.jobs = 0;
      const protocols: string[] = [];
      guestPage.on("websocket", (ws) => protocols.push(ws.url()));
      await drawBirths(guestPage, `/embedded/${embed.result.uuid}?guest_token=${encodeURIComponent(token)}`);
      expect(protocols.some((u) => new URL(u).pathname === "/ws")).toBe(true);
      expect(counts.jobs).toBeGreaterThan(1);
      expect(counts.polls).toBe(0);
    } finally {
      await guest.close();
      if (!context.browser()) await browser.close();
    }
  });

  it("falls back to polling after 6 refused reconnects and still draws", async () => {
    await invalidateCache();
    // The first page's socket closes with it, so every handshake counted below is the new page's.
    await page.goto("about:blank");
    refusing = true;
    counts.polls = 0;
    counts.upgrades = 0;
    const fresh = await context.newPage();
    try {
      await drawBirths(fresh);
      // The first try and six reconnects, all refused, then polling did the work.
      expect(counts.jobs).toBeGreaterThan(1);
      expect(counts.upgrades).toBe(7);
      expect(counts.polls).toBeGreaterThan(0);
    } finally {
      await fresh.close();
      refusing = false;
    }
  }, 90_000);
});
