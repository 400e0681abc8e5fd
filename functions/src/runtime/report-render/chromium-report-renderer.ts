import type {
  RenderedFile,
  RenderFormat,
  RenderJob,
  RenderOptions,
  ReportRenderer,
} from "@strata/core/reports/render-port";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM } from "./find-chromium.ts";
import { RENDER_ORIGIN, renderPageHandler, type SpaFile } from "./render-page-server.ts";

const RENDER_PATH = "/report/render/";
const CHART_WIDTH = 800;
const DASHBOARD_WIDTH = 1600;
/** PDF pages keep A4's proportions at the report's width; rows never split across pages. */
const PAGE_RATIO = 297 / 210;
const LAUNCH_TIMEOUT_MS = 30_000;

export interface ChromiumRendererOptions {
  /** The built SPA (path → file), e.g. `loadSpa(web/dist)`; read when the first job comes. */
  spa: () => ReadonlyMap<string, SpaFile>;
  /** The browser to run; found automatically (CHROMIUM_PATH, /usr/bin/chromium, PATH) when absent. */
  executablePath?: string;
  /** Where CHROMIUM_PATH is read from when `executablePath` is absent (default: the process's). */
  env?: NodeJS.ProcessEnv;
  /** Pixel density of PNGs (1 keeps files and memory small). */
  deviceScaleFactor?: number;
  log?: (line: string) => void;
}

export const timeLimitMessage = (ms: number) =>
  `The report took longer than ${Number((ms / 1000).toFixed(1))} s to draw (its time limit): ` +
  "raise the report's working timeout or make its charts lighter.";

const safeName = (name: string, fallback: string) =>
  name
    .replace(/[^\w .-]+/g, "_")
    .trim()
    .slice(0, 100) || fallback;

/**
 * Draws reports in one headless Chromium kept warm for the process's life: launched on the
 * first job, a fresh context and page per job (closed after), launched again if it died. The
 * page is the SPA's render page served from memory by request interception, so no socket and
 * no data request is involved; the job's data reaches the page before its script runs.
 */
export class ChromiumReportRenderer implements ReportRenderer {
  private launching: Promise<Browser> | null = null;
  private spaFiles: ReadonlyMap<string, SpaFile> | null = null;

  constructor(private readonly opts: ChromiumRendererOptions) {}

