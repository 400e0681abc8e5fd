import { randomUUID } from "node:crypto";
import { type AssetResource, type DatasetFile, sanitizeCss } from "@strata/contracts";
import { CHART, type ChartData } from "../charts/types.ts";
import { certification, normaliseSlug, normaliseTitle } from "../dashboards/save-rules.ts";
import { DASHBOARD, type DashboardData, type DashboardEntity } from "../dashboards/types.ts";
import { dashboardSlugs } from "../dashboards/unique-slug.ts";
import { checkParameters } from "../databases/engine-specs.ts";
import { sameConnectionTarget } from "../databases/stored-password.ts";
import { DATABASE, type DatabaseData, type DatabaseEntity } from "../databases/types.ts";
import { databaseNames } from "../databases/unique-name.ts";
import { parseUri } from "../databases/uri.ts";
import { DATASET, type DatasetData } from "../datasets/types.ts";
import { datasetIdentities, datasetIdentity } from "../datasets/unique-identity.ts";
import { AppError } from "../errors.ts";
import { can, type Principal, userId } from "../security/principal.ts";
import { SAVED_QUERY, type SavedQueryData } from "../sqllab/saved-queries.ts";
import type { Entity } from "../store/meta-store.ts";
import type { UniqueNames } from "../store/unique-names.ts";
import { type ImportedTagData, TAG, tagNames } from "./tag-names.ts";
import { remapLayout, remapMetadata } from "./dashboard-refs.ts";
import { importError } from "./import-errors.ts";
import { type ClaimRule, ImportJournal } from "./import-journal.ts";
import type {
  ChartStep,
  DashboardStep,
  DatabaseStep,
  DatasetStep,
  ImportPlan,
  QueryStep,
} from "./import-plan.ts";
import type { AssetPorts } from "./ports.ts";
import { queryContextFromParams, retargetQueryContext } from "./query-context.ts";
import { migrateChart, nativeFiltersFromFilterBox } from "./viz-migration.ts";

/** A default schema per engine, for datasets whose schema the target database lacks. */
const DEFAULT_SCHEMA: Record<string, string> = { duckdb: "main", postgresql: "public", athena: "default" };
const SCHEMA_LOOKUP_MS = 5_000;
/** How long reading a column-less dataset's columns from its database may take before giving up. */
const COLUMN_LOOKUP_MS = 10_000;

/** `work`, or a rejection after `ms` (the work itself is not stopped: its result is ignored). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms).unref(),
    ),
  ]);
}

const jsonText = (value: unknown): string | null =>
  value === null || value === undefined || value === ""
    ? null
    : typeof value === "string"
      ? value
      : JSON.stringify(value);

function asObject(value: unknown): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value))
    return { ...(value as Record<string, unknown>) };
  if (typeof value === "string" && value.trim()) {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // not JSON: treated as empty
    }
  }
  return {};
}

/**
 * Writes a checked plan in dependency order, each write's undo step journaled first
 * (import-journal.ts): a failure rolls the import back at once, a crash at the next sweep.
 */
export class ImportWriter {
  readonly warnings: string[] = [];
  private journal!: ImportJournal;
  private readonly me: number | null;
  private readonly databaseEntities = new Map<string, DatabaseEntity>();
  private readonly filterBoxes = new Map<
    string,
    { params: Record<string, unknown>; datasetId: number; name: string }
  >();

  constructor(
    private readonly ports: AssetPorts,
    private readonly p: Principal,
    private readonly resource: AssetResource,
  ) {
    this.me = userId(p);
  }

  async write(plan: ImportPlan, tagDescriptions: Map<string, string | null> = new Map()): Promise<void> {
    this.journal = await ImportJournal.open(this.ports.meta, this.now, this.ports.forgetEngine);
    try {
      for (const [uuid, step] of plan.databases) await this.database(uuid, step);
      for (const step of plan.datasets.values()) await this.dataset(step);
      for (const [uuid, step] of plan.charts) await this.chart(uuid, step, plan);
      for (const step of plan.dashboards.values()) await this.dashboard(step, plan);
      for (const step of plan.queries.values()) await this.savedQuery(step, plan);
      await this.attachTags(plan, tagDescriptions);
    } catch (e) {
      await this.journal.rollBack();
      throw e;
    }
    await this.journal.commit();
  }

