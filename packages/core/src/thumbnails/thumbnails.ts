import type { ThumbnailPendingReply, ThumbnailQuery } from "@strata/contracts";
import { jobOwnerOf } from "../async/owner.ts";
import { AppError, notFound } from "../errors.ts";
import type { RenderSources } from "../reports/render-jobs.ts";
import type { RenderJob, ReportRenderer } from "../reports/render-port.ts";
import {
  admitDrawing,
  type DrawingQuota,
  drawWithin,
  NO_SCREENSHOT_RENDERER,
  type ScreenshotTaskState,
  ScreenshotTasks,
} from "../reports/screenshot-tasks.ts";
import type { Principal } from "../security/principal.ts";
import type { Job, JobQueue } from "../store/job-queue.ts";
import type { ResultStore } from "../store/result-store.ts";
import type { MetaStorePort } from "../store/store-ports.ts";
import { type ThumbnailKind, thumbnailDigest, thumbnailPath } from "./digest.ts";

export const THUMBNAIL_JOB = "thumbnail";

/**
 * The page each kind is drawn in and the picture's scale: both end 600×450, a card's cover at
 * twice a card's width. A dashboard shows its top screenful.
 */
const DRAWING: Record<ThumbnailKind, { width: number; height: number; scale: number }> = {
  chart: { width: 800, height: 600, scale: 0.75 },
  dashboard: { width: 1600, height: 1200, scale: 0.375 },
};
/** A picture this old is drawn again (its data may have changed); the old one shows meanwhile. */
const FRESH_MS = 24 * 3600_000;
/** A failed drawing is tried again after this long, not on every card view. */
const RETRY_AFTER_ERROR_MS = 10 * 60_000;
/**
 * A task still Pending or Computing after this long died with its worker (or the local server's
 * in-memory queue, with a restart): it starts again. A picture draws in seconds; the cost of
 * guessing wrong is one picture drawn twice.
 */
const STUCK_MS = 3 * 60_000;
/**
 * Pictures one user may have drawn in a window. Each list row's picture is drawn once per
 * version and viewer, so a browsing user stays far below it; it stops someone who edits or
 * forces redraws in a loop from holding the worker's browser.
 */
export const THUMBNAIL_QUOTA: DrawingQuota = {
  name: "thumbnail-quota",
  drawings: 200,
  windowSeconds: 600,
  what: "thumbnails",
};
const IMAGE = "thumbnail.png";

interface ThumbnailTask extends ScreenshotTaskState {
  kind: ThumbnailKind;
  objectId: number;
  /** When the stored picture was drawn: set once there is one, kept while it is drawn again. */
  drawnAt?: string;
}

export interface ThumbnailDeps extends RenderSources {
  meta: Pick<MetaStorePort, "countBelow" | "putValue" | "deleteValue">;
  results: ResultStore;
  /** The queue the pictures are drawn from: one of their own, so a page of cards never delays a report or a query. */
  jobs: Pick<JobQueue, "send">;
  renderer?: ReportRenderer;
  /** Whether the worker can draw (it has a browser), where this process has no renderer itself. */
  canDraw: boolean;
  principalOf: (userId: number | null) => Promise<Principal>;
  now?: () => Date;
}

export type ThumbnailAnswer =
  | { kind: "image"; bytes: Uint8Array }
  | { kind: "redirect"; location: string }
  | { kind: "pending"; reply: ThumbnailPendingReply };

/**
 * Card pictures of charts and dashboards (Superset's thumbnails), drawn in the background as the
 * viewer by the reports' renderer and kept in the result store under a digest of the viewer and
 * the object's version. A viewer only ever reaches their own picture: another digest in the
 * address redirects to theirs.
 */
export class Thumbnails {
  private readonly tasks: ScreenshotTasks<ThumbnailTask>;

  constructor(private readonly deps: ThumbnailDeps) {
    this.tasks = new ScreenshotTasks(deps.results, "thumbnail", () => this.now());
  }

