import { randomUUID } from "node:crypto";
import type {
  DashboardScreenshotReply,
  DashboardScreenshotRequest,
  ScreenshotFormat,
} from "@strata/contracts";
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
import type { DashboardPermalinks } from "./permalinks.ts";

export const DASHBOARD_SCREENSHOT_JOB = "dashboard-screenshot";

const NOT_FOUND = "Screenshot not found";

/** What is kept of a dashboard screenshot task, beside its files. */
interface ScreenshotTask extends ScreenshotTaskState {
  dashboardId: number;
  /** The dashboard state to draw (Superset's permalink state). */
  state: Omit<DashboardScreenshotRequest, "download_format">;
  formats: ScreenshotFormat[];
  fileNames?: Partial<Record<ScreenshotFormat, string>>;
}

export interface ScreenshotFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

export interface DashboardScreenshotDeps extends RenderSources {
  permalinks: Pick<DashboardPermalinks, "create">;
  meta: Pick<MetaStorePort, "countBelow">;
  results: ResultStore;
  jobs: Pick<JobQueue, "send">;
  renderer?: ReportRenderer;
  /** Whether the worker can draw (it has a browser), where this process has no renderer itself. */
  canDraw: boolean;
  principalOf: (userId: number | null) => Promise<Principal>;
  now?: () => Date;
}

const fileName = (format: ScreenshotFormat) => `dashboard.${format}`;
const CONTENT_TYPES: Record<ScreenshotFormat, string> = { png: "image/png", pdf: "application/pdf" };

/**
 * A dashboard drawn on the server exactly as its PNG and PDF reports are (the reports' render
 * job and renderer), but for the caller: as them (their access, RLS), in the state they see
 * (the native filter values in `dataMask`, the active tabs), in the background through the job
 * queue. The files land in the result store and are handed back only to the same caller while
 * they can still read the dashboard: a cache key alone opens nothing.
 */
export class DashboardScreenshots {
  private readonly tasks: ScreenshotTasks<ScreenshotTask>;

  constructor(private readonly deps: DashboardScreenshotDeps) {
    this.tasks = new ScreenshotTasks(deps.results, "dashboard-screenshot", () => deps.now?.() ?? new Date());
  }

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
    if (!this.deps.canDraw) throw new AppError(422, { message: NO_SCREENSHOT_RENDERER });
    await admitDrawing(this.deps.meta, owner);
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
      updatedAt: (this.deps.now?.() ?? new Date()).toISOString(),
    };
    await this.tasks.save(key, task);
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

  /** The worker's handler: draws each format asked for, as the one who asked, and stores it. */
  runJob(job: Job): Promise<void> {
    return this.tasks.run(job, this.deps, async (task, p, renderer, key) => {
      const dashboard = await this.deps.dashboards.get(p, task.dashboardId);
      // Loaded here, in the worker: building a render job pulls in the charts' query builders,
      // which the API's cold start has no use for.
      const { dashboardStateRenderJob } = await import("../reports/render-jobs.ts");
      const renderJob = await dashboardStateRenderJob(this.deps, p, dashboard, task.state);
      const fileNames: ScreenshotTask["fileNames"] = {};
      for (const format of task.formats) {
        const file = await drawWithin(renderer, renderJob, format);
        await this.deps.results.put(this.tasks.filePath(key, fileName(format)), file.bytes, file.contentType);
        fileNames[format] = file.fileName;
      }
      return { fileNames };
    });
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
    const task = await this.tasks.get(key);
    if (!task || !ownedBy(task.owner, p) || task.dashboardId !== dashboardId) throw notFound(NOT_FOUND);
    if (task.status === "Error")
      throw new AppError(422, { message: task.error ?? "The screenshot could not be made." });
    if (!task.formats.includes(format))
      throw new AppError(400, {
        message: `This screenshot was made as ${task.formats.join(", ").toUpperCase()} only: start a new one to get a ${format.toUpperCase()}.`,
      });
    if (task.status !== "Updated") throw notFound(SCREENSHOT_NOT_READY);
    const bytes = await this.deps.results.get(this.tasks.filePath(key, fileName(format)));
    if (!bytes) throw notFound(NOT_FOUND);
    return {
      bytes,
      contentType: CONTENT_TYPES[format],
      fileName: task.fileNames?.[format] ?? `dashboard.${format}`,
    };
  }
}
