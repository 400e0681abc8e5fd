import { createHash } from "node:crypto";
import type { ChartScreenshotQuery, ChartScreenshotReply, ScreenshotTaskStatus } from "@strata/contracts";
import { type JobOwner, jobOwnerOf, ownedBy } from "../async/owner.ts";
import { drawWithin, NO_SCREENSHOT_RENDERER, SCREENSHOT_NOT_READY } from "../dashboards/screenshots.ts";
import { AppError, notFound } from "../errors.ts";
import type { RenderSources } from "../reports/render-jobs.ts";
import type { ReportRenderer } from "../reports/render-port.ts";
import type { Principal } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { ResultStore } from "../store/result-store.ts";

export const CHART_SCREENSHOT_JOB = "chart-screenshot";

/** Superset's default chart window. */
const DEFAULT_WINDOW: [number, number] = [800, 600];
/** A drawing this old is made again when asked for (the chart's data may have changed). */
const FRESH_MS = 24 * 3600_000;
/** A task still Pending or Computing after this long died with its worker: it may start again. */
const STUCK_MS = 10 * 60_000;
const NOT_FOUND = "Screenshot not found";

interface ChartScreenshotTask {
  owner: JobOwner;
  userId: number;
  chartId: number;
  window: [number, number];
  thumb: [number, number];
  status: ScreenshotTaskStatus;
  updatedAt: string;
  error?: string;
}

export interface ChartScreenshotDeps extends RenderSources {
  results: ResultStore;
  jobs: Pick<JobQueue, "send">;
  renderer?: ReportRenderer;
  principalOf: (userId: number | null) => Promise<Principal>;
  now?: () => Date;
}

const folder = (key: string) => `results/chart-screenshot/${key}`;
const taskPath = (key: string) => `${folder(key)}/task.json`;
const imagePath = (key: string) => `${folder(key)}/chart.png`;

/**
 * A chart drawn on the server as a PNG, for the caller: as them (their access, RLS), through the
 * reports' renderer, in the background through the job queue. The key names the caller, the
 * chart's version and the sizes, so asking again finds the drawing already made (or under way)
 * instead of drawing it twice; the image is handed back only to the caller while they can still
 * read the chart.
 */
export class ChartScreenshots {
  constructor(private readonly deps: ChartScreenshotDeps) {}

  /** `GET …/cache_screenshot/`: finds the drawing, or records and queues it. */
  async start(
    p: Principal,
    chartId: number,
    query: ChartScreenshotQuery,
  ): Promise<{ status: 200 | 202; reply: ChartScreenshotReply }> {
    const { chart } = await this.deps.charts.get(p, chartId);
    const owner = jobOwnerOf(p);
    if (!owner || !p.user || p.guest)
      throw new AppError(403, { message: "Only signed-in users can have a chart drawn as an image." });
    if (!this.deps.renderer) throw new AppError(422, { message: NO_SCREENSHOT_RENDERER });
    const window = query.window_size ?? DEFAULT_WINDOW;
    const thumb = query.thumb_size ?? window;
    // The image is the window's drawing scaled to the thumbnail's width: bounded both ways, so
    // no request makes a picture of millions of pixels.
    const scale = thumb[0] / window[0];
    if (scale < 0.1 || scale > 2)
      throw new AppError(400, {
        message: "thumb_size's width must be between a tenth of window_size's width and twice it.",
      });
    const key = createHash("sha256")
      .update(JSON.stringify([owner, chart.id, chart.changed_on, chart.params, window, thumb]))
      .digest("hex")
      .slice(0, 40);
    const reply = (task: ChartScreenshotTask): ChartScreenshotReply => ({
      cache_key: key,
      chart_url: `/explore/?slice_id=${chart.id}`,
      image_url: `/api/v1/chart/${chart.id}/screenshot/${key}/`,
      task_updated_at: task.updatedAt,
      task_status: task.status,
    });
    const now = this.now().getTime();
    const known = await this.deps.results.getJson<ChartScreenshotTask>(taskPath(key));
    const age = known ? now - Date.parse(known.updatedAt) : Number.POSITIVE_INFINITY;
    const underWay = known && (known.status === "Pending" || known.status === "Computing") && age < STUCK_MS;
    // One drawing at a time per key, forced or not: asking again while it runs only reports on it.
    if (known && underWay) return { status: 202, reply: reply(known) };
    if (known?.status === "Updated" && !query.force && age < FRESH_MS)
      return { status: 200, reply: reply(known) };
    const task: ChartScreenshotTask = {
      owner,
      userId: p.user.id,
      chartId: chart.id,
      window,
      thumb,
      status: "Pending",
      updatedAt: this.now().toISOString(),
    };
    await this.deps.results.putJson(taskPath(key), task);
    await this.deps.jobs.send({
      id: `chart-screenshot-${key}`,
      kind: CHART_SCREENSHOT_JOB,
      payload: { key },
    });
    return { status: 202, reply: reply(task) };
  }