  /** `GET /api/v1/{kind}/{id}/thumbnail/{digest}/`. */
  async get(
    p: Principal,
    kind: ThumbnailKind,
    id: number,
    digest: string,
    query: ThumbnailQuery,
  ): Promise<ThumbnailAnswer> {
    const object = await this.versionOf(p, kind, id);
    const owner = jobOwnerOf(p);
    if (!owner || !p.user || p.guest)
      throw new AppError(403, { message: "Thumbnails are drawn for signed-in users only." });
    if (!this.deps.canDraw) throw notFound(NO_SCREENSHOT_RENDERER);
    const current = thumbnailDigest(p.user.id, object);
    if (digest !== current) return { kind: "redirect", location: thumbnailPath(kind, object.id, current) };
    // The store's key names the object too: the digest alone is only the viewer and a time.
    const key = `${kind}-${object.id}-${current}`;

    const known = await this.tasks.get(key);
    const now = this.now().getTime();
    const age = known ? now - Date.parse(known.updatedAt) : Number.POSITIVE_INFINITY;
    const drawing = known && (known.status === "Pending" || known.status === "Computing");
    // Read before deciding: a picture whose file is gone (swept with the results) is drawn again.
    const stored = known?.drawnAt ? await this.deps.results.get(this.tasks.filePath(key, IMAGE)) : undefined;
    const due =
      !known ||
      (drawing && age >= STUCK_MS) ||
      (!drawing && query.force) ||
      (known.status === "Error" && age >= RETRY_AFTER_ERROR_MS) ||
      (known.status === "Updated" && (age >= FRESH_MS || !stored));
    let task = known;
    if (due) {
      const fresh: ThumbnailTask = {
        owner,
        userId: p.user.id,
        kind,
        objectId: object.id,
        status: "Pending",
        updatedAt: this.now().toISOString(),
        ...(known?.drawnAt ? { drawnAt: known.drawnAt } : {}),
      };
      try {
        task = await this.tasks.startOnce(this.deps.meta, key, known, fresh, {
          admit: () => admitDrawing(this.deps.meta, owner, THUMBNAIL_QUOTA),
          send: () => this.deps.jobs.send({ id: `thumbnail-${key}`, kind: THUMBNAIL_JOB, payload: { key } }),
        });
      } catch (e) {
        // Over the quota with an older picture at hand: that picture answers, drawn again later.
        if (!(e instanceof AppError && e.status === 429 && known?.drawnAt && !query.force)) throw e;
      }
    }
    if (stored && !query.force) return { kind: "image", bytes: stored };
    return {
      kind: "pending",
      reply: {
        task_status: task?.status ?? "Pending",
        task_updated_at: task?.updatedAt ?? null,
        ...(task?.status === "Error" && task.error ? { message: task.error } : {}),
      },
    };
  }

  /** The worker's handler: draws the picture as the viewer it is for, and stores it. */
  runJob(job: Job): Promise<void> {
    return this.tasks.run(job, this.deps, async (task, p, renderer, key) => {
      const size = DRAWING[task.kind];
      const renderJob = await this.renderJobOf(p, task.kind, task.objectId, size);
      const file = await drawWithin(renderer, renderJob, "png", {
        scale: size.scale,
        ...(task.kind === "dashboard" ? { clipHeight: size.height } : {}),
      });
      await this.deps.results.put(this.tasks.filePath(key, IMAGE), file.bytes, file.contentType);
      return { drawnAt: this.now().toISOString() };
    });
  }

  /** The object and when what it shows last changed (a dashboard's charts count: content-version.ts). */
  private async versionOf(p: Principal, kind: ThumbnailKind, id: number) {
    if (kind === "chart") return (await this.deps.charts.get(p, id)).chart;
    const dashboard = await this.deps.dashboards.get(p, id);
    return { id: dashboard.id, changed_on: await this.deps.dashboards.shownChangedOn(dashboard) };
  }

  private async renderJobOf(
    p: Principal,
    kind: ThumbnailKind,
    id: number,
    size: { width: number; height: number },
  ): Promise<RenderJob> {
    // Loaded in the worker only: building a render job pulls in the charts' query builders.
    const { chartAloneRenderJob, dashboardStateRenderJob } = await import("../reports/render-jobs.ts");
    if (kind === "chart") {
      const { chart } = await this.deps.charts.get(p, id);
      return chartAloneRenderJob(this.deps, p, chart, size);
    }
    const dashboard = await this.deps.dashboards.get(p, id);
    return dashboardStateRenderJob(this.deps, p, dashboard, null, size.width, undefined, size.height);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
