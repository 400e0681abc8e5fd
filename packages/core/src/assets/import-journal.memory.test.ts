import { describe, expect, it } from "vitest";
import { CHART, type ChartData } from "../charts/types.ts";
import { DASHBOARD, type DashboardData } from "../dashboards/types.ts";
import { dashboardSlugs } from "../dashboards/unique-slug.ts";
import { asMetaStore, startMemoryCore } from "../testing/memory-core.ts";
import { ImportJournal, rollBackUnfinished, STALE_JOURNAL_MS } from "./import-journal.ts";

const chart = (name: string): ChartData =>
  ({ slice_name: name, viz_type: "table", params: "{}", owners: [], dashboards: [] }) as unknown as ChartData;

/** An import's journal left open by a process that stopped writing, over in-memory stores. */
describe("unfinished import journals", () => {
  it("are left alone while their import is alive, then rolled back once (never twice) when stale", async () => {
    let clock = Date.parse("2026-01-01T00:00:00Z");
    const mc = await startMemoryCore({ now: () => new Date(clock) });
    const meta = asMetaStore(mc.meta);
    const now = () => new Date(clock);
    const sweep = () => rollBackUnfinished(meta, now, () => {});

    const kept = await meta.create<ChartData>(CHART, chart("Kept"), null);
    const slugs = dashboardSlugs(meta);
    const board = await slugs.create("before", (id) =>
      meta.create<DashboardData>(
        DASHBOARD,
        { dashboard_title: "B", slug: "before" } as DashboardData,
        null,
        id,
      ),
    );

    // What an import does up to the moment its process dies: each undo step stored, then its write.
    const journal = await ImportJournal.open(meta, now, () => {});
    const id = await meta.nextId(CHART);
    await journal.record({ kind: "created", type: CHART, id });
    await meta.create<ChartData>(CHART, chart("Half imported"), null, id);
    await journal.record({
      kind: "updated",
      type: DASHBOARD,
      before: board as never,
      claim: { rule: "dashboard-slug", value: "after" },
    });
    await slugs.rename(board, "after", () =>
      meta.update<DashboardData>(DASHBOARD, board, { dashboard_title: "A", slug: "after" }, null),
    );
    // A claim taken for an update that never got written (the crash fell between the two).
    await journal.record({
      kind: "updated",
      type: CHART,
      before: kept as never,
    });

    // Still beating: another process's sweep leaves it.
    expect(await sweep()).toBe(0);
    expect(await meta.get(CHART, id)).toBeDefined();

    clock += STALE_JOURNAL_MS + 1_000;
    // Two sweeps at once (two processes): one rolls back, the other finds the lease taken.
    const swept = await Promise.all([sweep(), sweep()]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await meta.get(CHART, id)).toBeUndefined();
    const restored = await meta.get<DashboardData>(DASHBOARD, board.id);
    expect(restored).toMatchObject({ dashboard_title: "B", slug: "before" });
    expect(await slugs.owner("before")).toBe(board.id);
    expect(await slugs.owner("after")).toBeUndefined();
    expect((await meta.get<ChartData>(CHART, kept.id))?.slice_name).toBe("Kept");
    expect(await meta.members("import-journals")).toEqual([]);
    expect(await sweep()).toBe(0);
  });

  it("clears a committed journal without undoing anything", async () => {
    const mc = await startMemoryCore();
    const meta = asMetaStore(mc.meta);
    const journal = await ImportJournal.open(
      meta,
      () => new Date(),
      () => {},
    );
    const id = await meta.nextId(CHART);
    await journal.record({ kind: "created", type: CHART, id });
    await meta.create<ChartData>(CHART, chart("Imported"), null, id);
    await journal.commit();
    expect(await meta.members("import-journals")).toEqual([]);
    expect(await mc.core.assets.rollBackUnfinished({ all: true })).toBe(0);
    expect(await meta.get(CHART, id)).toBeDefined();
  });
});