  private readonly now = () => this.ports.now?.() ?? new Date();

  /**
   * Creates an entity holding a unique name (database name, dataset identity, slug) and records
   * its undo: delete the entity as it is by then, and give its name back.
   */
  private async createClaimed<D extends object>(
    rule: ClaimRule,
    type: string,
    claims: UniqueNames<Entity<D>>,
    value: string | null,
    data: D,
  ): Promise<Entity<D>> {
    const meta = this.ports.meta;
    // The undo step is stored once the id is known and before the entity is written.
    return claims.create(value, async (id) => {
      await this.journal.record({ kind: "created", type, id, claim: { rule, value } });
      return meta.create<D>(type, data, this.me, id);
    });
  }

  /** Creates an entity that holds no unique value, its undo step stored first. */
  private async createPlain<D extends object>(type: string, data: D): Promise<Entity<D>> {
    const id = await this.ports.meta.nextId(type);
    await this.journal.record({ kind: "created", type, id });
    return this.ports.meta.create<D>(type, data, this.me, id);
  }

  /** Stores the undo step of an overwrite (the entity as it is now) before the overwrite. */
  private recordUpdate(
    type: string,
    before: Entity<object>,
    claim?: { rule: ClaimRule; value: string | null },
  ) {
    return this.journal.record({
      kind: "updated",
      type,
      before: before as unknown as Entity<Record<string, unknown>>,
      claim,
    });
  }

  // Databases ------------------------------------------------------------------------------------

  private databaseData(step: DatabaseStep): DatabaseData {
    const c = step.config!;
    let conn: ReturnType<typeof parseUri>;
    try {
      conn = parseUri(c.sqlalchemy_uri);
    } catch (e) {
      throw importError(this.resource, {
        [step.file!]: { sqlalchemy_uri: [e instanceof AppError ? e.message : "Invalid connection string"] },
      });
    }
    const { password: inUri, ...parameters } = conn.parameters;
    const password = step.password ?? (inUri && inUri !== "XXXXXXXXXX" ? inUri : undefined);
    const problems = checkParameters(conn.engine, {
      ...parameters,
      password: password ?? (step.existing ? "kept" : undefined),
    });
    if (problems.length)
      throw importError(this.resource, { [step.file!]: problems.map((e) => e.message).join(" ") });
    const extra = asObject(c.extra);
    const multiCatalog = extra.allow_multi_catalog === true;
    const noPreview = extra.disable_data_preview === true;
    delete extra.allow_multi_catalog;
    delete extra.disable_data_preview;
    const kept =
      step.existing && !password && sameConnectionTarget(step.existing, { engine: conn.engine, parameters });
    return {
      database_name: c.database_name,
      engine: conn.engine,
      configuration_method: "sqlalchemy_form",
      parameters,
      sealed_password: password
        ? this.ports.box.seal(password)
        : kept
          ? (step.existing?.sealed_password ?? null)
          : null,
      expose_in_sqllab: c.expose_in_sqllab ?? true,
      allow_run_async: c.allow_run_async ?? false,
      allow_dml: c.allow_dml ?? false,
      allow_file_upload: c.allow_csv_upload ?? c.allow_file_upload ?? false,
      allow_ctas: c.allow_ctas ?? false,
      allow_cvas: c.allow_cvas ?? false,
      allow_multi_catalog: multiCatalog,
      disable_data_preview: noPreview,
      cache_timeout: c.cache_timeout ?? null,
      extra: JSON.stringify(extra),
      force_ctas_schema: null,
      impersonate_user: c.impersonate_user ?? false,
      external_url: c.external_url ?? null,
      is_managed_externally: c.is_managed_externally ?? false,
      uuid: step.existing?.uuid ?? c.uuid,
    };
  }

