import type { DashboardCopy, DashboardPost } from "@strata/contracts";
import type { Charts } from "../charts/service.ts";
import { unprocessable } from "../errors.ts";
import { type Principal, requirePermission } from "../security/principal.ts";
import type { Dashboards } from "./service.ts";
import {
  type applyFilterChanges,
  chartIdsOfLayout,
  type FilterTarget,
  filterTargets,
  type Metadata,
  type NativeFilter,
  parseMetadata,
} from "./metadata.ts";
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
 *
 * Native filters name datasets the same way (each target a dataset and a column), and an embedded
 * guest may read what a filter on its dashboard names (the values of its column). So a filter,
 * like a layout, may newly aim only at datasets its editor can read.
 */
export class DashboardRelations {
  constructor(
    private readonly dashboards: Dashboards,
    private readonly charts: Charts,
    /** May the principal read this dataset's data (it exists and they have access to it)? */
    private readonly canReadDataset: (p: Principal, datasetId: number) => Promise<boolean>,
  ) {}

  /** `POST /dashboard/`: a layout or filters given at creation are checked like ones given on save. */
  async create(p: Principal, input: DashboardPost): Promise<DashboardEntity> {
    const placed = input.position_json ? chartIdsOfLayout(input.position_json) : undefined;
    const metadata = input.json_metadata ? parseMetadata(input.json_metadata) : undefined;
    if (placed || metadata) requirePermission(p, "can_write", "Dashboard");
    if (placed) await this.checkPlaceable(p, new Set(), placed);
    if (metadata) await this.checkFilterTargets(p, {}, metadata, "json_metadata");
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
    const metadata = input.json_metadata !== undefined ? input.json_metadata || "{}" : undefined;
    const saved = await this.dashboards.update(p, id, input, lastModified, async (stored) => {
      if (metadata === undefined) return;
      await this.checkFilterTargets(
        p,
        parseMetadata(stored.json_metadata),
        parseMetadata(metadata),
        "json_metadata",
      );
    });
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

  /** `PUT /dashboard/{id}/filters`: the changed filters are checked like filters in a saved json_metadata. */
  setFilters(
    p: Principal,
    id: number,
    changes: Parameters<typeof applyFilterChanges>[1],
  ): Promise<NativeFilter[]> {
    return this.dashboards.setFilters(p, id, changes, (stored, next) =>
      this.checkFilterTargets(p, stored, next, "modified"),
    );
  }

  /**
   * A save may newly aim a native filter only at datasets the saver can read: an embedded guest
   * of the dashboard may read the values of every column a filter names, so a target would
   * otherwise hand guests data its editor never had. Targets already stored (the same dataset
   * and column on any filter) stay, whoever saves: an editor who can't read one filter's dataset
   * can still save the dashboard's other changes.
   */
  private async checkFilterTargets(p: Principal, stored: Metadata, next: Metadata, field: string) {
    const key = (t: FilterTarget) => `${t.datasetId}\u0000${t.column ?? ""}`;
    const kept = new Set(filterTargets(stored.native_filter_configuration).map(key));
    const readable = new Map<number, boolean>();
    const refused = new Map<string, { name: string; datasets: Set<number> }>();
    for (const t of filterTargets(next.native_filter_configuration)) {
      if (kept.has(key(t))) continue;
      let ok = readable.get(t.datasetId);
      if (ok === undefined) {
        ok = await this.canReadDataset(p, t.datasetId);
        readable.set(t.datasetId, ok);
      }
      if (ok) continue;
      const entry = refused.get(t.filterId) ?? { name: t.filterName, datasets: new Set<number>() };
      entry.datasets.add(t.datasetId);
      refused.set(t.filterId, entry);
    }
    if (refused.size === 0) return;
    throw unprocessable({
      [field]: [...refused].map(([filterId, { name, datasets }]) => {
        const [them, they] = datasets.size > 1 ? ["them", "they do"] : ["it", "it does"];
        return (
          `Native filter "${name}" (${filterId}) targets dataset ${[...datasets].join(", ")}: ${they} not ` +
          `exist or you can't access ${them}. Ask for access, or aim the filter at a dataset you can read.`
        );
      }),
    });
  }

  /**
   * The metadata a copy gets: without the native filters aimed at a dataset the caller can't
   * read, as the copy's layout goes without the charts they can't see. Anything else (including
   * text that isn't a JSON object, which the save refuses) is passed on as given.
   */
  private async readableFilters(
    p: Principal,
    text: string | null | undefined,
  ): Promise<string | null | undefined> {
    const metadata = parseMetadata(text);
    const filters = metadata.native_filter_configuration;
    if (!Array.isArray(filters) || filters.length === 0) return text;
    const readable = new Map<number, boolean>();
    const unreadable = new Set<string>();
    for (const t of filterTargets(filters)) {
      let ok = readable.get(t.datasetId);
      if (ok === undefined) {
        ok = await this.canReadDataset(p, t.datasetId);
        readable.set(t.datasetId, ok);
      }
      if (!ok) unreadable.add(t.filterId);
    }
    if (unreadable.size === 0) return text;
    return JSON.stringify({
      ...metadata,
      native_filter_configuration: filters.filter((f) => !unreadable.has(String(f?.id))),
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
   * Charts the caller can't see are left out of the copy's layout, and native filters aimed at
   * datasets they can't read out of its metadata.
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
    const metadata = await this.readableFilters(p, body.json_metadata ?? source.json_metadata);
    const copy = await this.dashboards.copy(p, id, { ...body, json_metadata: metadata ?? undefined }, layout);
    // Charts attached to the source only from their side are not in its layout: attach them
    // from the chart side, which `attach` does only for charts the caller may edit.
    const inLayout = chartIdsOfLayout(layout) ?? new Set<number>();
    const rest = visible.map((c) => copies?.get(c.id) ?? c.id).filter((c) => !inLayout.has(c));
    await this.charts.attach(p, rest, copy.id);
    return copy;
  }
}
