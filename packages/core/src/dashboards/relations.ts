import type { DashboardCopy, DashboardPost } from "@strata/contracts";
import type { Charts } from "../charts/service.ts";
import { unprocessable } from "../errors.ts";
import { type Principal, requirePermission } from "../security/principal.ts";
import type { Dashboards } from "./service.ts";
import { chartIdsOfLayout } from "./metadata.ts";
import { remapLayoutCharts } from "./layout-charts.ts";
import type { DashboardEntity } from "./types.ts";

/**
 * The verbs that change which charts a dashboard shows: saving its layout and copying it.
 *
 * Membership is the union of two sides: a chart's own `dashboards` (written from the chart side,
 * needing edit rights on the chart and the dashboard) and the dashboard's layout. A layout may
 * place any chart its editor can read, as Superset's dashboard editor does (its chart picker
 * lists every chart you can see, not only yours), but placing it never writes to that chart:
 * the relation is held in the dashboard's own versioned item. So a save that answers 409 has
 * changed nothing and one that answers 200 is in step by construction.
 */
export class DashboardRelations {
  constructor(
    private readonly dashboards: Dashboards,
    private readonly charts: Charts,
  ) {}

  /** `POST /dashboard/`: a layout given at creation is checked like one given on save. */
  async create(p: Principal, input: DashboardPost): Promise<DashboardEntity> {
    const placed = input.position_json ? chartIdsOfLayout(input.position_json) : undefined;
    if (placed) {
      requirePermission(p, "can_write", "Dashboard");
      await this.checkPlaceable(p, new Set(), placed);
    }
    return this.dashboards.create(p, input);
  }

  /** `PUT /dashboard/{id}`. */
  async save(
    p: Principal,
    id: number,
    input: DashboardPost,
    lastModified?: number,
  ): Promise<DashboardEntity> {
    const current = await this.dashboards.getForWrite(p, id);
    const placed = input.position_json !== undefined ? chartIdsOfLayout(input.position_json) : undefined;
    if (placed) await this.checkPlaceable(p, await this.onDashboard(current), placed);
    const saved = await this.dashboards.update(p, id, input, lastModified);
    if (placed) {
      // After the commit point, never before: charts the layout no longer places leave it.
      await this.charts.detachMissing(id, async () =>
        chartIdsOfLayout((await this.dashboards.find(id))?.position_json),
      );
    }
    return saved;
  }

  /**
   * A layout may newly name only charts the caller can read: naming an id is not a way to learn
   * about, or publish through embedding, a chart one cannot see. Charts already on the
   * dashboard (even ones since deleted or hidden from this caller) may stay.
   */
  private async checkPlaceable(p: Principal, already: Set<number>, placed: Set<number>) {
    const refused: number[] = [];
    for (const chartId of placed) {
      if (already.has(chartId)) continue;
      const ok = await this.charts.get(p, chartId).then(
        () => true,
        () => false,
      );
      if (!ok) refused.push(chartId);
    }
    if (refused.length)
      throw unprocessable({
        position_json: [`Charts do not exist or you can't access them: ${refused.join(", ")}`],
      });
  }

  /** Charts on a dashboard now, whoever may see them, and ids its layout names (even deleted ones). */
  private async onDashboard(d: DashboardEntity): Promise<Set<number>> {
    const ids = new Set(chartIdsOfLayout(d.position_json) ?? []);
    for (const c of await this.charts.allOnDashboard(d)) ids.add(c.id);
    return ids;
  }

  /**
   * `POST /dashboard/{id}/copy/`: a new dashboard owned by the caller showing the source's charts
   * that the caller can see, the same charts or (`duplicate_slices`) copies the caller owns.
   * Charts the caller can't see are left out of the copy's layout.
   */
  async copy(p: Principal, id: number, body: DashboardCopy): Promise<DashboardEntity> {
    requirePermission(p, "can_write", "Dashboard");
    const source = await this.dashboards.get(p, id);
    const visible = await this.charts.onDashboard(p, source);
    const visibleIds = new Set(visible.map((c) => c.id));
    const copies = body.duplicate_slices ? await this.charts.duplicate(p, visible) : undefined;
    const layout = remapLayoutCharts(source.position_json, (chartId) =>
      visibleIds.has(chartId) ? (copies?.get(chartId) ?? chartId) : null,
    );
    const copy = await this.dashboards.copy(p, id, body, layout);
    // Charts attached to the source only from their side are not in its layout: attach them
    // from the chart side, which `attach` does only for charts the caller may edit.
    const inLayout = chartIdsOfLayout(layout) ?? new Set<number>();
    const rest = visible.map((c) => copies?.get(c.id) ?? c.id).filter((c) => !inLayout.has(c));
    await this.charts.attach(p, rest, copy.id);
    return copy;
  }
}