  private async database(uuid: string, step: DatabaseStep) {
    const names = databaseNames(this.ports.meta);
    if (step.action === "reuse" || !step.config) {
      const db = step.existing!;
      if (step.config && db.uuid !== uuid)
        this.warnings.push(
          `The database "${db.database_name}" already on this server is used for "${step.config.database_name}".`,
        );
      step.targetId = db.id;
      this.databaseEntities.set(uuid, db);
      return;
    }
    const data = this.databaseData(step);
    if (step.action === "create") {
      const created = await this.createClaimed("database-name", DATABASE, names, data.database_name, data);
      step.targetId = created.id;
      this.databaseEntities.set(uuid, created);
      return;
    }
    const before = step.existing!;
    const { uuid: _u, ...changes } = data;
    await this.recordUpdate(DATABASE, before, { rule: "database-name", value: data.database_name });
    const saved = await names.rename(before, data.database_name, () =>
      this.ports.meta.update<DatabaseData>(DATABASE, before, changes, this.me),
    );
    this.ports.forgetEngine(before);
    step.targetId = before.id;
    this.databaseEntities.set(uuid, saved);
  }

  // Datasets -------------------------------------------------------------------------------------

  /**
   * The catalog to use: the file's, unless the database allows only its own catalog and the file
   * names another (then the default, with a warning). Otherwise an import could point a dataset,
   * and the schema lookup below, at another database of the same server.
   */
  private async catalogOn(db: DatabaseEntity, c: DatasetFile): Promise<string | null> {
    const catalog = c.catalog ?? null;
    try {
      await this.ports.databases.requireCatalogAllowed(db, catalog);
      return catalog;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      this.warnings.push(
        `Dataset "${c.table_name}": the database "${db.database_name}" does not allow changing catalogs, so its default catalog is used instead of "${catalog}".`,
      );
      return null;
    }
  }

