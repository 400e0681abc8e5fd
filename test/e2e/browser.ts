import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { createApp } from "../../functions/src/app.ts";
import {
  type LocalRuntime,
  type LocalRuntimeOptions,
  PROJECT_ROOT,
  startLocalRuntime,
} from "../../functions/src/runtime/local-runtime.ts";
import { findChromium } from "../../functions/src/runtime/report-render/find-chromium.ts";

export const ADMIN = { username: "admin", password: "e2e-admin-password" };

/**
 * The Chromium the browser tests and benches drive, found as `npm start` finds the one it draws
 * reports with. Missing, it is named before anything starts (Playwright's own error is a stack
 * trace about a path): `.ci/run` installs it, a machine set up by hand may not have it yet.
 */
export function testChromium(): string {
  const found = findChromium();
  if (!found)
    throw new Error(
      "The browser tests and benches need Chromium: install it (apt-get install chromium, as .ci/run does) or set CHROMIUM_PATH.",
    );
  return found;
}

export interface E2E {
  url: string;
  runtime: LocalRuntime;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** The real local server (API + built SPA from memory) on a loopback port, and Debian's Chromium. */
export async function startE2E(
  examples: string[] = ["birth_names", "energy_usage"],
  opts: Pick<LocalRuntimeOptions, "reports"> = {},
): Promise<E2E> {
  const executablePath = testChromium();
  const dataDir = mkdtempSync(join(tmpdir(), "strata-e2e-"));
  const runtime = await startLocalRuntime({
    dataDir,
    ephemeral: true,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    examples,
    secret: randomBytes(32).toString("hex"),
    log: () => {},
    ...opts,
  });
  const app = createApp(runtime.core, { spaDir: join(PROJECT_ROOT, "web", "dist") });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const profile = mkdtempSync(join(tmpdir(), "strata-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1400, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    url,
    runtime,
    context,
    page,
    async close() {
      await context.close();
      server.close();
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function logIn(
  e: E2E,
  next = "/",
  user: { username: string; password: string } = ADMIN,
): Promise<void> {
  await e.page.goto(`${e.url}/login/?next=${encodeURIComponent(next)}`);
  await e.page.getByLabel("Username").fill(user.username);
  await e.page.getByLabel("Password").fill(user.password);
  await e.page.getByRole("button", { name: /sign in|log in/i }).click();
  await e.page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

/** Signs the browser out of whoever it was, then in as `user`, landing on `next`. */
export async function logInAs(
  e: E2E,
  user: { username: string; password: string },
  next = "/",
): Promise<void> {
  await e.context.clearCookies();
  await logIn(e, next, user);
}

/** A `[data-test="…"]` selector. */
export const dt = (id: string) => `[data-test="${id}"]`;

/** An API call from the logged-in page (session cookie, plus the CSRF token on writes). */
export async function apiCall<T>(e: E2E, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") {
    const csrf = await e.page.request.get(`${e.url}/api/v1/security/csrf_token/`);
    headers["X-CSRFToken"] = ((await csrf.json()) as { result: string }).result;
    headers["Content-Type"] = "application/json";
  }
  const res = await e.page.request.fetch(`${e.url}${path}`, {
    method,
    headers,
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The id of the dataset with this table name. */
export async function datasetIdOf(e: E2E, name: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:${name})))`);
  const list = await apiCall<{ result: { id: number; table_name: string }[] }>(
    e,
    "GET",
    `/api/v1/dataset/?q=${q}`,
  );
  const found = list.result.find((d) => d.table_name === name);
  if (!found) throw new Error(`dataset ${name} not found`);
  return found.id;
}

/**
 * Waits for `locator` to be visible; on a timeout the error also says what the page showed then
 * (its address, its text and the Plotly charts on it), so that a rare failure in CI can be read.
 */
export async function waitShown(e: E2E, locator: Locator, timeout = 30_000): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (err) {
    const seen = await e.page
      .evaluate(() => ({
        url: location.href,
        text: document.body.innerText.slice(0, 1500),
        charts: [...document.querySelectorAll('[data-test="plotly-chart"], [data-picture]')].map((el) =>
          el.outerHTML.slice(0, 200),
        ),
        loaders: document.querySelectorAll(".mantine-Loader-root").length,
      }))
      .catch((why: Error) => ({ unreadable: why.message }));
    throw new Error(`${(err as Error).message}\nThe page showed: ${JSON.stringify(seen, null, 1)}`);
  }
}
