import { describe, expect, it } from "vitest";
import type { RenderSources } from "../reports/render-jobs.ts";
import type { ReportRenderer } from "../reports/render-port.ts";
import type { Principal } from "../security/principal.ts";
import { MemoryJobQueue } from "../store/memory-job-queue.ts";
import { MemoryMetaStore } from "../store/memory-meta-store.ts";
import { MemoryResultStore } from "../store/memory-result-store.ts";
import { asResultStore } from "../testing/memory-core.ts";
import { thumbnailDigest } from "./digest.ts";
import { THUMBNAIL_QUOTA, Thumbnails } from "./thumbnails.ts";

/**
 * When a picture is drawn again, over a moving clock: the chart, its data and the browser are
 * stand-ins (the drawing itself is tested through the server in test/api/thumbnails.test.ts).
 */
const CHANGED = "2030-01-01T00:00:00.000Z";
const viewer = { user: { id: 7 }, roles: [], isAdmin: false, perms: new Set() } as unknown as Principal;
const chart = {
  id: 3,
  slice_name: "Births",
  viz_type: "big_number_total",
  params: "{}",
  query_context: JSON.stringify({ datasource: { id: 1, type: "table" }, queries: [{ metrics: ["count"] }] }),
  changed_on: CHANGED,
};

function setUp() {
  let now = Date.parse("2030-02-01T00:00:00Z");
  const clock = () => new Date(now);
  const jobs = new MemoryJobQueue({ now: () => now });
  const drawings: number[] = [];
  let failing = false;
  const renderer: ReportRenderer = {
    async render() {
      if (failing) throw new Error("the browser fell over");
      drawings.push(now);
      return [
        { bytes: Buffer.from(`picture ${drawings.length}`), contentType: "image/png", fileName: "x.png" },
      ];
    },
    async close() {},
  };
  const sources = {
    charts: { get: async (_p: Principal, id: number) => ({ chart: { ...chart, id }, dataset: undefined }) },
    dashboards: { get: async () => ({ id: 1, changed_on: CHANGED }) },
    chartData: {
      request: async () => ({ kind: "json", body: new Blob(['{"result":[]}']).stream() }),
    },
  } as unknown as RenderSources;
  const results = new MemoryResultStore(clock);
  const thumbnails = new Thumbnails({
    ...sources,
    meta: new MemoryMetaStore(clock),
    results: asResultStore(results),
    jobs,
    renderer,
    canDraw: true,
    principalOf: async () => viewer,
    now: clock,
  });
  const digest = thumbnailDigest(7, chart);
  const ask = (force = false, id = chart.id) =>
    thumbnails.get(viewer, "chart", id, digest, force ? { force } : {});
  /** The worker: draws whatever is queued. */
  const work = async () => {
    for (const record of await jobs.receive(0)) {
      await thumbnails.runJob(JSON.parse(record.body));
      await jobs.ack(record);
    }
  };
  const text = (answer: Awaited<ReturnType<typeof ask>>) =>
    answer.kind === "image" ? Buffer.from(answer.bytes).toString() : answer.kind;
  return {
    ask,
    work,
    text,
    drawings,
    /** Drops every stored picture, as a sweep of old results would. */
    dropPictures: async () => {
      for (const o of await results.list("results/thumbnail/"))
        if (o.key.endsWith(".png")) await results.delete(o.key);
    },
    advance: (ms: number) => {
      now += ms;
    },
    fail: (on: boolean) => {
      failing = on;
    },
  };
}

describe("thumbnails over time", () => {
  it("shows a day-old picture while it is drawn again, then the new one", async () => {
    const t = setUp();
    expect((await t.ask()).kind).toBe("pending");
    await t.work();
    expect(t.text(await t.ask())).toBe("picture 1");
    t.advance(23 * 3600_000);
    expect(t.text(await t.ask())).toBe("picture 1");
    await t.work();
    expect(t.drawings).toHaveLength(1);
    t.advance(2 * 3600_000);
    expect(t.text(await t.ask())).toBe("picture 1");
    await t.work();
    expect(t.drawings).toHaveLength(2);
    expect(t.text(await t.ask())).toBe("picture 2");
  });

  it("draws a picture again when its file is gone", async () => {
    const t = setUp();
    await t.ask();
    await t.work();
    await t.dropPictures();
    expect(await t.ask()).toMatchObject({ kind: "pending" });
    await t.work();
    expect(t.text(await t.ask())).toBe("picture 2");
  });

  it("tries a failed drawing again after ten minutes, not on every request", async () => {
    const t = setUp();
    t.fail(true);
    await t.ask();
    await t.work();
    const failed = await t.ask();
    expect(failed).toMatchObject({ kind: "pending", reply: { task_status: "Error" } });
    expect(failed.kind === "pending" && failed.reply.message).toMatch(/fell over/);
    t.fail(false);
    t.advance(5 * 60_000);
    await t.ask();
    await t.work();
    expect(t.drawings).toHaveLength(0);
    t.advance(6 * 60_000);
    expect((await t.ask()).kind).toBe("pending");
    await t.work();
    expect(t.text(await t.ask())).toBe("picture 1");
  });

  it("starts again a drawing whose worker died, after three minutes", async () => {
    const t = setUp();
    await t.ask();
    // The queued job is lost (a restart of the local server's in-memory queue): nothing draws.
    t.advance(60_000);
    expect(await t.ask()).toMatchObject({ kind: "pending", reply: { task_status: "Pending" } });
    t.advance(3 * 60_000);
    await t.ask();
    await t.work();
    expect(t.drawings).toHaveLength(1);
    expect(t.text(await t.ask())).toBe("picture 1");
  });

  it("keeps showing a day-old picture to a user over the quota, and refuses them a forced drawing", async () => {
    const t = setUp();
    await t.ask();
    await t.work();
    t.advance(25 * 3600_000);
    // Other charts' pictures spend the quota within ten minutes.
    for (let id = 100; id < 100 + THUMBNAIL_QUOTA.drawings; id++) await t.ask(false, id);
    await expect(t.ask(false, 999)).rejects.toMatchObject({ status: 429 });
    expect(t.text(await t.ask())).toBe("picture 1");
    await expect(t.ask(true)).rejects.toMatchObject({ status: 429 });
  });
});