  /** The schema to use: the file's, or the database's default when the database lacks it (a warning). */
  private async schemaOn(db: DatabaseEntity, c: DatasetFile, catalog: string | null): Promise<string | null> {
    const schema = c.schema ?? null;
    if (!schema) return schema;
    let schemas: string[];
    try {
      const engine = await this.ports.databases.engineOf(db);
      schemas = await Promise.race([
        engine.schemas(catalog),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("timeout")), SCHEMA_LOOKUP_MS).unref(),
        ),
      ]);
    } catch {
      return schema; // the database can't be reached now: the schema is kept as exported
    }
    if (schemas.includes(schema) || schemas.length === 0) return schema;
    const fallback =
      DEFAULT_SCHEMA[db.engine] && schemas.includes(DEFAULT_SCHEMA[db.engine])
        ? DEFAULT_SCHEMA[db.engine]
        : schemas[0];
    this.warnings.push(
      `Dataset "${c.table_name}": the schema "${schema}" does not exist on the database "${db.database_name}", so its default schema "${fallback}" is used.`,
    );
    return fallback;
  }

  private async datasetData(c: DatasetFile, db: DatabaseEntity, owners: number[]): Promise<DatasetData> {
    const catalog = await this.catalogOn(db, c);
    const columns = [];
    for (const col of c.columns) {
      columns.push({
        id: await this.ports.meta.nextId("column"),
        column_name: col.column_name,
        type: col.type ?? null,
        advanced_data_type: col.advanced_data_type ?? null,
        verbose_name: col.verbose_name ?? null,
        description: col.description ?? null,
        expression: col.expression || null,
        filterable: col.filterable ?? true,
        groupby: col.groupby ?? true,
        is_active: col.is_active ?? true,
        is_dttm: col.is_dttm ?? false,
        python_date_format: col.python_date_format ?? null,
        uuid: typeof col.uuid === "string" ? col.uuid : randomUUID(),
        extra: jsonText(col.extra),
      });
    }
    const metrics = [];
    for (const m of c.metrics) {
      metrics.push({
        id: await this.ports.meta.nextId("metric"),
        metric_name: m.metric_name,
        expression: m.expression,
        description: m.description ?? null,
        metric_type: m.metric_type ?? null,
        d3format: m.d3format ?? null,
        currency: m.currency ?? null,
        verbose_name: m.verbose_name ?? null,
        warning_text: m.warning_text ?? null,
        uuid: typeof m.uuid === "string" ? m.uuid : randomUUID(),
        extra: jsonText(m.extra),
      });
    }
    return {
      table_name: c.table_name,
      database_id: db.id,
      schema: await this.schemaOn(db, c, catalog),
      catalog,
      sql: c.sql?.trim() || null,
      description: c.description ?? null,
      main_dttm_col: c.main_dttm_col ?? null,
      filter_select_enabled: c.filter_select_enabled ?? true,
      fetch_values_predicate: c.fetch_values_predicate ?? null,
      normalize_columns: c.normalize_columns ?? false,
      always_filter_main_dttm: c.always_filter_main_dttm ?? false,
      offset: c.offset ?? 0,
      default_endpoint: c.default_endpoint ?? null,
      cache_timeout: c.cache_timeout ?? null,
      is_sqllab_view: false,
      template_params: jsonText(c.template_params),
      extra: jsonText(c.extra),
      is_managed_externally: c.is_managed_externally ?? false,
      external_url: c.external_url ?? null,
      owners,
      uuid: c.uuid,
      columns,
      metrics,
    };
  }

  private async dataset(step: DatasetStep) {
    if (step.action === "reuse" || !step.config) {
      step.targetId = step.existing!.id;
      return;
    }
    const db = this.databaseEntities.get(step.databaseUuid);
    if (!db) throw new AppError(500, { message: `The dataset ${step.config.table_name} lost its database.` });
    const meta = this.ports.meta;
    if (step.action === "create") {
      const data = await this.datasetData(step.config, db, this.me ? [this.me] : []);
      const identity = datasetIdentity(data);
      const same = (await this.ports.datasets.all()).find((d) => datasetIdentity(d) === identity);
      if (same) {
        // The same table is already a dataset here (under another uuid): it is used as it is,
        // when the caller may read it.
        await this.ports.datasets.get(this.p, same.id);
        this.warnings.push(
          `The dataset "${data.table_name}" already exists on this server and is used as it is.`,
        );
        step.targetId = same.id;
        return;
      }
      const claims = datasetIdentities(meta, data.table_name);
      const created = await this.createClaimed("dataset", DATASET, claims, identity, data);
      step.targetId = created.id;
      if (data.columns.length === 0) await this.refillColumns(created.id, data.table_name, db);
      return;
    }
    const before = step.existing!;
    const { uuid: _u, owners: _o, ...changes } = await this.datasetData(step.config, db, before.owners);
    const claims = datasetIdentities(meta, changes.table_name);
    await this.recordUpdate(DATASET, before, { rule: "dataset", value: datasetIdentity(changes) });
    await claims.rename(before, datasetIdentity(changes), () =>
      meta.update<DatasetData>(DATASET, before, changes, this.me),
    );
    step.targetId = before.id;
    if (changes.columns.length === 0) await this.refillColumns(before.id, changes.table_name, db);
  }

  /**
   * Superset exports virtual or never-synced datasets with `columns: []`; charts need columns, so
   * they are read from the database now (the dataset editor's "sync columns"). A database that
   * can't be reached, or a table it lacks, is a warning: the dataset is imported as it came.
   */
  private async refillColumns(id: number, table: string, db: DatabaseEntity) {
    try {
      const synced = await withTimeout(this.ports.datasets.refresh(this.p, id), COLUMN_LOOKUP_MS);
      if (synced.columns.length) return;
    } catch (e) {
      const why = e instanceof Error && e.message ? e.message.replace(/\.$/, "") : "it could not be read";
      this.warnings.push(
        `Dataset "${table}": it came without columns and they could not be read from the database "${db.database_name}" (${why}); sync its columns in the dataset editor once the table is reachable.`,
      );
      return;
    }
    this.warnings.push(`Dataset "${table}": it came without columns and the database lists none for it.`);
  }

  // Charts ---------------------------------------------------------------------------------------

  private async chart(uuid: string, step: ChartStep, plan: ImportPlan) {
    if (step.action === "reuse" || !step.config) {
      step.targetId = step.existing!.id;
      return;
    }
    const c = step.config;
    const datasetId = plan.datasets.get(step.datasetUuid ?? "")?.targetId;
    if (datasetId === undefined)
      throw new AppError(500, { message: `The chart ${c.slice_name} lost its dataset.` });
    const params = asObject(c.params);
    if (c.viz_type === "filter_box") {
      // Filter boxes are gone from Superset too: their filters become the dashboard's native filters.
      this.filterBoxes.set(uuid, { params, datasetId, name: c.slice_name });
      this.warnings.push(`The filter box "${c.slice_name}" is imported as native filters on its dashboard.`);
      return;
    }
    const migrated = migrateChart(c.viz_type, params, {
      datasetUuid: step.datasetUuid,
      lookup: (sliceId) => this.legacySlices(plan).get(sliceId),
    });
    if (migrated.note) this.warnings.push(`Chart "${c.slice_name}": ${migrated.note}.`);
    const formData = { ...migrated.params, viz_type: migrated.vizType, datasource: `${datasetId}__table` };
    const given =
      typeof c.query_context === "string"
        ? c.query_context
        : c.query_context
          ? JSON.stringify(c.query_context)
          : null;
    let queryContext =
      given && migrated.vizType === c.viz_type ? retargetQueryContext(given, datasetId) : undefined;
    if (!queryContext) {
      // Built as the SPA would save it, which reads the dataset's column types.
      const dataset = await this.ports.datasets.find(datasetId);
      queryContext = queryContextFromParams(formData, datasetId, dataset);
      if (!queryContext)
        this.warnings.push(
          `Chart "${c.slice_name}": its query could not be built from its form data; open and save it in Explore.`,
        );
    }
    const data: ChartData = {
      slice_name: c.slice_name,
      description: c.description ?? null,
      viz_type: migrated.vizType,
      params: JSON.stringify(formData),
      query_context: queryContext ?? null,
      datasource_id: datasetId,
      datasource_type: "table",
      cache_timeout: c.cache_timeout ?? null,
      owners: this.me ? [this.me] : [],
      dashboards: [],
      certified_by: c.certified_by || null,
      certification_details: c.certified_by ? (c.certification_details ?? null) : null,
      is_managed_externally: c.is_managed_externally ?? false,
      external_url: c.external_url ?? null,
      uuid: c.uuid,
    };
    const meta = this.ports.meta;
    if (step.action === "create") {
      const created = await this.createPlain<ChartData>(CHART, data);
      step.targetId = created.id;
      return;
    }
    const before = step.existing!;
    const { uuid: _u, owners: _o, dashboards: _d, ...changes } = data;
    const stored = (await meta.get<ChartData>(CHART, before.id)) ?? before;
    await this.recordUpdate(CHART, stored);
    await meta.update<ChartData>(CHART, stored, changes, this.me);
    step.targetId = before.id;
  }

  private slicesById?: Map<number, { params: Record<string, unknown>; datasetUuid?: string }>;

  /** The upload's charts by their id on the exporting server (`params.slice_id`), for line_multi. */
  private legacySlices(plan: ImportPlan) {
    if (!this.slicesById) {
      this.slicesById = new Map();
      for (const s of plan.charts.values()) {
        if (!s.config) continue;
        const params = asObject(s.config.params);
        const id = Number(params.slice_id);
        if (Number.isSafeInteger(id)) this.slicesById.set(id, { params, datasetUuid: s.datasetUuid });
      }
    }
    return this.slicesById;
  }

  // Dashboards -----------------------------------------------------------------------------------

  /** The slug, or the first free `slug-N` when another dashboard holds it (a warning, never a failure). */
  private async freeSlug(
    given: string | null,
    self: number | undefined,
    title: string,
  ): Promise<string | null> {
    // Slugs are URL parts here: letters, digits, _ and - (other characters become -).
    const wanted = given ? given.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 240) || null : null;
    if (given && wanted !== given)
      this.warnings.push(`Dashboard "${title}": the slug "${given}" is "${wanted}" here.`);
    if (!wanted) return null;
    const all = await this.ports.dashboards.all();
    const slugs = dashboardSlugs(this.ports.meta);
    const taken = async (s: string) => {
      const owner = await slugs.owner(s);
      return (owner !== undefined && owner !== self) || all.some((d) => d.slug === s && d.id !== self);
    };
    if (!(await taken(wanted))) return wanted;
    for (let n = 2; n < 1000; n++) {
      const candidate = `${wanted}-${n}`.slice(0, 255);
      if (!(await taken(candidate))) {
        this.warnings.push(
          `Dashboard "${title}": the slug "${wanted}" is taken here, so it is "${candidate}".`,
        );
        return candidate;
      }
    }
    this.warnings.push(`Dashboard "${title}": the slug "${wanted}" is taken here, so it has none.`);
    return null;
  }

  private async dashboard(step: DashboardStep, plan: ImportPlan) {
    if (step.action === "reuse" || !step.config) return;
    const c = step.config;
    const chartIds = new Map<string, number>();
    for (const [uuid, s] of plan.charts) if (s.targetId !== undefined) chartIds.set(uuid, s.targetId);
    const datasetIds = new Map<string, number>();
    for (const [uuid, s] of plan.datasets) if (s.targetId !== undefined) datasetIds.set(uuid, s.targetId);
    const layout = remapLayout(c.position ?? {}, chartIds);
    const metadata = remapMetadata(c.metadata ?? {}, layout.idMap, datasetIds);
    // Filter boxes this layout placed become native filters.
    const placedBoxes = [...this.filterBoxes].filter(([uuid]) =>
      Object.values(c.position ?? {}).some((n) => (n as { meta?: { uuid?: unknown } })?.meta?.uuid === uuid),
    );
    if (placedBoxes.length) {
      const filters = Array.isArray(metadata.native_filter_configuration)
        ? metadata.native_filter_configuration
        : [];
      for (const [, box] of placedBoxes)
        filters.push(
          ...nativeFiltersFromFilterBox(box.params, box.datasetId, box.name, () => randomUUID().slice(0, 8)),
        );
      metadata.native_filter_configuration = filters;
    }
    const title = normaliseTitle(c.dashboard_title);
    const slug = await this.freeSlug(normaliseSlug(c.slug ?? null), step.existing?.id, title);
    const data: DashboardData = {
      dashboard_title: title,
      slug,
      css: sanitizeCss(c.css),
      published: c.published ?? false,
      owners: this.me ? [this.me] : [],
      roles: [],
      ...certification(c.certified_by, c.certification_details),
      json_metadata: JSON.stringify(metadata),
      position_json: JSON.stringify(layout.position),
      is_managed_externally: c.is_managed_externally ?? false,
      external_url: c.external_url ?? null,
      uuid: c.uuid,
    };
    const meta = this.ports.meta;
    const slugs = dashboardSlugs(meta);
    if (step.action === "create") {
      const created = await this.createClaimed("dashboard-slug", DASHBOARD, slugs, slug, data);
      step.targetId = created.id;
      return;
    }
    const before = step.existing as DashboardEntity;
    const { uuid: _u, owners: _o, roles: _r, ...changes } = data;
    await this.recordUpdate(DASHBOARD, before, { rule: "dashboard-slug", value: slug });
    await slugs.rename(before, slug, () => meta.update<DashboardData>(DASHBOARD, before, changes, this.me));
    step.targetId = before.id;
  }

  // Tags -----------------------------------------------------------------------------------------

  /**
   * Custom tags named by imported charts and dashboards: created when missing (with their
   * `tags.yaml` description) and attached. Attaching follows the tag API's rule (edit rights on
   * the object, which the importer has); creating a tag needs can_write on Tag, so without it
   * the missing tags are skipped with a warning. Tags already on an overwritten object stay.
   */
  private async attachTags(plan: ImportPlan, descriptions: Map<string, string | null>) {
    const wanted: { type: "chart" | "dashboard"; id: number; names: string[] }[] = [];
    const add = (
      type: "chart" | "dashboard",
      step: { action: string; targetId?: number; config?: { tags?: string[] | null } },
    ) => {
      const names = [...new Set((step.config?.tags ?? []).map((n) => n.trim()).filter(Boolean))];
      if (step.action !== "reuse" && step.targetId !== undefined && names.length)
        wanted.push({ type, id: step.targetId, names });
    };
    for (const step of plan.charts.values()) add("chart", step);
    for (const step of plan.dashboards.values()) add("dashboard", step);
    if (!wanted.length) return;
    const meta = this.ports.meta;
    const byName = new Map((await meta.list<ImportedTagData>(TAG)).map((t) => [t.name, t.id]));
    const mayCreate = can(this.p, "can_write", "Tag");
    const skipped = new Set<string>();
    const tagId = async (name: string): Promise<number | undefined> => {
      const known = byName.get(name);
      if (known !== undefined) return known;
      if (!mayCreate) {
        skipped.add(name);
        return undefined;
      }
      const data: ImportedTagData = { name, type: "custom", description: descriptions.get(name) ?? null };
      const names = tagNames(meta);
      try {
        const created = await this.createClaimed("tag-name", TAG, names, name, data);
        byName.set(name, created.id);
        return created.id;
      } catch (e) {
        // Created by someone else just now: theirs is used.
        const owner = await names.owner(name);
        if (owner === undefined) throw e;
        byName.set(name, owner);
        return owner;
      }
    };
    const members = new Map<string, Set<string>>();
    for (const { type, id, names } of wanted) {
      const set = `tagged#${type}`;
      if (!members.has(set)) members.set(set, new Set((await meta.members(set)).map((m) => m.member)));
      for (const name of names) {
        const tag = await tagId(name);
        if (tag === undefined) continue;
        const member = `${id}#${tag}`;
        if (members.get(set)!.has(member)) continue;
        await this.journal.record({ kind: "member", set, member });
        await meta.addMember(set, member);
        members.get(set)!.add(member);
      }
    }
    if (skipped.size)
      this.warnings.push(
        `The tags ${[...skipped].map((n) => `"${n}"`).join(", ")} were not imported: creating tags needs the permission to write tags.`,
      );
  }

  // Saved queries --------------------------------------------------------------------------------

  private async savedQuery(step: QueryStep, plan: ImportPlan) {
    if (step.action === "reuse" || !step.config) return;
    const c = step.config;
    const dbId = plan.databases.get(step.databaseUuid)?.targetId;
    if (dbId === undefined)
      throw new AppError(500, { message: `The saved query ${c.label} lost its database.` });
    const data: SavedQueryData = {
      label: c.label,
      description: c.description ?? null,
      db_id: dbId,
      schema: c.schema ?? null,
      catalog: c.catalog ?? null,
      sql: c.sql,
      template_parameters: jsonText(c.template_parameters),
      extra_json: null,
      uuid: c.uuid,
    };
    const meta = this.ports.meta;
    if (step.action === "create") {
      const created = await this.createPlain<SavedQueryData>(SAVED_QUERY, data);
      step.targetId = created.id;
      return;
    }
    const before = step.existing!;
    const { uuid: _u, extra_json: _e, ...changes } = data;
    await this.recordUpdate(SAVED_QUERY, before);
    await meta.update<SavedQueryData>(SAVED_QUERY, before, changes, this.me);
    step.targetId = before.id;
  }
}
