import { createHash } from "node:crypto";
import type { ChartScreenshotQuery, ChartScreenshotReply } from "@strata/contracts";
import { jobOwnerOf, ownedBy } from "../async/owner.ts";
import { AppError, notFound } from "../errors.ts";
import type { RenderSources } from "../reports/render-jobs.ts";
import type { ReportRenderer } from "../reports/render-port.ts";
import {
  admitDrawing,
  drawWithin,
  NO_SCREENSHOT_RENDERER,
  SCREENSHOT_NOT_READY,
  type ScreenshotTaskState,
  ScreenshotTasks,
} from "../reports/screenshot-tasks.ts";
import type { Principal } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { ResultStore } from "../store/result-store.ts";
import type { MetaStorePort } from "../store/store-ports.ts";

export const CHART_SCREENSHOT_JOB = "chart-screenshot";

/** Superset's default chart window. */
const DEFAULT_WINDOW: [number, number] = [800, 600];
/** A drawing this old is made again when asked for (the chart's data may have changed). */
const FRESH_MS = 24 * 3600_000;
/** A task still Pending or Computing after this long died with its worker: it may start again. */
const STUCK_MS = 10 * 60_000;
const NOT_FOUND = "Screenshot not found";

interface ChartScreenshotTask extends ScreenshotTaskState {
  chartId: number;
  window: [number, number];
  thumb: [number, number];
}

export interface ChartScreenshotDeps extends RenderSources {
  meta: Pick<MetaStorePort, "countBelow" | "putValue" | "deleteValue">;
  results: ResultStore;
  jobs: Pick<JobQueue, "send">;
  renderer?: ReportRenderer;
  /** Whether the worker can draw (it has a browser), where this process has no renderer itself. */
  canDraw: boolean;
  principalOf: (userId: number | null) => Promise<Principal>;
  now?: () => Date;
}

const IMAGE = "chart.png";

/**
 * A chart drawn on the server as a PNG, for the caller: as them (their access, RLS), through the
 * reports' renderer, in the background through the job queue. The key names the caller, the
 * chart's version and the sizes, so asking again finds the drawing already made (or under way)
 * instead of drawing it twice; the image is handed back only to the caller while they can still
 * read the chart.
 */
export class ChartScreenshots {
  private readonly tasks: ScreenshotTasks<ChartScreenshotTask>;

  constructor(private readonly deps: ChartScreenshotDeps) {
    this.tasks = new ScreenshotTasks(deps.results, "chart-screenshot", () => this.now());
  }

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
    if (!this.deps.canDraw) throw new AppError(422, { message: NO_SCREENSHOT_RENDERER });
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
    const known = await this.tasks.get(key);
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
    const standing = await this.tasks.startOnce(this.deps.meta, key, known, task, {
      admit: () => admitDrawing(this.deps.meta, owner),
      send: () =>
        this.deps.jobs.send({ id: `chart-screenshot-${key}`, kind: CHART_SCREENSHOT_JOB, payload: { key } }),
    });
    return { status: standing.status === "Updated" ? 200 : 202, reply: reply(standing) };
  }

  /** The worker's handler: draws the chart as the one who asked, and stores it. */
  runJob(job: Job): Promise<void> {
    return this.tasks.run(job, this.deps, async (task, p, renderer, key) => {
      const { chart } = await this.deps.charts.get(p, task.chartId);
      // Loaded in the worker only: the render job pulls in the charts' query builders.
      const { chartAloneRenderJob } = await import("../reports/render-jobs.ts");
      const [width, height] = task.window;
      const renderJob = await chartAloneRenderJob(this.deps, p, chart, { width, height });
      const file = await drawWithin(renderer, renderJob, "png", { scale: task.thumb[0] / width });
      await this.deps.results.put(this.tasks.filePath(key, IMAGE), file.bytes, file.contentType);
      return {};
    });
  }

  /**
   * `GET …/screenshot/{key}/`: the PNG, for its owner while they can read the chart. 404 until it
   * is made (clients poll on that), 422 with the reason when the drawing failed.
   */
  async image(p: Principal, chartId: number, key: string): Promise<Uint8Array> {
    await this.deps.charts.get(p, chartId);
    if (!/^[0-9a-f]{40}$/.test(key)) throw notFound(NOT_FOUND);
    const task = await this.tasks.get(key);
    if (!task || !ownedBy(task.owner, p) || task.chartId !== chartId) throw notFound(NOT_FOUND);
    if (task.status === "Error")
      throw new AppError(422, { message: task.error ?? "The screenshot could not be made." });
    if (task.status !== "Updated") throw notFound(SCREENSHOT_NOT_READY);
    const bytes = await this.deps.results.get(this.tasks.filePath(key, IMAGE));
    if (!bytes) throw notFound(NOT_FOUND);
    return bytes;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