  async render(
    job: RenderJob,
    format: RenderFormat,
    { timeoutMs, scale, clipHeight }: RenderOptions,
  ): Promise<RenderedFile[]> {
    let timer: NodeJS.Timeout | undefined;
    let expired = false;
    let context: BrowserContext | undefined;
    const pageErrors: string[] = [];
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        expired = true;
        const hint = pageErrors[0] ? ` The page reported: ${pageErrors[0]}` : "";
        reject(new Error(timeLimitMessage(timeoutMs) + hint));
      }, timeoutMs);
    });
    const work = (async () => {
      const spa = this.spa();
      const browser = await this.browser();
      const width = job.width ?? (job.kind === "dashboard" ? DASHBOARD_WIDTH : CHART_WIDTH);
      const created = await browser.newContext({
        viewport: { width, height: 800 },
        deviceScaleFactor: scale ?? this.opts.deviceScaleFactor ?? 1,
        serviceWorkers: "block",
        reducedMotion: "reduce",
      });
      context = created;
      if (expired) {
        // The time ran out while the context was being made: nobody else will close it.
        await created.close().catch(() => {});
        throw new Error("expired");
      }
      const page = await created.newPage();
      page.on("pageerror", (error) => pageErrors.push(error.message));
      const crashed = new Promise<never>((_, reject) =>
        page.once("crash", () => reject(new Error("The browser crashed while drawing the report."))),
      );
      crashed.catch(() => {});
      const draw = async () => {
        await page.route(
          "**/*",
          renderPageHandler(spa, (url) => this.opts.log?.(`report render: blocked ${url}`)),
        );
        await page.addInitScript((data) => {
          (window as unknown as { __STRATA_RENDER__: unknown }).__STRATA_RENDER__ = data;
        }, job);
        if (format === "PDF") await page.emulateMedia({ media: "screen" });
        const started = performance.now();
        await page.goto(RENDER_ORIGIN + RENDER_PATH, { waitUntil: "domcontentloaded", timeout: 0 });
        const loaded = performance.now();
        await page.waitForFunction(
          () => document.body.dataset.rendered === "true" || document.body.dataset.renderError !== undefined,
          null,
          { timeout: 0, polling: 50 },
        );
        const error = await page.evaluate(() => document.body.dataset.renderError);
        if (error !== undefined) throw new Error(error);
        const drawn = performance.now();
        const files = await capture(page, job, format, width, clipHeight);
        const ms = (a: number, b: number) => Math.round(b - a);
        this.opts.log?.(
          `report render: ${job.kind} ${format} with ${job.charts.length} chart(s): page ${ms(started, loaded)} ms, ` +
            `drawn ${ms(loaded, drawn)} ms, captured ${ms(drawn, performance.now())} ms`,
        );
        return files;
      };
      return Promise.race([draw(), crashed]);
    })();
    work.catch(() => {});
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
      await context?.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    const launching = this.launching;
    this.launching = null;
    if (launching) await (await launching.catch(() => null))?.close().catch(() => {});
  }

  private spa(): ReadonlyMap<string, SpaFile> {
    this.spaFiles ??= this.opts.spa();
    if (!this.spaFiles.has("/index.html")) {
      this.spaFiles = null;
      throw new Error(
        "PNG and PDF reports need the built web app: run `npm run build:web` (npm start does it).",
      );
    }
    return this.spaFiles;
  }

  private browser(): Promise<Browser> {
    if (this.launching) return this.launching;
    const executablePath = this.opts.executablePath ?? findChromium(this.opts.env);
    if (!executablePath) return Promise.reject(new Error(NO_CHROMIUM));
    // Loaded with the first picture, not at start: reading playwright-core takes about 0.4 s, a
    // fifth of a server's start, and most starts never draw a report.
    const launching = import("playwright-core")
      .then(({ chromium }) =>
        chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: LAUNCH_TIMEOUT_MS }),
      )
      .then((browser) => {
        this.opts.log?.(`report render: Chromium ${browser.version()} started`);
        browser.on("disconnected", () => {
          if (this.launching === launching) this.launching = null;
        });
        return browser;
      })
      .catch((error: Error) => {
        if (this.launching === launching) this.launching = null;
        throw new Error(
          `${NO_CHROMIUM}. Chromium at ${executablePath} could not start: ${error.message.split("\n")[0]}`,
        );
      });
    this.launching = launching;
    return launching;
  }
}

async function capture(
  page: Page,
  job: RenderJob,
  format: RenderFormat,
  width: number,
  clipHeight?: number,
): Promise<RenderedFile[]> {
  const base = safeName(job.title, job.kind);
  if (format === "PDF") {
    const bytes = await page.pdf({
      width: `${width}px`,
      height: `${Math.round(width * PAGE_RATIO)}px`,
      printBackground: true,
      margin: { top: "0", right: "0", bottom: "0", left: "0" },
      outline: true,
      tagged: true,
    });
    return [{ bytes, contentType: "application/pdf", fileName: `${base}.pdf` }];
  }
  if (job.kind === "dashboard") {
    const height = clipHeight
      ? Math.min(clipHeight, await page.evaluate(() => document.documentElement.scrollHeight))
      : undefined;
    const bytes = await page.screenshot({
      type: "png",
      fullPage: true,
      animations: "disabled",
      ...(height ? { clip: { x: 0, y: 0, width, height } } : {}),
    });
    return [{ bytes, contentType: "image/png", fileName: `${base}.png` }];
  }
  const files: RenderedFile[] = [];
  for (const chart of job.charts) {
    const bytes = await page
      .locator(`[data-report-chart="${chart.id}"]`)
      .first()
      .screenshot({ type: "png", animations: "disabled", timeout: 0 });
    files.push({
      bytes,
      contentType: "image/png",
      fileName: `${safeName(chart.title, `chart-${chart.id}`)}.png`,
    });
  }
  return files;
}
