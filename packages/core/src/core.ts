import type { SamplesPayload } from "@strata/contracts";
import { Annotations } from "./annotations/annotations.ts";
import { ChartAnnotations } from "./annotations/chart-annotations.ts";
import { AnnotationLayers } from "./annotations/layers.ts";
import { Assets } from "./assets/service.ts";
import { AsyncEvents } from "./async/events.ts";
import { SocketConnections } from "./async/socket-connections.ts";
import { type AsyncTransportSettings, asyncTransportConf } from "./async/transport.ts";
import { ChartDataBatch } from "./chart-data/batch.ts";
import { InFlightJobs } from "./chart-data/in-flight.ts";
import { type ChartDataLimits, DEFAULT_CHART_DATA_LIMITS } from "./chart-data/limits.ts";
import { ChartQueries } from "./chart-data/run.ts";
import { ChartDataService } from "./chart-data/service.ts";
import { TimeRanges } from "./chart-data/time-ranges.ts";
import { CacheWarmUp } from "./chart-data/warm-up.ts";
import { CHART_SCREENSHOT_JOB, ChartScreenshots } from "./charts/screenshots.ts";
import { Charts } from "./charts/service.ts";
import { CssTemplates } from "./css-templates/service.ts";
import { DashboardContents } from "./dashboards/contents.ts";
import { DashboardPermalinks } from "./dashboards/permalinks.ts";
import { DashboardRelations } from "./dashboards/relations.ts";
import { DASHBOARD_SCREENSHOT_JOB, DashboardScreenshots } from "./dashboards/screenshots.ts";
import { Dashboards } from "./dashboards/service.ts";
import type { EngineFactory, RegistryOptions } from "./databases/engine-registry.ts";
import { EngineRegistry } from "./databases/engine-registry.ts";
import { Databases } from "./databases/service.ts";
import { ColumnValues } from "./datasets/column-values.ts";
import { samples } from "./datasets/samples.ts";
import { Datasets } from "./datasets/service.ts";
import { ExploreState } from "./explore/explore-state.ts";
import { createKeyValue } from "./kv/index.ts";
import { activitySubjects } from "./logs/activity-subjects.ts";
import { EventLog } from "./logs/event-log.ts";
import type { ReportSettings } from "./reports/config.ts";
import type { ReportRenderer } from "./reports/render-port.ts";
import { Reports } from "./reports/service.ts";
import { REPORT_JOB } from "./reports/types.ts";
import { taggedLists } from "./resources/decorate.ts";
import { RelatedObjects } from "./resources/related-objects.ts";
import { Retention, type RetentionSettings } from "./retention/retention.ts";
import { RowLevelSecurity } from "./rls/service.ts";
import { bootstrapPayload } from "./security/bootstrap.ts";
import {
  DATABASE_ACCESS_BASE,
  DATASOURCE_ACCESS_BASE,
  databasePerm,
  datasourcePerm,
  schemaPermissions,
} from "./security/catalog.ts";
import { canAccessDataset } from "./security/data-access.ts";
import { Guests } from "./security/guest.ts";
import type { Principal } from "./security/principal.ts";
import { Roles } from "./security/roles.ts";
import { SecretBox } from "./security/secret-box.ts";
import { SecurityService } from "./security/service.ts";
import { USER, type UserData } from "./security/types.ts";
import { Users } from "./security/users.ts";
import { type SqlLabLimits, sqlLabConf } from "./sqllab/limits.ts";
import { SAVED_QUERY, SavedQueries } from "./sqllab/saved-queries.ts";
import { ScheduledQueries } from "./sqllab/scheduled-queries.ts";
import { SQLLAB_JOB, SqlLab } from "./sqllab/service.ts";
import { TAB, TABLE, TabStates } from "./sqllab/tab-state.ts";
import type { GiveUpHandler, JobHandler, JobQueue } from "./store/job-queue.ts";
import type { MetaStore } from "./store/meta-store.ts";
import type { ResultStore } from "./store/result-store.ts";
import { Favorites } from "./tags/favorites.ts";
import { Tags } from "./tags/service.ts";
import { TaggableRegistry } from "./tags/taggable.ts";
import type { DatasetAccess } from "./templating/macro-scope.ts";
import { THUMBNAIL_JOB, Thumbnails } from "./thumbnails/thumbnails.ts";

