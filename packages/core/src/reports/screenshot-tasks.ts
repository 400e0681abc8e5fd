import type { ScreenshotFormat, ScreenshotTaskStatus } from "@strata/contracts";
import { type JobOwner, jobOwnerOf } from "../async/owner.ts";
import { AppError, notFound } from "../errors.ts";
import type { Principal } from "../security/principal.ts";
import type { Job } from "../store/job-queue.ts";
import type { ResultStore } from "../store/result-store.ts";
import type { MetaStorePort } from "../store/store-ports.ts";
import type { RenderedFile, RenderOptions, ReportRenderer } from "./render-port.ts";

/** Said when this server cannot draw at all (the cloud worker without a Chromium layer). */
export const NO_SCREENSHOT_RENDERER =
  "Drawing a dashboard or chart as an image or PDF needs a browser on the server, and this server has none: " +
  "install Chromium (apt-get install chromium) or set CHROMIUM_PATH (in the cloud, add a Chromium layer " +
  "to the worker).";
export const SCREENSHOT_NOT_READY = "The screenshot is not ready yet.";
/** The longest one format may take to draw (as for reports). */
const RENDER_MAX_SEC = 300;
/** A renderer that overruns its own limit by this much is given up on: a task never hangs. */
const RENDER_GRACE_MS = 5_000;
/** How many drawings one user may start in a window, and the counter that keeps the count. */
export interface DrawingQuota {
  name: string;
  drawings: number;
  windowSeconds: number;
  /** What the 429 tells the caller. */
  what: string;
}

/**
 * Drawings one user may start in a window, charts and dashboards together: each takes a browser
 * for seconds in the shared worker, so no one can queue thousands (distinct sizes or states).
 */
export const SCREENSHOT_QUOTA: DrawingQuota = {
  name: "screenshot-quota",
  drawings: 20,
  windowSeconds: 600,
  what: "pictures",
};

/** Counts a drawing against its user's quota, or refuses it with a 429 saying when to retry. */
export async function admitDrawing(
  meta: Pick<MetaStorePort, "countBelow">,
  owner: JobOwner,
  quota: DrawingQuota = SCREENSHOT_QUOTA,
): Promise<void> {
  if (await meta.countBelow(`${quota.name}:${owner}`, quota.drawings, quota.windowSeconds)) return;
  throw new AppError(429, {
    message:
      `You have asked for ${quota.drawings} ${quota.what} in the last ` +
      `${quota.windowSeconds / 60} minutes; try again in a few minutes.`,
  });
}

/** The longest a key's claim holds off a second drawing (if its holder died before recording it). */
const CLAIM_SECONDS = 30;

/** What every screenshot task keeps beside its files: who asked, and where the drawing stands. */
export interface ScreenshotTaskState {
  /** Who asked: the only caller the files are handed to, and whose access the drawing uses. */
  owner: JobOwner;
  userId: number;
  status: ScreenshotTaskStatus;
  updatedAt: string;
  error?: string;
}

/**
 * Screenshot tasks of one kind under `results/{kind}/{key}/` (they expire with the results): the
 * task record and the drawing's lifecycle in the worker, shared by dashboard and chart pictures.
 */
export class ScreenshotTasks<T extends ScreenshotTaskState> {
  constructor(
    private readonly results: ResultStore,
    private readonly kind: string,
    private readonly now: () => Date,
  ) {}

  filePath(key: string, name: string): string {
    return `results/${this.kind}/${key}/${name}`;
  }

  get(key: string): Promise<T | undefined> {
    return this.results.getJson<T>(this.filePath(key, "task.json"));
  }

  save(key: string, task: T): Promise<void> {
    return this.results.putJson(this.filePath(key, "task.json"), {
      ...task,
      updatedAt: this.now().toISOString(),
    });
  }

  /**
   * Records `task` and has it drawn, unless another request did so since `known` was read: two
   * requests at once that both found nothing under way race for a claim on the key; the first
   * draws, the other reports on that drawing. Once the task is recorded its status holds others
   * off. `admit` counts the drawing against the caller's quota (it may refuse), `send` queues the
   * job once the task is recorded. Gives the task that stands: the new one, or the one another
   * request recorded.
   */
  async startOnce(
    meta: Pick<MetaStorePort, "putValue" | "deleteValue">,
    key: string,
    known: T | undefined,
    task: T,
    steps: { admit: () => Promise<void>; send: () => Promise<void> },
  ): Promise<T> {
    const claim = `${this.kind}-claim:${key}`;
    const claimed = await meta.putValue(claim, task.owner, { ttlSeconds: CLAIM_SECONDS, onlyIfAbsent: true });
    if (!claimed) return (await this.get(key)) ?? task;
    try {
      const current = await this.get(key);
      if (current && current.updatedAt !== known?.updatedAt) return current;
      await steps.admit();
      await this.save(key, task);
      await steps.send();
      return task;
    } finally {
      await meta.deleteValue(claim);
    }
  }

  /**
   * The worker's handler: `draw` makes the files as the user who asked (checked to be still the
   * same user) and gives what to record of them; a failure is recorded with its reason for the
   * caller, not retried (it fails the same way again). A second delivery of a finished task does
   * nothing; one that died mid-way draws again.
   */
  async run(
    job: Job,
    deps: { renderer?: ReportRenderer; principalOf: (userId: number | null) => Promise<Principal> },
    draw: (task: T, p: Principal, renderer: ReportRenderer, key: string) => Promise<Partial<T>>,
  ): Promise<void> {
    const key = (job.payload as { key?: unknown } | null)?.key;
    if (typeof key !== "string") return;
    const task = await this.get(key);
    if (!task || task.status === "Updated" || task.status === "Error") return;
    await this.save(key, { ...task, status: "Computing" });
    try {
      if (!deps.renderer) throw new AppError(422, { message: NO_SCREENSHOT_RENDERER });
      const p = await deps.principalOf(task.userId);
      if (jobOwnerOf(p) !== task.owner)
        throw notFound("The user who asked for the screenshot no longer exists.");
      const made = await draw(task, p, deps.renderer, key);
      await this.save(key, { ...task, ...made, status: "Updated" });
    } catch (e) {
      const message =
        e instanceof AppError ? String(e.body.message) : e instanceof Error ? e.message : String(e);
      await this.save(key, { ...task, status: "Error", error: message });
    }
  }
}

/** One format drawn by the reports' renderer, given up on shortly after its own time limit. */
export async function drawWithin(
  renderer: ReportRenderer,
  job: Parameters<ReportRenderer["render"]>[0],
  format: ScreenshotFormat,
  picture: Pick<RenderOptions, "scale" | "clipHeight"> = {},
): Promise<RenderedFile> {
  const timeoutMs = RENDER_MAX_SEC * 1000;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The drawing took longer than ${RENDER_MAX_SEC} s.`)),
      timeoutMs + RENDER_GRACE_MS,
    );
  });
  const [file] = await Promise.race([
    renderer.render(job, format === "png" ? "PNG" : "PDF", { timeoutMs, ...picture }),
    deadline,
  ]).finally(() => clearTimeout(timer));
  if (!file) throw new Error("The renderer made no file.");
  return file;
}
