import { randomUUID } from "node:crypto";
import {
  type DatasetDrillInfo,
  type DatasetPost,
  type DatasetPut,
  type EngineName,
  ErrorType,
  timeColumnEntry,
} from "@strata/contracts";
import type { QueryEngine } from "@strata/engines";
import { isQueryValidationError, validateSqlExpression } from "@strata/query";
import { DEFAULT_CHART_DATA_LIMITS } from "../chart-data/limits.ts";
import { toEngineError } from "../databases/engine-errors.ts";
import type { Databases } from "../databases/service.ts";
import type { DatabaseEntity } from "../databases/types.ts";
import { AppError, badRequest, forbidden, notFound, typedError, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { canAccessDatabase, canAccessDataset } from "../security/data-access.ts";
import { isOwner, type Principal, requirePermission, userId } from "../security/principal.ts";
import type { UserEntity } from "../security/types.ts";
import { ownerRef } from "../security/users.ts";
import type { MetaStore } from "../store/meta-store.ts";
import { detachObjectTags } from "../tags/tag-links.ts";
import { datasetSql } from "../templating/dataset-sql.ts";
import { datasetHasTemplates } from "../templating/chart-query.ts";
import { resolveMacroScope } from "../templating/macro-scope.ts";
import { hasTemplate, loadTemplating } from "../templating/render-sql.ts";
import { templateUser } from "../templating/template-user.ts";
import { checkJson, columnFromSource, mergeColumns, mergeMetrics, syncColumns } from "./columns.ts";
import { certificationOf, DATASET, type DatasetData, type DatasetEntity } from "./types.ts";
import { datasetIdentities, datasetIdentity } from "./unique-identity.ts";

/**
 * The caller's row-level conditions on a dataset another one reads through `dataset(id)`, or
 * "describe" where no row is read.
 */
export type ReferencedRls = ((datasetId: number) => Promise<string[]>) | "describe";

export interface DatasetRow extends Record<string, unknown> {
  id: number;
}

/** Physical and virtual datasets with their columns and metrics. */
export class Datasets {
  constructor(
    private readonly meta: MetaStore,
    private readonly databases: Databases,
    private readonly usersById: (ids: number[]) => Promise<Map<number, UserEntity>>,
    /** The row bound of a `dataset(id)` subquery in this dataset's SQL (CHART_DATA_MAX_ROW). */
    private readonly macroMaxRows: number = DEFAULT_CHART_DATA_LIMITS.maxRows,
  ) {}

  all(): Promise<DatasetEntity[]> {
    return this.meta.list<DatasetData>(DATASET);
  }

  /** Every dataset, as the cache's one frozen copy: for readers that write nothing back. */
  allShared(): Promise<readonly Readonly<DatasetEntity>[]> {
    return this.meta.listShared<DatasetData>(DATASET);
  }

  async find(id: number): Promise<DatasetEntity | undefined> {
    return this.meta.get<DatasetData>(DATASET, id);
  }

  /** The datasets of these ids that exist, read together (no access check: callers check each). */
  findMany(ids: number[]): Promise<DatasetEntity[]> {
    return this.meta.getMany<DatasetData>(DATASET, ids);
  }

  async countUsing(databaseId: number): Promise<number> {
    return (await this.all()).filter((d) => d.database_id === databaseId).length;
  }

  private nextColumnId = () => this.meta.nextId("column");
  private nextMetricId = () => this.meta.nextId("metric");

  /** A dataset the principal may read; others get 404 (existence is not disclosed). */
  async get(p: Principal, id: number): Promise<{ ds: DatasetEntity; db: DatabaseEntity | undefined }> {
    requirePermission(p, "can_read", "Dataset");
    const ds = await this.meta.get<DatasetData>(DATASET, id);
    if (!ds) throw notFound("Dataset does not exist");
    const db = await this.databases.find(ds.database_id);
    if (!canAccessDataset(p, ds, db)) throw notFound("Dataset does not exist");
    return { ds, db };
  }

  async getForWrite(p: Principal, id: number) {
    requirePermission(p, "can_write", "Dataset");
    const found = await this.get(p, id);
    if (!isOwner(p, found.ds.owners)) {
      throw typedError(
        403,
        ErrorType.MISSING_OWNERSHIP_ERROR,
        "You don't have the rights to alter this dataset: only its owners or an admin can.",
      );
    }
    return found;
  }

  async rows(p: Principal): Promise<DatasetRow[]> {
    requirePermission(p, "can_read", "Dataset");
    // The list page reads every dataset on each request: the cache's one frozen copy, not a deep
    // copy per request (rows below are new objects; nothing here writes to a dataset).
    const [datasets, dbs] = await Promise.all([
      this.meta.listShared<DatasetData>(DATASET),
      this.databases.all(),
    ]);
    const dbById = new Map(dbs.map((d) => [d.id, d]));
    const visible = datasets.filter((ds) => canAccessDataset(p, ds, dbById.get(ds.database_id)));
    const userIds = visible.flatMap((d) => [...d.owners, d.changed_by_fk ?? 0, d.created_by_fk ?? 0]);
    const users = await this.usersById(userIds);
    return visible.map((ds) => this.row(ds, dbById.get(ds.database_id), users));
  }

  row(ds: DatasetEntity, db: DatabaseEntity | undefined, users: Map<number, UserEntity>): DatasetRow {
    const changedBy = users.get(ds.changed_by_fk ?? 0);
    return {
      id: ds.id,
      table_name: ds.table_name,
      kind: ds.sql ? "virtual" : "physical",
      datasource_type: "table",
      schema: ds.schema,
      catalog: ds.catalog,
      sql: ds.sql,
      description: ds.description,
      database: db ? { id: db.id, database_name: db.database_name, backend: db.engine } : null,
      owners: ds.owners.map((id) => ownerRef(users.get(id))).filter(Boolean),
      changed_by: ownerRef(changedBy),
      changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}` : "",
      created_by: ownerRef(users.get(ds.created_by_fk ?? 0)),
      changed_on: ds.changed_on,
      changed_on_utc: ds.changed_on,
      changed_on_delta_humanized: humanizeSince(ds.changed_on),
      explore_url: `/explore/?datasource_type=table&datasource_id=${ds.id}`,
      default_endpoint: ds.default_endpoint,
      extra: ds.extra,
      is_managed_externally: ds.is_managed_externally,
      ...certificationOf(ds.extra),
    };
  }

  /** The full dataset as the edit modal and Explore read it. */
  async detail(p: Principal, id: number) {
    const { ds, db } = await this.get(p, id);
    const users = await this.usersById([...ds.owners, ds.changed_by_fk ?? 0, ds.created_by_fk ?? 0]);
    return {
      ...this.row(ds, db, users),
      database_id: ds.database_id,
      main_dttm_col: ds.main_dttm_col,
      filter_select_enabled: ds.filter_select_enabled,
      fetch_values_predicate: ds.fetch_values_predicate,
      normalize_columns: ds.normalize_columns,
      always_filter_main_dttm: ds.always_filter_main_dttm,
      offset: ds.offset,
      cache_timeout: ds.cache_timeout,
      is_sqllab_view: ds.is_sqllab_view,
      template_params: ds.template_params,
      external_url: ds.external_url,
      uuid: ds.uuid,
      owners: ds.owners.map((o) => ownerRef(users.get(o))).filter(Boolean),
      columns: ds.columns,
      metrics: ds.metrics,
      time_column: ds.main_dttm_col ? timeColumnEntry(ds.main_dttm_col) : null,
      select_star: await this.selectStar(ds, db),
      created_on: ds.created_on,
      version: ds.version,
    };
  }

  /**
   * What drilling into one of the dataset's charts needs (`drill_info`): its groupable columns
   * and its metrics' labels, with who made it. Whoever may query the dataset may ask, an embedded
   * guest through its dashboard included; a guest gets the columns alone, and no one gets emails.
   */
  async drillInfo(p: Principal, id: number): Promise<DatasetDrillInfo> {
    const { ds } = await this.get(p, id);
    const columns = ds.columns
      .filter((c) => c.groupby)
      .map((c) => ({ column_name: c.column_name, verbose_name: c.verbose_name }));
    if (p.guest) return { id: ds.id, columns };
    const users = await this.usersById([...ds.owners, ds.changed_by_fk ?? 0, ds.created_by_fk ?? 0]);
    const named = (userId: number | null) => {
      const u = users.get(userId ?? 0);
      return u ? { first_name: u.first_name, last_name: u.last_name } : null;
    };
    return {
      id: ds.id,
      columns,
      metrics: ds.metrics.map((m) => ({ metric_name: m.metric_name, verbose_name: m.verbose_name })),
      table_name: ds.table_name,
      owners: ds.owners.map(named).filter((u) => u !== null),
      created_by: named(ds.created_by_fk),
      created_on_humanized: humanizeSince(ds.created_on),
      changed_by: named(ds.changed_by_fk),
      changed_on_humanized: humanizeSince(ds.changed_on),
    };
  }

  private async selectStar(ds: DatasetEntity, db: DatabaseEntity | undefined): Promise<string | null> {
    if (!db) return null;
    if (ds.sql) return `SELECT * FROM (${ds.sql}) AS virtual_table LIMIT 100`;
    const engine = await this.databases.engineOf(db);
    const q = (s: string) => engine.quoteIdentifier(s);
    return `SELECT * FROM ${ds.schema ? `${q(ds.schema)}.` : ""}${q(ds.table_name)} LIMIT 100`;
  }

  /**
   * The FROM clause of a dataset: its table, or its SQL as a subquery. Its `dataset(id)` and
   * `metric()` calls resolve with the caller's access, as in chart data; `referencedRls` gives
   * the caller's row-level conditions on the datasets it reads rows of, or is "describe" where
   * no row is read (reading columns, checking expressions).
   */
  async source(
    ds: Pick<DatasetEntity, "sql" | "template_params" | "schema" | "table_name"> & {
      metrics?: DatasetEntity["metrics"];
    },
    engine: QueryEngine,
    p: Principal | null | undefined,
    referencedRls: ReferencedRls,
  ): Promise<string> {
    const q = (s: string) => engine.quoteIdentifier(s);
    if (!ds.sql) return `${ds.schema ? `${q(ds.schema)}.` : ""}${q(ds.table_name)}`;
    return `(${await this.renderedSql(ds, engine.engine, p, referencedRls)}) AS virtual_table`;
  }

  /** A virtual dataset's SQL with its Jinja rendered for the caller (see `source`). */
  private async renderedSql(
    ds: { sql?: string | null; template_params?: string | null; metrics?: DatasetEntity["metrics"] },
    engine: EngineName,
    p: Principal | null | undefined,
    referencedRls: ReferencedRls,
  ): Promise<string> {
    if (!hasTemplate(ds.sql)) return ds.sql ?? "";
    await loadTemplating([ds.sql]);
    const now = new Date();
    const macros = await resolveMacroScope([ds.sql], {
      user: templateUser(p),
      currentMetrics: ds.metrics ?? [],
      // Without a caller nothing else is readable: rendered as "Dataset N not found!".
      readable: async (id) => {
        const other = p ? await this.get(p, id).catch(() => undefined) : undefined;
        return other?.db ? { ds: other.ds, db: other.db } : undefined;
      },
      rls: referencedRls === "describe" ? async () => [] : referencedRls,
      now,
      // Describing reads no row; reading rows is bounded as chart data's dataset() is.
      maxRows: referencedRls === "describe" ? 1 : this.macroMaxRows,
    });
    return datasetSql(ds, engine, p, now, macros) ?? "";
  }

  private async readSourceColumns(
    db: DatabaseEntity,
    data: Pick<DatasetData, "sql" | "table_name" | "schema" | "catalog"> & {
      template_params?: string | null;
    },
    p?: Principal,
  ) {
    const engine = await this.databases.engineOf(db);
    // Every read of a dataset's source (create, update, refresh) passes here: a catalog the
    // database doesn't allow is refused before the engine connects to it.
    await this.databases.requireCatalogAllowed(db, data.catalog, { engine, as: "field" });
    try {
      if (data.sql) {
        // Jinja is rendered first (with the dataset's parameters and the caller), as it will run.
        const sql = await this.renderedSql(data, db.engine, p, "describe");
        const statements = await engine.parseStatements(sql);
        if (statements.length !== 1 || !statements[0].readOnly) {
          throw typedError(
            422,
            ErrorType.INVALID_SQL_ERROR,
            "A virtual dataset's SQL must be a single SELECT statement.",
          );
        }
        return await engine.describeQuery(sql, data.schema);
      }
      const columns = await engine.columns(data.table_name, data.schema, data.catalog);
      if (columns.length === 0) {
        throw typedError(
          422,
          ErrorType.TABLE_DOES_NOT_EXIST_ERROR,
          `Table ${data.schema ? `${data.schema}.` : ""}${data.table_name} does not exist in the database.`,
        );
      }
      return columns;
    } catch (e) {
      // A missing table is a problem with the request body here, not a missing URL.
      const err = toEngineError(e, db.engine);
      throw err.status === 404 ? new AppError(422, err.body) : err;
    }
  }

  private async checkUnique(
    data: Pick<DatasetData, "database_id" | "schema" | "catalog" | "table_name">,
    exceptId?: number,
  ) {
    const clash = (await this.all()).find(
      (d) =>
        d.id !== exceptId &&
        d.database_id === data.database_id &&
        (d.schema ?? null) === (data.schema ?? null) &&
        (d.catalog ?? null) === (data.catalog ?? null) &&
        d.table_name === data.table_name,
    );
    if (clash) throw unprocessable({ table_name: [`Dataset ${data.table_name} already exists`] });
  }

  private async checkOwners(owners: number[] | undefined) {
    if (!owners?.length) return;
    const found = await this.usersById(owners);
    const unknown = owners.filter((o) => !found.has(o));
    if (unknown.length) throw unprocessable({ owners: [`Owners are invalid: ${unknown.join(", ")}`] });
  }

  private async databaseFor(p: Principal | null, id: number): Promise<DatabaseEntity> {
    const db = await this.databases.find(id);
    if (!db || (p && !canAccessDatabase(p, db)))
      throw unprocessable({ database: ["Database does not exist"] });
    return db;
  }

  async create(
    p: Principal | null,
    body: DatasetPost,
    extras: Partial<DatasetData> = {},
  ): Promise<DatasetEntity> {
    if (p) requirePermission(p, "can_write", "Dataset");
    const databaseId = body.database ?? body.database_id;
    const db = await this.databaseFor(p, databaseId);
    const base = {
      database_id: db.id,
      schema: body.schema ?? null,
      catalog: body.catalog ?? null,
      table_name: body.table_name,
      sql: body.sql?.trim() || null,
    };
    await this.databases.requireCatalogAllowed(db, base.catalog, { as: "field" });
    await this.checkUnique(base);
    await this.checkOwners(body.owners);
    if (body.template_params) checkJson(body.template_params, "template_params");
    if (body.extra) checkJson(body.extra, "extra");
    const source = await this.readSourceColumns(
      db,
      { ...base, template_params: body.template_params },
      p ?? undefined,
    );
    const columns = [];
    for (const c of source) columns.push(columnFromSource(await this.nextColumnId(), c));
    const firstTemporal = columns.find((c) => c.is_dttm)?.column_name ?? null;
    const me = p ? userId(p) : null;
    const data: DatasetData = {
      ...base,
      description: body.description ?? null,
      main_dttm_col: body.main_dttm_col ?? firstTemporal,
      filter_select_enabled: body.filter_select_enabled ?? true,
      fetch_values_predicate: body.fetch_values_predicate ?? null,
      normalize_columns: body.normalize_columns ?? false,
      always_filter_main_dttm: body.always_filter_main_dttm ?? false,
      offset: body.offset ?? 0,
      default_endpoint: body.default_endpoint ?? null,
      cache_timeout: body.cache_timeout === "" ? null : (body.cache_timeout ?? null),
      is_sqllab_view: body.is_sqllab_view ?? false,
      template_params: body.template_params ?? null,
      extra: body.extra ?? null,
      is_managed_externally: body.is_managed_externally ?? false,
      external_url: body.external_url ?? null,
      owners: body.owners?.length ? body.owners : me ? [me] : [],
      uuid: body.uuid ?? randomUUID(),
      columns,
      metrics: [
        {
          id: await this.nextMetricId(),
          metric_name: "count",
          expression: "COUNT(*)",
          description: null,
          metric_type: "count",
          d3format: null,
          currency: null,
          verbose_name: "COUNT(*)",
          warning_text: null,
          uuid: randomUUID(),
          extra: null,
        },
      ],
      ...extras,
    };
    // The identity is claimed before the write, so of racing creates exactly one gets it.
    return datasetIdentities(this.meta, data.table_name).create(datasetIdentity(data), (newId) =>
      this.meta.create<DatasetData>(DATASET, data, me, newId),
    );
  }

  async update(p: Principal, id: number, body: DatasetPut, overrideColumns: boolean): Promise<DatasetEntity> {
    const { ds, db } = await this.getForWrite(p, id);
    if (ds.is_managed_externally) {
      throw unprocessable("This dataset is managed externally and can't be edited in Strata.");
    }
    if (!db) throw unprocessable({ database: ["Database does not exist"] });
    const {
      columns,
      metrics,
      database,
      database_id,
      cache_timeout,
      certified_by,
      certification_details,
      ...fields
    } = body;
    const targetDb = database ?? database_id;
    if (targetDb !== undefined && targetDb !== ds.database_id) {
      throw unprocessable({ database: ["A dataset can't be moved to another database"] });
    }
    await this.checkOwners(body.owners);
    if (body.template_params) checkJson(body.template_params, "template_params");
    if (body.extra) checkJson(body.extra, "extra");
    const changes: Partial<DatasetData> = { ...fields } as Partial<DatasetData>;
    if (cache_timeout !== undefined) changes.cache_timeout = cache_timeout === "" ? null : cache_timeout;
    if (certified_by !== undefined || certification_details !== undefined) {
      const extra = ds.extra ? (JSON.parse(ds.extra) as Record<string, unknown>) : {};
      if (certified_by) extra.certification = { certified_by, details: certification_details ?? null };
      else delete extra.certification;
      changes.extra = JSON.stringify(extra);
    }
    const next = { ...ds, ...changes };
    if (columns) changes.columns = await mergeColumns(ds.columns, columns, this.nextColumnId);
    if (metrics) changes.metrics = await mergeMetrics(ds.metrics, metrics, this.nextMetricId);
    const before = readsFrom(ds);
    const after = readsFrom({ ...next, ...changes } as DatasetEntity);
    // Owning a dataset with access to that dataset alone lets one edit how it is shown, not
    // what it reads: a new SQL, table, schema, catalog or template parameters could read any
    // table of the database. Those need the database access creating a dataset needs.
    const wholeDatabase = canAccessDatabase(p, db);
    const moved = (Object.keys(before) as (keyof typeof before)[]).find((k) => before[k] !== after[k]);
    if (moved && !wholeDatabase) {
      throw unprocessable({
        [moved]: [
          `Changing what this dataset reads (its SQL, table, schema, catalog or template parameters) needs ` +
            `access to the whole database "${db.database_name}"; with access to this dataset only, you can ` +
            `still edit its other fields. Ask an admin for access to the database, or to make the change.`,
        ],
      });
    }
    if (after.catalog !== before.catalog)
      await this.databases.requireCatalogAllowed(db, after.catalog, { as: "field" });
    // Without database access, what such an owner writes into expressions is held to the rules
    // of adhoc SQL: no subqueries (and no templates, which could render one), since a saved
    // metric runs in every chart of the dataset like the dataset's own SQL.
    if (!wholeDatabase) checkWrittenExpressions(ds, { ...next, ...changes } as DatasetEntity);
    if (
      next.table_name !== ds.table_name ||
      (next.schema ?? null) !== (ds.schema ?? null) ||
      (next.catalog ?? null) !== (ds.catalog ?? null)
    )
      await this.checkUnique(next, id);
    const sqlChanged = before.sql !== after.sql;
    if (sqlChanged || overrideColumns) {
      const source = await this.readSourceColumns(db, { ...next, sql: next.sql?.trim() || null }, p);
      changes.columns = await syncColumns(changes.columns ?? ds.columns, source, this.nextColumnId);
    }
    await this.checkExpressions(p, db, { ...next, ...changes } as DatasetEntity);
    return datasetIdentities(this.meta, next.table_name).rename(ds, datasetIdentity(next), () =>
      this.meta.update<DatasetData>(DATASET, ds, changes, userId(p)),
    );
  }

  /**
   * `DELETE /dataset/{id}/column/{column_id}`: one column gone, and with it the dataset's main
   * time column setting if it named that column (a setting naming no column would fail queries).
   */
  async removeColumn(p: Principal, id: number, columnId: number): Promise<void> {
    const ds = await this.editable(p, id);
    const column = ds.columns.find((c) => c.id === columnId);
    if (!column) throw notFound("Dataset column not found.");
    const changes: Partial<DatasetData> = { columns: ds.columns.filter((c) => c.id !== columnId) };
    if (ds.main_dttm_col === column.column_name) changes.main_dttm_col = null;
    await this.meta.update<DatasetData>(DATASET, ds, changes, userId(p));
  }

  /** `DELETE /dataset/{id}/metric/{metric_id}`. */
  async removeMetric(p: Principal, id: number, metricId: number): Promise<void> {
    const ds = await this.editable(p, id);
    if (!ds.metrics.some((m) => m.id === metricId)) throw notFound("Dataset metric not found.");
    await this.meta.update<DatasetData>(
      DATASET,
      ds,
      { metrics: ds.metrics.filter((m) => m.id !== metricId) },
      userId(p),
    );
  }

  /** A dataset its owner (or an admin) may change here: not one managed by another system. */
  private async editable(p: Principal, id: number): Promise<DatasetEntity> {
    const { ds } = await this.getForWrite(p, id);
    if (ds.is_managed_externally)
      throw unprocessable("This dataset is managed externally and can't be edited in Strata.");
    return ds;
  }

  /** Metric and calculated-column expressions must be one valid expression over the dataset. */
  private async checkExpressions(p: Principal | null, db: DatabaseEntity, ds: DatasetEntity) {
    const exprs = [
      ...ds.metrics.map((m) => ({ field: "metrics", name: m.metric_name, sql: m.expression })),
      ...ds.columns
        .filter((c) => c.expression)
        .map((c) => ({ field: "columns", name: c.column_name, sql: c.expression! })),
    ];
    // Expressions with Jinja are checked when rendered for a query (they depend on its filters).
    exprs.splice(0, exprs.length, ...exprs.filter((e) => !hasTemplate(e.sql)));
    if (exprs.length === 0) return;
    for (const e of exprs) {
      if (/;/.test(e.sql.replace(/'(?:[^']|'')*'/g, ""))) {
        throw unprocessable({ [e.field]: [`${e.name}: an expression can't contain ';'`] });
      }
    }
    const engine = await this.databases.engineOf(db);
    const from = await this.source(ds, engine, p, "describe");
    for (const e of exprs) {
      try {
        await engine.describeQuery(`SELECT ${e.sql} FROM ${from}`, ds.schema);
      } catch (err) {
        const msg = toEngineError(err, db.engine).message;
        throw unprocessable({ [e.field]: [`${e.name}: ${msg}`] });
      }
    }
  }

  async refresh(p: Principal, id: number): Promise<DatasetEntity> {
    const { ds, db } = await this.getForWrite(p, id);
    if (!db) throw unprocessable({ database: ["Database does not exist"] });
    const source = await this.readSourceColumns(db, ds, p);
    const columns = await syncColumns(ds.columns, source, this.nextColumnId);
    return this.meta.update<DatasetData>(DATASET, ds, { columns }, userId(p));
  }

  async remove(p: Principal, id: number): Promise<void> {
    const { ds } = await this.getForWrite(p, id);
    await datasetIdentities(this.meta, ds.table_name).remove(ds, () => this.meta.delete(DATASET, ds));
    await detachObjectTags(this.meta, DATASET, id);
  }

  async getOrCreate(
    p: Principal,
    body: {
      table_name: string;
      database_id: number;
      schema?: string | null;
      catalog?: string | null;
      template_params?: string | null;
    },
  ) {
    requirePermission(p, "can_write", "Dataset");
    const existing = (await this.all()).find(
      (d) =>
        d.database_id === body.database_id &&
        d.table_name === body.table_name &&
        (d.schema ?? null) === (body.schema ?? null),
    );
    if (existing) {
      await this.get(p, existing.id);
      return existing;
    }
    return this.create(p, {
      database: body.database_id,
      table_name: body.table_name,
      schema: body.schema,
      catalog: body.catalog,
      template_params: body.template_params,
    });
  }

  /** Whether the principal may edit (tagging and bulk actions skip objects they can't). */
  async canEdit(p: Principal, id: number): Promise<boolean> {
    try {
      await this.getForWrite(p, id);
      return true;
    } catch {
      return false;
    }
  }

  /** `POST /dataset/duplicate`: a copy of a virtual dataset under a new name, with its metrics. */
  async duplicate(p: Principal, baseId: number, tableName: string): Promise<DatasetEntity> {
    const { ds } = await this.get(p, baseId);
    if (!ds.sql) throw badRequest("Only virtual datasets can be duplicated");
    const created = await this.create(p, {
      database: ds.database_id,
      table_name: tableName,
      schema: ds.schema,
      sql: ds.sql,
    });
    const metrics = [];
    for (const m of ds.metrics) metrics.push({ ...m, id: await this.nextMetricId(), uuid: randomUUID() });
    const copied = {
      description: ds.description,
      main_dttm_col: ds.main_dttm_col,
      template_params: ds.template_params,
      extra: ds.extra,
    };
    return this.meta.update<DatasetData>(DATASET, created, { ...copied, metrics }, userId(p));
  }

  requireAccess(p: Principal, ds: DatasetEntity, db: DatabaseEntity | undefined): void {
    if (!canAccessDataset(p, ds, db)) throw forbidden("You don't have access to this dataset.");
  }
}