export interface CoreDeps {
  meta: MetaStore;
  results: ResultStore;
  jobs: JobQueue;
  secret: string;
  engineFactory: EngineFactory;
  engines: RegistryOptions;
  /** Feature flags and defaults (Superset's config). */
  features?: {
    globalAsyncQueries?: boolean;
    defaultCacheTimeout?: number;
    sqlLab?: SqlLabLimits;
    chartData?: ChartDataLimits;
    /** Superset's GUEST_ROLE_NAME: Regular RLS rules naming this role apply to embedded guests. */
    guestRoleName?: string;
    /** Map backgrounds handed to the SPA: Superset's MAPBOX_API_KEY and an XYZ tile template (MAP_TILE_URL). */
    maps?: { mapboxApiKey?: string; tileUrl?: string };
    /** GLOBAL_ASYNC_QUERIES_TRANSPORT and its WebSocket URL, handed to the SPA in the bootstrap. */
    asyncTransport?: AsyncTransportSettings;
    /** How long the event log and the query history are kept (LOG_/QUERY_RETENTION_DAYS). */
    retention?: RetentionSettings;
  };
  /** How reports and alerts are delivered (SMTP, outbox, link base, webhook guard). */
  reports?: ReportSettings;
  /** Draws PNG and PDF reports (a headless browser); without one those reports end Error. */
  reportRenderer?: ReportRenderer;
  /**
   * Whether the worker draws pictures, for a process without a renderer of its own (the cloud
   * API: the browser is the worker's). Whether `reportRenderer` is set, when absent.
   */
  workerDraws?: boolean;
  /** The queue card pictures are drawn from (their own, so they never delay other jobs); `jobs` when absent. */
  thumbnailJobs?: JobQueue;
  /**
   * This process alone writes the metadata table and the results bucket: the local server, whose
   * stand-ins live in it and lock their files. Every rewrite of a cached chart result then goes
   * through this process, so its in-process copies of them stay true until it rewrites them (in
   * the cloud, where other instances write too, a copy lives a second).
   */
  soleWriter?: boolean;
}

