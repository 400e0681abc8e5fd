import { randomUUID } from "node:crypto";
import type {
  DashboardScreenshotReply,
  DashboardScreenshotRequest,
  ScreenshotFormat,
  ScreenshotTaskStatus,
} from "@strata/contracts";
import { type JobOwner, jobOwnerOf, ownedBy } from "../async/owner.ts";
import { AppError, notFound } from "../errors.ts";
import type { RenderSources } from "../reports/render-jobs.ts";
import type { RenderedFile, ReportRenderer } from "../reports/render-port.ts";
import type { Principal } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { ResultStore } from "../store/result-store.ts";
import type { DashboardPermalinks } from "./permalinks.ts";

export const DASHBOARD_SCREENSHOT_JOB = "dashboard-screenshot";

/** Said when this server cannot draw at all (the cloud worker without a Chromium layer). */
export const NO_SCREENSHOT_RENDERER =
  "Downloading a dashboard as an image or PDF needs a browser on the server, and this server has none: " +
  "install Chromium (apt-get install chromium) or set CHROMIUM_PATH (in the cloud, add a Chromium layer " +
  "to the worker).";
export const SCREENSHOT_NOT_READY = "The screenshot is not ready yet.";
const NOT_FOUND = "Screenshot not found";
/** The longest one format may take to draw (as for reports). */
const RENDER_MAX_SEC = 300;
/** A renderer that overruns its own limit by this much is given up on: a task never hangs. */
const RENDER_GRACE_MS = 5_000;

/** What is kept of a screenshot task, beside its files, under `results/` (expires with them). */
interface ScreenshotTask {
  /** Who asked: the only caller the files are handed to, and whose access the drawing uses. */
  owner: JobOwner;
  userId: number;
  dashboardId: number;
  /** The dashboard state to draw (Superset's permalink state). */
  state: Omit<DashboardScreenshotRequest, "download_format">;
  formats: ScreenshotFormat[];
  status: ScreenshotTaskStatus;
  updatedAt: string;
  error?: string;
  fileNames?: Partial<Record<ScreenshotFormat, string>>;
}

export interface ScreenshotFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

export interface DashboardScreenshotDeps extends RenderSources {
  permalinks: Pick<DashboardPermalinks, "create">;
  results: ResultStore;
  jobs: Pick<JobQueue, "send">;
  renderer?: ReportRenderer;
  principalOf: (userId: number | null) => Promise<Principal>;
  now?: () => Date;
}

const folder = (key: string) => `results/dashboard-screenshot/${key}`;
const taskPath = (key: string) => `${folder(key)}/task.json`;
const filePath = (key: string, format: ScreenshotFormat) => `${folder(key)}/dashboard.${format}`;
const CONTENT_TYPES: Record<ScreenshotFormat, string> = { png: "image/png", pdf: "application/pdf" };

/**
 * A dashboard drawn on the server exactly as its PNG and PDF reports are (the reports' render
 * job and renderer), but for the caller: as them (their access, RLS), in the state they see
 * (the native filter values in `dataMask`, the active tabs), in the background through the job
 * queue. The files land in the result store and are handed back only to the same caller while
 * they can still read the dashboard: a cache key alone opens nothing.
 */
export class DashboardScreenshots {
  constructor(private readonly deps: DashboardScreenshotDeps) {}

  /** `POST …/cache_dashboard_screenshot/`: checks, records and queues the drawing. */
  async start(
    p: Principal,
    dashboardId: number,
    body: DashboardScreenshotRequest,
  ): Promise<DashboardScreenshotReply> {
    const dashboard = await this.deps.dashboards.get(p, dashboardId);
    const owner = jobOwnerOf(p);
    // Nothing is stored for anonymous or embedded callers: there is no one to hand it back to
    // (a guest's token may not outlive the drawing).
    if (!owner || !p.user || p.guest)
      throw new AppError(403, {
        message: "Only signed-in users can download a dashboard as an image or PDF.",
      });
    if (!this.deps.renderer) throw new AppError(422, { message: NO_SCREENSHOT_RENDERER });
    const { download_format, ...state } = body;
    const permalink = await this.deps.permalinks.create(p, dashboard.id, state);
    const key = randomUUID();
    const task: ScreenshotTask = {
      owner,
      userId: p.user.id,
      dashboardId: dashboard.id,
      state,
      formats: download_format ? [download_format] : ["png", "pdf"],
      status: "Pending",
      updatedAt: this.now().toISOString(),
    };
    await this.deps.results.putJson(taskPath(key), task);
    // Only the key travels: the state (a large dataMask) stays in the store, not in the message.
    await this.deps.jobs.send({
      id: `dashboard-screenshot-${key}`,
      kind: DASHBOARD_SCREENSHOT_JOB,
      payload: { key },
    });
    return {
      cache_key: key,
      dashboard_url: `/superset/dashboard/p/${permalink}/`,
      image_url: `/api/v1/dashboard/${dashboard.id}/screenshot/${key}/`,
      task_updated_at: task.updatedAt,
      task_status: task.status,
    };
  }