/**
 * What a dataset reads, as the fields that decide it: its SQL, or its table when it has none, the
 * schema (a virtual dataset's unqualified names resolve in it), the catalog, and the template
 * parameters when anything in the dataset is templated. A virtual dataset's name is a label.
 */
function readsFrom(ds: DatasetEntity) {
  const sql = ds.sql?.trim() || null;
  // An empty text says the same as none (the edit form may send "" for an unset schema).
  return {
    sql,
    table_name: sql ? null : ds.table_name,
    schema: ds.schema || null,
    catalog: ds.catalog || null,
    template_params: datasetHasTemplates(ds) ? ds.template_params || null : null,
  };
}

/**
 * Expressions an editor without database access wrote in this update (new or changed text:
 * what was already in the dataset was written by someone allowed to) must pass the adhoc SQL
 * check without subqueries, and carry no template.
 */
function checkWrittenExpressions(before: DatasetEntity, after: DatasetEntity): void {
  const known = new Set(
    [
      ...before.metrics.map((m) => m.expression),
      ...before.columns.map((c) => c.expression),
      before.fetch_values_predicate,
    ]
      .map((e) => e?.trim())
      .filter(Boolean),
  );
  const written = [
    ...after.metrics.map((m) => ({ field: "metrics", name: m.metric_name, sql: m.expression })),
    ...after.columns.map((c) => ({ field: "columns", name: c.column_name, sql: c.expression })),
    { field: "fetch_values_predicate", name: "fetch_values_predicate", sql: after.fetch_values_predicate },
  ].filter((e) => e.sql?.trim() && !known.has(e.sql.trim()));
  const advice = "Ask someone with access to the whole database to write it.";
  for (const e of written) {
    const sql = e.sql as string;
    if (hasTemplate(sql))
      throw unprocessable({
        [e.field]: [`${e.name}: templates in expressions need access to the whole database. ${advice}`],
      });
    try {
      validateSqlExpression(sql, { allowSubqueries: false, context: e.name });
    } catch (err) {
      if (!isQueryValidationError(err)) throw err;
      throw unprocessable({ [e.field]: [`${e.name}: ${err.message} ${advice}`] });
    }
  }
}
