import { randomUUID } from "node:crypto";
import { type ChartPost, type ChartPut, ErrorType } from "@strata/contracts";
import { DASHBOARD } from "../dashboards/types.ts";
import type { Databases } from "../databases/service.ts";
import type { Datasets } from "../datasets/service.ts";
import type { DatasetEntity } from "../datasets/types.ts";
import { forbidden, notFound, typedError, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { canAccessDataset } from "../security/data-access.ts";
import { can, isOwner, type Principal, requirePermission, userId } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import { ownerRef } from "../security/users.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { detachObjectTags } from "../tags/tag-links.ts";
import { thumbnailUrlFor } from "../thumbnails/digest.ts";
import { chartsOnDashboard, type OnDashboard } from "./on-dashboard.ts";
import { CHART, type ChartData, type ChartEntity } from "./types.ts";

export interface DashboardRef {
  id: number;
  dashboard_title: string;
}

/** Charts (slices): saved explorations of a dataset. */
export class Charts {
  constructor(
    private readonly meta: MetaStore,
    private readonly datasets: Datasets,
    private readonly databases: Databases,
    private readonly usersById: (ids: number[]) => Promise<Map<number, UserEntity>>,
    /** Dashboards by id, for names in lists (the dashboards feature provides it). */
    private readonly dashboardsById: (ids: number[]) => Promise<Map<number, DashboardRef>>,
    /** Chart id → dashboards whose layout places it (the dashboard side of the relation). */
    private readonly layoutPlacements: () => Promise<Map<number, number[]>>,
    /** The same for one chart, read through an index (not every dashboard's layout). */
    private readonly dashboardsPlacing: (chartId: number) => Promise<number[]>,
    /** May the principal edit this dashboard (owner or Admin, and can_write on Dashboard)? */
    private readonly canEditDashboard: (p: Principal, dashboardId: number) => Promise<boolean>,
  ) {
    // A dashboard's page reads its own charts by id through this index, not every chart.
    meta.indexListField<ChartData>(CHART, DASHBOARD, (c) => c.dashboards ?? []);
  }

  /**
   * Every chart with its dashboards as readers see them: the chart's own `dashboards` (attached
   * from the chart's side, by someone who may edit both) plus the dashboards whose layout places
   * it. Not for writing back: the stored `dashboards` is the chart side only.
   */
  async all(): Promise<ChartEntity[]> {
    const [charts, placed] = await Promise.all([this.meta.list<ChartData>(CHART), this.layoutPlacements()]);
    return charts.map((c) => withPlacements(c, placed));
  }

  /** `all`, over the cache's one frozen copy of the charts: for the chart list, which copies nothing back. */
  private async allShared(): Promise<Readonly<ChartEntity>[]> {
    const [charts, placed] = await Promise.all([
      this.meta.listShared<ChartData>(CHART),
      this.layoutPlacements(),
    ]);
    return charts.map((c) => withPlacements(c, placed));
  }

  /** The stored chart, without an access check (settings such as cache_timeout only). */
  find(id: number): Promise<ChartEntity | undefined> {
    return this.meta.get<ChartData>(CHART, id);
  }

  /** The charts of these ids that exist, read together (no access check: callers check each). */
  findMany(ids: number[]): Promise<ChartEntity[]> {
    return this.meta.getMany<ChartData>(CHART, ids);
  }

  /**
   * Superset's chart filter: charts on datasources the caller can access, or that they own. Given
   * the charts to check, it reads their datasets only: every dataset (columns and metrics
   * included) made a chart's or a dashboard's page cost some 680 ms with 800 datasets stored.
   */
  private async visibility(p: Principal, of?: ChartEntity[]) {
    const [datasets, dbs] = await Promise.all([
      // Every dataset for the chart list: the shared copy, as nothing here changes one.
      of ? this.datasets.findMany(of.map((c) => c.datasource_id)) : this.datasets.allShared(),
      this.databases.all(),
    ]);
    const dbById = new Map(dbs.map((d) => [d.id, d]));
    const dsById = new Map(datasets.map((d) => [d.id, d]));
    const canSee = (chart: ChartEntity) => {
      if (p.guest) return p.guest.charts.has(chart.id);
      if (isOwner(p, chart.owners)) return true;
      const ds = dsById.get(chart.datasource_id);
      return ds !== undefined && canAccessDataset(p, ds, dbById.get(ds.database_id));
    };
    return { canSee, dsById };
  }

  /**
   * The charts on these datasets that the caller can see, each with every dashboard it is on
   * (its own side and layouts): what deleting the datasets would break. None without chart
   * read rights.
   */
  async visibleOnDatasets(p: Principal, datasetIds: ReadonlySet<number>): Promise<Readonly<ChartEntity>[]> {
    if (!can(p, "can_read", "Chart") || datasetIds.size === 0) return [];
    const on = (await this.allShared()).filter((c) => datasetIds.has(c.datasource_id));
    const { canSee } = await this.visibility(p, on);
    return on.filter(canSee);
  }

  async get(p: Principal, id: number): Promise<{ chart: ChartEntity; dataset: DatasetEntity | undefined }> {
    requirePermission(p, "can_read", "Chart");
    const chart = await this.meta.get<ChartData>(CHART, id);
    if (!chart) throw notFound("Chart not found");
    const { canSee, dsById } = await this.visibility(p, [chart]);
    if (!canSee(chart)) throw notFound("Chart not found");
    return { chart, dataset: dsById.get(chart.datasource_id) };
  }

  async getForWrite(p: Principal, id: number): Promise<ChartEntity> {
    requirePermission(p, "can_write", "Chart");
    const { chart } = await this.get(p, id);
    if (!isOwner(p, chart.owners)) {
      const owners = await this.usersById(chart.owners);
      const names = chart.owners
        .map((o) => owners.get(o))
        .filter(Boolean)
        .map((u) => `${u!.first_name} ${u!.last_name}`);
      throw typedError(
        403,
        ErrorType.MISSING_OWNERSHIP_ERROR,
        "You don't have the rights to alter this chart.",
        { owners: names },
      );
    }
    return chart;
  }

  async canEdit(p: Principal, id: number): Promise<boolean> {
    return this.getForWrite(p, id).then(
      () => true,
      () => false,
    );
  }

  async rows(p: Principal) {
    requirePermission(p, "can_read", "Chart");
    const [charts, { canSee, dsById }] = await Promise.all([this.allShared(), this.visibility(p)]);
    const visible = charts.filter(canSee);
    const [users, dashboards] = await Promise.all([
      this.usersOf(visible),
      this.dashboardsById(visible.flatMap((c) => c.dashboards)),
    ]);
    return visible.map((c) => this.row(c, dsById.get(c.datasource_id), users, dashboards, p));
  }

  /**
   * The rows of the charts on one dashboard (its own side or its layout's) the caller can see:
   * a dashboard page's charts and datasets, built for its charts only. Without the dashboards
   * each chart is on (as Superset's rows here): that would read every dashboard's layout.
   */
  async rowsOnDashboard(p: Principal, d: OnDashboard) {
    requirePermission(p, "can_read", "Chart");
    const charts = await this.allOnDashboard(d);
    const { canSee, dsById } = await this.visibility(p, charts);
    const visible = charts.filter(canSee);
    const users = await this.usersOf(visible);
    return visible.map((c) => {
      const { dashboards: _, ...row } = this.row(c, dsById.get(c.datasource_id), users, new Map(), p);
      return row;
    });
  }

  private usersOf(charts: ChartEntity[]) {
    return this.usersById(charts.flatMap((c) => [...c.owners, c.created_by_fk ?? 0, c.changed_by_fk ?? 0]));
  }

  row(
    c: ChartEntity,
    ds: DatasetEntity | undefined,
    users: Map<number, UserEntity>,
    dashboards: Map<number, DashboardRef>,
    viewer: Principal,
  ) {
    const changedBy = users.get(c.changed_by_fk ?? 0);
    return {
      id: c.id,
      slice_name: c.slice_name,
      description: c.description,
      viz_type: c.viz_type,
      params: c.params,
      query_context: c.query_context,
      datasource_id: c.datasource_id,
      datasource_type: c.datasource_type,
      datasource_name_text: ds ? `${ds.schema ? `${ds.schema}.` : ""}${ds.table_name}` : null,
      datasource_url: ds ? `/explore/?datasource_type=table&datasource_id=${ds.id}` : null,
      url: `/explore/?slice_id=${c.id}`,
      cache_timeout: c.cache_timeout,
      owners: c.owners.map((o) => ownerRef(users.get(o))).filter(Boolean),
      created_by: ownerRef(users.get(c.created_by_fk ?? 0)),
      changed_by: ownerRef(changedBy),
      changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}` : "",
      changed_on: c.changed_on,
      changed_on_utc: c.changed_on,
      changed_on_delta_humanized: humanizeSince(c.changed_on),
      dashboards: c.dashboards.map((d) => dashboards.get(d)).filter(Boolean),
      certified_by: c.certified_by,
      certification_details: c.certification_details,
      is_managed_externally: c.is_managed_externally,
      thumbnail_url: thumbnailUrlFor(viewer, "chart", c),
    };
  }

  async detail(p: Principal, id: number) {
    const { chart: stored, dataset } = await this.get(p, id);
    const chart = withPlacements(stored, new Map([[id, await this.dashboardsPlacing(id)]]));
    const [users, dashboards] = await Promise.all([
      this.usersById([...chart.owners, chart.created_by_fk ?? 0, chart.changed_by_fk ?? 0]),
      this.dashboardsById(chart.dashboards),
    ]);
    return {
      ...this.row(chart, dataset, users, dashboards, p),
      external_url: chart.external_url,
      uuid: chart.uuid,
      version: chart.version,
    };
  }

  private async checkDatasource(p: Principal, id: number, type: string) {
    if (type !== "table")
      throw unprocessable({ datasource_type: ["Charts are saved on datasets (datasource_type table)"] });
    await this.datasets.get(p, id).catch(() => {
      throw unprocessable({ datasource_id: ["Dataset does not exist or you can't access it"] });
    });
  }

  /**
   * Attaching a chart to a dashboard (or detaching it) changes what that dashboard shows, so the
   * caller needs edit rights on every dashboard whose membership changes, not just on the chart.
   */
  private async checkDashboardRights(p: Principal, changed: number[]) {
    const refused: number[] = [];
    for (const id of new Set(changed)) if (!(await this.canEditDashboard(p, id))) refused.push(id);
    if (!refused.length) return;
    const names = await this.dashboardsById(refused);
    const list = refused.map((id) => `"${names.get(id)?.dashboard_title ?? id}" (id ${id})`).join(", ");
    // Superset's DashboardsForbiddenError wording, naming the dashboards so the user knows which.
    throw forbidden(`Changing one or more of these dashboards is forbidden: ${list}`);
  }

  private async checkRefs(owners: number[] | undefined, dashboards: number[] | undefined) {
    if (owners?.length) {
      const found = await this.usersById(owners);
      const bad = owners.filter((o) => !found.has(o));
      if (bad.length) throw unprocessable({ owners: [`Owners are invalid: ${bad.join(", ")}`] });
    }
    if (dashboards?.length) {
      const found = await this.dashboardsById(dashboards);
      const bad = dashboards.filter((d) => !found.has(d));
      if (bad.length) throw unprocessable({ dashboards: [`Dashboards do not exist: ${bad.join(", ")}`] });
    }
  }

  async create(p: Principal, body: ChartPost): Promise<ChartEntity> {
    requirePermission(p, "can_write", "Chart");
    await this.checkDatasource(p, body.datasource_id, body.datasource_type);
    await this.checkRefs(body.owners, body.dashboards);
    await this.checkDashboardRights(p, body.dashboards ?? []);
    const me = userId(p);
    return this.meta.create<ChartData>(
      CHART,
      {
        slice_name: body.slice_name,
        description: body.description ?? null,
        viz_type: body.viz_type,
        params: body.params ?? null,
        query_context: body.query_context ?? null,
        datasource_id: body.datasource_id,
        datasource_type: body.datasource_type,
        cache_timeout: body.cache_timeout ?? null,
        owners: body.owners?.length ? body.owners : me ? [me] : [],
        dashboards: body.dashboards ?? [],
        certified_by: body.certified_by ?? null,
        certification_details: body.certified_by ? (body.certification_details ?? null) : null,
        is_managed_externally: body.is_managed_externally ?? false,
        external_url: body.external_url ?? null,
        uuid: body.uuid ?? randomUUID(),
      },
      me,
    );
  }

  async update(p: Principal, id: number, body: ChartPut): Promise<ChartEntity> {
    const chart = await this.getForWrite(p, id);
    if (body.datasource_id !== undefined || body.datasource_type !== undefined) {
      await this.checkDatasource(
        p,
        body.datasource_id ?? chart.datasource_id,
        body.datasource_type ?? chart.datasource_type,
      );
    }
    await this.checkRefs(body.owners, body.dashboards);
    if (body.dashboards) {
      // Compared with the dashboards the chart is on as clients see them (its own list plus the
      // layouts placing it), so echoing back a dashboard someone else's layout placed it on is
      // no change, while dropping it is a change to that dashboard.
      const next = new Set(body.dashboards);
      const placed = await this.dashboardsPlacing(chart.id);
      const before = new Set([...chart.dashboards, ...placed]);
      await this.checkDashboardRights(p, [
        ...[...next].filter((d) => !before.has(d)),
        ...[...before].filter((d) => !next.has(d)),
      ]);
    }
    const changes = { ...body } as Partial<ChartData>;
    if (body.certified_by === null || body.certified_by === "") changes.certification_details = null;
    return this.meta.update<ChartData>(CHART, chart, changes, userId(p));
  }

  async remove(p: Principal, id: number): Promise<void> {
    const chart = await this.getForWrite(p, id);
    await this.meta.delete(CHART, chart);
    await detachObjectTags(this.meta, CHART, id);
  }

  /** Charts on a dashboard the principal can see. */
  async onDashboard(p: Principal, d: OnDashboard): Promise<ChartEntity[]> {
    const charts = await this.allOnDashboard(d);
    const { canSee } = await this.visibility(p, charts);
    return charts.filter(canSee);
  }

  /** Every chart on a dashboard, whoever may see it, most recently changed first (on-dashboard.ts). */
  allOnDashboard(d: OnDashboard): Promise<ChartEntity[]> {
    return chartsOnDashboard(this.meta, d);
  }

  /**
   * Copies charts for a dashboard copy (`duplicate_slices`): new charts owned by the caller, on no
   * dashboard yet (the copy's layout will name them). Returns old id → new id.
   */
  async duplicate(p: Principal, charts: ChartEntity[]): Promise<Map<number, number>> {
    requirePermission(p, "can_write", "Chart");
    const me = userId(p);
    const ids = new Map<number, number>();
    for (const chart of charts) {
      const {
        id: _i,
        version: _v,
        created_on: _c,
        changed_on: _o,
        created_by_fk: _b,
        changed_by_fk: _y,
        ...data
      } = chart;
      const copy = await this.meta.create<ChartData>(
        CHART,
        { ...data, owners: me ? [me] : [], dashboards: [], uuid: randomUUID() },
        me,
      );
      ids.set(chart.id, copy.id);
    }
    return ids;
  }

  /**
   * Attaches charts to a dashboard from the chart side, only those the caller may edit (a copy
   * never writes into someone else's chart). Conflicts are retried on a fresh read: membership is
   * a relation, not an edit of the chart's content.
   */
  async attach(p: Principal, chartIds: number[], dashboardId: number): Promise<void> {
    for (const id of chartIds) {
      if (!(await this.canEdit(p, id))) continue;
      await this.changeMembership(id, (ds) => (ds.includes(dashboardId) ? ds : [...ds, dashboardId]));
    }
  }

  /**
   * After a dashboard's layout was saved (the commit point): drops the dashboard from the chart-side
   * membership of charts the saved layout no longer places, so removing a chart in the editor
   * removes it. `currentLayout` re-reads the stored layout for each chart, so a slower, older save
   * never undoes what a newer one placed.
   */
  async detachMissing(dashboardId: number, currentLayout: () => Promise<Set<number> | undefined>) {
    for (const chart of await this.meta.listing<ChartData>(CHART, dashboardId)) {
      const placed = await currentLayout();
      if (!placed || placed.has(chart.id)) continue;
      await this.changeMembership(chart.id, (ds) => ds.filter((d) => d !== dashboardId));
    }
  }

  /** Versioned update of one chart's `dashboards`, retried on a lost race (re-read each time). */
  private async changeMembership(id: number, next: (dashboards: number[]) => number[]) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const chart = await this.meta.get<ChartData>(CHART, id);
      if (!chart) return;
      const dashboards = next(chart.dashboards);
      if (dashboards === chart.dashboards || sameSet(dashboards, chart.dashboards)) return;
      try {
        await this.meta.update<ChartData>(CHART, chart, { dashboards }, chart.changed_by_fk);
        return;
      } catch (e) {
        if ((e as { status?: number }).status !== 409) throw e;
      }
    }
  }
}

function withPlacements(chart: ChartEntity, placed: Map<number, number[]>): ChartEntity {
  const byLayout = placed.get(chart.id);
  if (!byLayout) return chart;
  return { ...chart, dashboards: [...new Set([...chart.dashboards, ...byLayout])] };
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));