  /** The worker's handler: draws each format asked for and stores it, or records why not. */
  async runJob(job: Job): Promise<void> {
    const key = (job.payload as { key?: unknown } | null)?.key;
    if (typeof key !== "string") return;
    const task = await this.deps.results.getJson<ScreenshotTask>(taskPath(key));
    // A second delivery of a finished task does nothing; one that died mid-way draws again.
    if (!task || task.status === "Updated" || task.status === "Error") return;
    await this.save(key, { ...task, status: "Computing" });
    try {
      const renderer = this.deps.renderer;
      if (!renderer) throw new AppError(422, { message: NO_SCREENSHOT_RENDERER });
      const p = await this.deps.principalOf(task.userId);
      if (jobOwnerOf(p) !== task.owner)
        throw notFound("The user who asked for the screenshot no longer exists.");
      const dashboard = await this.deps.dashboards.get(p, task.dashboardId);
      // Loaded here, in the worker: building a render job pulls in the charts' query builders,
      // which the API's cold start has no use for.
      const { dashboardStateRenderJob } = await import("../reports/render-jobs.ts");
      const renderJob = await dashboardStateRenderJob(this.deps, p, dashboard, task.state);
      const fileNames: ScreenshotTask["fileNames"] = {};
      for (const format of task.formats) {
        const [file] = await drawWithin(renderer, renderJob, format);
        if (!file) throw new Error("The renderer made no file.");
        await this.deps.results.put(filePath(key, format), file.bytes, file.contentType);
        fileNames[format] = file.fileName;
      }
      await this.save(key, { ...task, status: "Updated", fileNames });
    } catch (e) {
      // Drawing fails the same way on a second try (no browser, a chart's error, the time
      // limit): record it for the caller rather than let the queue run it again.
      const message =
        e instanceof AppError ? String(e.body.message) : e instanceof Error ? e.message : String(e);
      await this.save(key, { ...task, status: "Error", error: message });
    }
  }

  /**
   * `GET …/screenshot/{key}/?download_format=`: the file, for its owner while they can read the
   * dashboard. 404 until it is made (Superset's clients poll on that), 422 with the reason when
   * the drawing failed.
   */
  async file(
    p: Principal,
    dashboardId: number,
    key: string,
    format: ScreenshotFormat,
  ): Promise<ScreenshotFile> {
    await this.deps.dashboards.get(p, dashboardId);
    if (!/^[0-9a-f-]{36}$/.test(key)) throw notFound(NOT_FOUND);
    const task = await this.deps.results.getJson<ScreenshotTask>(taskPath(key));
    if (!task || !ownedBy(task.owner, p) || task.dashboardId !== dashboardId) throw notFound(NOT_FOUND);
    if (task.status === "Error")
      throw new AppError(422, { message: task.error ?? "The screenshot could not be made." });
    if (!task.formats.includes(format))
      throw new AppError(400, {
        message: `This screenshot was made as ${task.formats.join(", ").toUpperCase()} only: start a new one to get a ${format.toUpperCase()}.`,
      });
    if (task.status !== "Updated") throw notFound(SCREENSHOT_NOT_READY);
    const bytes = await this.deps.results.get(filePath(key, format));
    if (!bytes) throw notFound(NOT_FOUND);
    return {
      bytes,
      contentType: CONTENT_TYPES[format],
      fileName: task.fileNames?.[format] ?? `dashboard.${format}`,
    };
  }

  private save(key: string, task: ScreenshotTask): Promise<void> {
    return this.deps.results.putJson(taskPath(key), { ...task, updatedAt: this.now().toISOString() });
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}

/** One format drawn by the reports' renderer, given up on shortly after its own time limit. */
export function drawWithin(
  renderer: ReportRenderer,
  job: Parameters<ReportRenderer["render"]>[0],
  format: ScreenshotFormat,
  scale?: number,
): Promise<RenderedFile[]> {
  const timeoutMs = RENDER_MAX_SEC * 1000;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The drawing took longer than ${RENDER_MAX_SEC} s.`)),
      timeoutMs + RENDER_GRACE_MS,
    );
  });
  return Promise.race([
    renderer.render(job, format === "png" ? "PNG" : "PDF", { timeoutMs, ...(scale ? { scale } : {}) }),
    deadline,
  ]).finally(() => clearTimeout(timer));
}