/** The domain, assembled over its ports. Entry points (API, worker, schedule) only call into this. */
export function createCore(deps: CoreDeps) {
  if (!deps.secret || deps.secret.length < 32) {
    throw new Error("A signing secret of at least 32 characters is required (SECRET_KEY); none is built in.");
  }
  const box = new SecretBox(deps.secret);
  const security = new SecurityService(deps.meta, deps.secret);
  /** Who a background run (job, schedule) acts as: its user, looked up fresh. */
  const principalOf = async (id: number | null) =>
    security.principalFor(id ? ((await deps.meta.get<UserData>(USER, id)) ?? null) : null);
  const users = new Users(deps.meta);
  const usersById = (ids: number[]) => users.byIds(ids.filter((i) => i > 0));
  const registry = new EngineRegistry(deps.engineFactory, box, deps.engines);
  let datasets: Datasets | undefined;
  const databases = new Databases(
    deps.meta,
    registry,
    box,
    usersById,
    (id) => datasets!.countUsing(id),
    () => datasets!.allShared(),
  );
  // CHART_DATA_MAX_ROW bounds every dataset(id) subquery, wherever the SQL naming it is read.
  const chartDataMaxRows = deps.features?.chartData?.maxRows ?? DEFAULT_CHART_DATA_LIMITS.maxRows;
  datasets = new Datasets(deps.meta, databases, usersById, chartDataMaxRows);
  const ds = datasets;

  const dataPermissions = async () => {
    const [dbs, all] = await Promise.all([databases.all(), ds.all()]);
    const names = new Map(dbs.map((d) => [d.id, d.database_name]));
    return [
      ...dbs.map((d) => ({
        id: DATABASE_ACCESS_BASE + d.id,
        permission: { name: "database_access" },
        view_menu: { name: databasePerm(d.database_name, d.id) },
      })),
      ...all.map((d) => ({
        id: DATASOURCE_ACCESS_BASE + d.id,
        permission: { name: "datasource_access" },
        view_menu: { name: datasourcePerm(names.get(d.database_id) ?? "?", d.table_name, d.id) },
      })),
      ...schemaPermissions(all, names),
    ];
  };
  const roles = new Roles(deps.meta, dataPermissions);

  const taggables = new TaggableRegistry();
  taggables.register("dataset", {
    canRead: async (p, id) =>
      ds.get(p, id).then(
        () => true,
        () => false,
      ),
    canEdit: (p, id) => ds.canEdit(p, id),
    exists: async (id) => Boolean(await ds.find(id)),
    describe: async (p, id) => {
      const { ds: d, db } = await ds.get(p, id);
      return canAccessDataset(p, d, db)
        ? { name: d.table_name, url: `/explore/?datasource_type=table&datasource_id=${id}` }
        : undefined;
    },
  });
  const dashboards = new Dashboards(deps.meta, usersById);
  const charts = new Charts(
    deps.meta,
    ds,
    databases,
    usersById,
    (ids) => dashboards.byIds(ids),
    () => dashboards.layoutPlacements(),
    (chartId) => dashboards.placing(chartId),
    (p, id) => dashboards.canEdit(p, id),
  );
  const dashboardRelations = new DashboardRelations(dashboards, charts, async (p, id) => {
    const d = await ds.find(id);
    return d !== undefined && canAccessDataset(p, d, await databases.find(d.database_id));
  });
  taggables.register("chart", {
    canRead: (p, id) =>
      charts.get(p, id).then(
        () => true,
        () => false,
      ),
    canEdit: (p, id) => charts.canEdit(p, id),
    exists: async (id) => Boolean(await charts.find(id)),
    describe: async (p, id) => {
      const { chart } = await charts.get(p, id);
      return { name: chart.slice_name, url: `/explore/?slice_id=${id}` };
    },
  });
  taggables.register("dashboard", {
    canRead: (p, id) =>
      dashboards.get(p, id).then(
        () => true,
        () => false,
      ),
    canEdit: (p, id) => dashboards.canEdit(p, id),
    exists: async (id) => Boolean(await dashboards.find(id)),
    describe: async (p, id) => {
      const d = await dashboards.get(p, id);
      return { name: d.dashboard_title, url: `/superset/dashboard/${d.slug ?? id}/` };
    },
  });
  const tags = new Tags(deps.meta, taggables);
  const guests = new Guests(
    deps.meta,
    deps.secret,
    dashboards,
    charts,
    deps.features?.guestRoleName || "Public",
  );
  taggables.register("tag", {
    canRead: async (p, id) =>
      tags.get(p, id).then(
        () => true,
        () => false,
      ),
    canEdit: async () => false,
    exists: async (id) => Boolean(await tags.find(id)),
    describe: async () => undefined,
  });
  const favorites = new Favorites(deps.meta, taggables);
  const rls = new RowLevelSecurity(
    deps.meta,
    async (id) => Boolean(await ds.find(id)),
    () => roles.all(),
  );
  // What `dataset()` and `metric(name, id)` read in SQL that belongs to no dataset (SQL Lab, alerts).
  const datasetAccess: DatasetAccess = {
    get: (p, id) => ds.get(p, id),
    rlsClauses: (p, id) => rls.clausesFor(p, id),
    maxRows: chartDataMaxRows,
  };
  const events = new AsyncEvents(deps.meta);
  const annotationLayers = new AnnotationLayers(deps.meta, usersById);
  const annotations = new Annotations(deps.meta, annotationLayers, usersById);
  // Built in order, each given the one it uses: the query runner (cache, engine slots), the
  // annotation layers that run other charts' queries through it, then the chart-data verbs that
  // add those layers' data to their replies.
  const chartQueries = new ChartQueries(
    {
      datasets: ds,
      databases,
      charts,
      results: deps.results,
      rlsClauses: (p, id) => rls.clausesFor(p, id),
    },
    {
      defaultCacheTimeout: deps.features?.defaultCacheTimeout ?? 86_400,
      limits: deps.features?.chartData,
      soleWriter: deps.soleWriter,
    },
  );
  const chartAnnotations = new ChartAnnotations({
    layers: annotationLayers,
    annotations,
    charts,
    queries: chartQueries,
    datasets: ds,
  });
  const chartData = new ChartDataService(
    {
      queries: chartQueries,
      annotations: chartAnnotations,
      charts,
      datasets: ds,
      results: deps.results,
      jobs: deps.jobs,
      events,
      inFlight: new InFlightJobs(deps.meta),
      principalOf,
      guests,
    },
    {
      asyncQueries: deps.features?.globalAsyncQueries ?? false,
      mapboxApiKey: deps.features?.maps?.mapboxApiKey,
    },
  );
  const columnValues = new ColumnValues(
    { datasets: ds, databases, results: deps.results, rlsClauses: (p, id) => rls.clausesFor(p, id) },
    {
      defaultCacheTimeout: deps.features?.defaultCacheTimeout ?? 86_400,
      timeoutSec: chartData.limits.timeoutSec,
    },
  );
  const sqlLab = new SqlLab(
    {
      meta: deps.meta,
      results: deps.results,
      jobs: deps.jobs,
      databases,
      principalOf,
      datasetAccess,
      datasets: () => ds.allShared(),
    },
    deps.features?.sqlLab,
  );
  const savedQueries = new SavedQueries(deps.meta, databases, usersById);
  taggables.register("saved_query", {
    canRead: (p, id) =>
      savedQueries.get(p, id).then(
        () => true,
        () => false,
      ),
    canEdit: (p, id) => savedQueries.canEdit(p, id),
    exists: async (id) => Boolean(await savedQueries.find(id)),
    describe: async (p, id) => {
      const q = await savedQueries.get(p, id);
      return { name: q.label, url: `/sqllab/?savedQueryId=${id}` };
    },
  });
  const scheduledQueries = new ScheduledQueries(deps.meta, sqlLab, principalOf);
  const reports = new Reports({
    meta: deps.meta,
    datasetAccess,
    usersById,
    charts,
    dashboards,
    databases,
    secret: deps.secret,
    chartData,
    jobs: deps.jobs,
    principalOf,
    settings: deps.reports ?? {
      mailFrom: "strata@localhost",
      baseUrl: "http://localhost:8088",
      webhookAllowPrivate: false,
    },
    renderer: deps.reportRenderer,
    results: deps.results,
    datasets: ds,
  });
  const tabStates = new TabStates(deps.meta, sqlLab);
  const kv = createKeyValue({ store: deps.meta, datasets: ds, charts, databases, dashboards });
  const explore = new ExploreState({
    datasets: ds,
    charts,
    formData: kv.exploreFormData,
    permalinks: kv.explorePermalinks,
  });
  const dashboardPermalinks = new DashboardPermalinks(deps.meta, dashboards);
  const canDraw = deps.workerDraws ?? deps.reportRenderer !== undefined;
  const dashboardScreenshots = new DashboardScreenshots({
    meta: deps.meta,
    charts,
    dashboards,
    chartData,
    datasets: ds,
    permalinks: dashboardPermalinks,
    results: deps.results,
    jobs: deps.jobs,
    renderer: deps.reportRenderer,
    canDraw,
    principalOf,
  });
  const chartScreenshots = new ChartScreenshots({
    meta: deps.meta,
    charts,
    dashboards,
    chartData,
    datasets: ds,
    results: deps.results,
    jobs: deps.jobs,
    renderer: deps.reportRenderer,
    canDraw,
    principalOf,
  });
  const thumbnails = new Thumbnails({
    meta: deps.meta,
    charts,
    dashboards,
    chartData,
    datasets: ds,
    results: deps.results,
    jobs: deps.thumbnailJobs ?? deps.jobs,
    renderer: deps.reportRenderer,
    canDraw,
    principalOf,
  });
  /** Worker handlers by job kind, and what to tell users when a job is given up. */
  const jobHandlers: Record<string, JobHandler> = {
    [DASHBOARD_SCREENSHOT_JOB]: (job) => dashboardScreenshots.runJob(job),
    [CHART_SCREENSHOT_JOB]: (job) => chartScreenshots.runJob(job),
    [THUMBNAIL_JOB]: (job) => thumbnails.runJob(job),
    [ChartDataService.JOB_KIND]: (job) => chartData.runJob(job),
    [SQLLAB_JOB]: (job) => sqlLab.runJob(job),
    [REPORT_JOB]: (job) => reports.runJob(job),
  };
  const jobGiveUp: Record<string, GiveUpHandler> = {
    [ChartDataService.JOB_KIND]: (job, msg) => chartData.failJob(job, msg),
  };

  const assets = new Assets({
    meta: deps.meta,
    box,
    databases,
    datasets: ds,
    charts,
    dashboards,
    savedQueries,
    tags,
    forgetEngine: (db) => registry.forget(db),
  });
  return {
    deps,
    security,
    users,
    roles,
    databases,
    datasets: ds,
    charts,
    dashboards,
    dashboardRelations,
    dashboardPermalinks,
    /** Download as image / PDF: the dashboard drawn on the server as its reports are. */
    dashboardScreenshots,
    chartScreenshots,
    thumbnails,
    dashboardContents: new DashboardContents(dashboards, charts, ds),
    /** What a database's or a dataset's deletion would break, as its delete dialog names it. */
    relatedObjects: new RelatedObjects({ databases, datasets: ds, charts, dashboards, tabStates }),
    /** Charts' queries run ahead of their pages (Superset's warm_up_cache), as the caller. */
    warmUp: new CacheWarmUp({ charts, dashboards, databases, datasets: ds, chartData }),
    tags,
    favorites,
    /** Chart, dashboard and dataset list rows with their tags and the caller's star. */
    taggedLists: taggedLists({ tags, favorites }, { charts, dashboards, datasets: ds, savedQueries }),
    taggables,
    registry,
    jobHandlers,
    jobGiveUp,
    events,
    /** The cloud's async-event sockets (API Gateway connections) by owner, and the worker's pusher. */
    socketConnections: new SocketConnections(deps.meta),
    chartData,
    /** Many charts' chart-data requests in one HTTP request (a dashboard's), each as `chartData.request`. */
    chartDataBatch: new ChartDataBatch(chartData, (ids) => charts.findMany(ids)),
    columnValues,
    annotationLayers,
    annotations,
    /** CSS templates (Settings → Manage → CSS Templates, and the dashboard's Edit CSS). */
    cssTemplates: new CssTemplates(deps.meta, usersById),
    rls,
    guests,
    sqlLab,
    savedQueries,
    eventLog: new EventLog(
      deps.meta,
      async (ids) => new Map([...(await usersById(ids))].map(([id, u]) => [id, u.username])),
      (token) => guests.resolve(token),
      activitySubjects(dashboards, charts),
    ),
    scheduledQueries,
    /** The minute tick's pruning of the event log and the query history (off unless configured). */
    retention: new Retention(deps.meta, deps.features?.retention),
    /** Alerts and reports: API verbs, the minute tick (`reports.tick`) and the worker's runs. */
    reports,
    tabStates,
    /** Export and import of dashboards, charts, datasets, databases and saved queries (Superset's format). */
    assets,
    /** Explore form-data keys, permalinks, SQL Lab's incoming queries and dashboards' filter state. */
    kv,
    explore,
    /** `POST /datasource/samples`: a page of a dataset's raw rows, under the caller's row-level security. */
    samples: async (p: Principal, datasetId: number, payload: SamplesPayload, page = 1, perPage = 100) =>
      samples(ds, databases, p, datasetId, payload, page, perPage, await rls.clausesFor(p, datasetId), (id) =>
        rls.clausesFor(p, id),
      ),
    timeRanges: new TimeRanges(),
    /** What a page is served with (Superset's bootstrap data): the caller, flags and limits. */
    bootstrap: (p: Principal, locale?: string) =>
      bootstrapPayload(p, {
        locale,
        featureFlags: {
          GLOBAL_ASYNC_QUERIES: deps.features?.globalAsyncQueries ?? false,
          THUMBNAILS: canDraw,
        },
        conf: {
          SUPERSET_WEBSERVER_TIMEOUT: chartData.limits.timeoutSec,
          ROW_LIMIT: chartData.limits.rowLimit,
          MAPBOX_API_KEY: deps.features?.maps?.mapboxApiKey ?? "",
          MAP_TILE_URL: deps.features?.maps?.tileUrl ?? "",
          ...sqlLabConf(sqlLab.limits),
          ...asyncTransportConf(deps.features?.asyncTransport),
        },
      }),
    /**
     * Recovery after faults: lost chart-data jobs become `error` events, SQL Lab runs left by a
     * dead process become failed. `atStart` (a local start: the in-memory queue and every run
     * died with the last process) sweeps all of them; the minute tick sweeps only what is overdue.
     * Both index, once, the items an older version wrote without their per-owner index keys (a
     * cloud deployment has no start but its first tick); after that each costs one marker read.
     */
    async recover(opts: { atStart?: boolean } = {}) {
      const all = opts.atStart ?? false;
      for (const type of ["query", "log", TAB, TABLE, SAVED_QUERY]) await deps.meta.backfillOwnerIndex(type);
      const [lostJobs, interruptedRuns, rolledBackImports] = await Promise.all([
        chartData.sweepLostJobs({ all }),
        sqlLab.sweepInterrupted({ all }),
        assets.rollBackUnfinished({ all }),
      ]);
      return { lostJobs, interruptedRuns, rolledBackImports };
    },
    /**
     * Writes a reply did not wait for that other instances must see (SQL Lab's fast runs): a
     * process answering one request at a time (a Lambda) awaits this before handing back its reply.
     */
    settleWrites(): Promise<void> {
      return sqlLab.caughtUp();
    },
    async close() {
      await Promise.all([chartData.flush(), sqlLab.caughtUp()]);
      await registry.closeAll();
    },
  };
}

export type Core = ReturnType<typeof createCore>;