  /** The worker's handler: draws the chart as the one who asked, or records why not. */
  async runJob(job: Job): Promise<void> {
    const key = (job.payload as { key?: unknown } | null)?.key;
    if (typeof key !== "string") return;
    const task = await this.deps.results.getJson<ChartScreenshotTask>(taskPath(key));
    if (!task || task.status === "Updated" || task.status === "Error") return;
    await this.save(key, { ...task, status: "Computing" });
    try {
      const renderer = this.deps.renderer;
      if (!renderer) throw new AppError(422, { message: NO_SCREENSHOT_RENDERER });
      const p = await this.deps.principalOf(task.userId);
      if (jobOwnerOf(p) !== task.owner)
        throw notFound("The user who asked for the screenshot no longer exists.");
      const { chart } = await this.deps.charts.get(p, task.chartId);
      // Loaded in the worker only: the render job pulls in the charts' query builders.
      const { chartAloneRenderJob } = await import("../reports/render-jobs.ts");
      const [width, height] = task.window;
      const renderJob = await chartAloneRenderJob(this.deps, p, chart, { width, height });
      const [file] = await drawWithin(renderer, renderJob, "png", task.thumb[0] / width);
      if (!file) throw new Error("The renderer made no file.");
      await this.deps.results.put(imagePath(key), file.bytes, file.contentType);
      await this.save(key, { ...task, status: "Updated" });
    } catch (e) {
      // Drawing fails the same way on a second try: record it rather than let the queue retry.
      const message =
        e instanceof AppError ? String(e.body.message) : e instanceof Error ? e.message : String(e);
      await this.save(key, { ...task, status: "Error", error: message });
    }
  }

  /**
   * `GET …/screenshot/{key}/`: the PNG, for its owner while they can read the chart. 404 until it
   * is made (clients poll on that), 422 with the reason when the drawing failed.
   */
  async image(p: Principal, chartId: number, key: string): Promise<Uint8Array> {
    await this.deps.charts.get(p, chartId);
    if (!/^[0-9a-f]{40}$/.test(key)) throw notFound(NOT_FOUND);
    const task = await this.deps.results.getJson<ChartScreenshotTask>(taskPath(key));
    if (!task || !ownedBy(task.owner, p) || task.chartId !== chartId) throw notFound(NOT_FOUND);
    if (task.status === "Error")
      throw new AppError(422, { message: task.error ?? "The screenshot could not be made." });
    if (task.status !== "Updated") throw notFound(SCREENSHOT_NOT_READY);
    const bytes = await this.deps.results.get(imagePath(key));
    if (!bytes) throw notFound(NOT_FOUND);
    return bytes;
  }

  private save(key: string, task: ChartScreenshotTask): Promise<void> {
    return this.deps.results.putJson(taskPath(key), { ...task, updatedAt: this.now().toISOString() });
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
