import { randomUUID } from "node:crypto";
import {
  type DatabasePost,
  type DatabasePut,
  type DatabaseParameters,
  type DatabaseRow,
  ErrorType,
  PASSWORD_MASK,
  type TestConnection,
} from "@strata/contracts";
import type { QueryEngine } from "@strata/engines";
import { AppError, badRequest, forbidden, notFound, typedError, unprocessable } from "../errors.ts";
import { humanizeSince } from "../resources/humanize.ts";
import { canAccessDatabase, hasAnyAccessIn } from "../security/data-access.ts";
import { type DatasetList, tableGrants } from "../security/table-access.ts";
import { type Principal, requirePermission, userId } from "../security/principal.ts";
import type { SecretBox } from "../security/secret-box.ts";
import { ownerRef } from "../security/users.ts";
import type { UserEntity } from "../security/types.ts";
import type { Entity, MetaStore } from "../store/meta-store.ts";
import type { EngineRegistry } from "./engine-registry.ts";
import { AVAILABLE_ENGINES, capabilitiesOf, checkParameters, engineSpec } from "./engine-specs.ts";
import { toEngineError } from "./engine-errors.ts";
import { DATABASE, type DatabaseData, type DatabaseEntity } from "./types.ts";
import { databaseNames } from "./unique-name.ts";
import { uploadSchemasOf } from "./upload-schemas.ts";
import { sameConnectionTarget } from "./stored-password.ts";
import { displayUri, parseUri } from "./uri.ts";

type Input = DatabasePost | DatabasePut | TestConnection;

/** Databases: connections, their flags, and browsing their catalogs, schemas and tables. */
export class Databases {
  constructor(
    private readonly meta: MetaStore,
    private readonly registry: EngineRegistry,
    private readonly box: SecretBox,
    private readonly usersById: (ids: number[]) => Promise<Map<number, UserEntity>>,
    private readonly datasetsUsing: (databaseId: number) => Promise<number>,
    /** Every dataset: those a caller has datasource_access on name tables they may list. */
    private readonly datasets?: DatasetList,
  ) {}

  all(): Promise<DatabaseEntity[]> {
    return this.meta.list<DatabaseData>(DATABASE);
  }

  async find(id: number): Promise<DatabaseEntity | undefined> {
    return this.meta.get<DatabaseData>(DATABASE, id);
  }

  /** Reads a database the principal may see; hides existence from others (404). */
  async get(p: Principal, id: number): Promise<DatabaseEntity> {
    requirePermission(p, "can_read", "Database");
    return this.visible(p, await this.find(id));
  }

  private visible(p: Principal, db: DatabaseEntity | undefined): DatabaseEntity {
    if (!db || !hasAnyAccessIn(p, db)) throw notFound("Database not found.");
    return db;
  }

  /** For running queries: the cache's frozen copy (read-only), as every query reads it. */
  private async forQueries(p: Principal, id: number): Promise<DatabaseEntity> {
    requirePermission(p, "can_read", "Database");
    return this.visible(p, await this.meta.getShared<DatabaseData>(DATABASE, id));
  }

  async rows(p: Principal): Promise<(DatabaseRow & Record<string, unknown>)[]> {
    requirePermission(p, "can_read", "Database");
    const visible = (await this.all()).filter((db) => hasAnyAccessIn(p, db));
    const users = await this.usersById(visible.map((d) => d.created_by_fk ?? 0));
    return visible.map((db) => this.row(db, users));
  }

  row(db: DatabaseEntity, users: Map<number, UserEntity>): DatabaseRow & Record<string, unknown> {
    return {
      id: db.id,
      database_name: db.database_name,
      backend: db.engine,
      engine: db.engine,
      allow_multi_catalog: db.allow_multi_catalog,
      expose_in_sqllab: db.expose_in_sqllab,
      allow_run_async: db.allow_run_async,
      allow_dml: db.allow_dml,
      allow_file_upload: db.allow_file_upload,
      allow_ctas: db.allow_ctas,
      allow_cvas: db.allow_cvas,
      // EXPLAIN-based estimates (POST /api/v1/sqllab/estimate/), where the engine has them wired.
      allows_cost_estimate: capabilitiesOf(db.engine).supportsCostEstimate,
      disable_data_preview: db.disable_data_preview,
      cache_timeout: db.cache_timeout,
      force_ctas_schema: db.force_ctas_schema,
      extra: db.extra,
      uuid: db.uuid,
      changed_on: db.changed_on,
      changed_on_delta_humanized: humanizeSince(db.changed_on),
      created_by: ownerRef(users.get(db.created_by_fk ?? 0)),
      changed_by: ownerRef(users.get(db.changed_by_fk ?? 0)),
    };
  }

  /** The full record for the edit form; the password is masked. */
  detail(db: DatabaseEntity) {
    const hasPassword = Boolean(db.sealed_password);
    const spec = engineSpec(db.engine);
    return {
      ...this.row(db, new Map()),
      configuration_method: db.configuration_method,
      sqlalchemy_uri: displayUri(db.engine, db.parameters, hasPassword),
      parameters: { ...db.parameters, ...(hasPassword ? { password: PASSWORD_MASK } : {}) },
      parameters_schema: spec?.parameters,
      engine_information: spec?.engine_information,
      driver: spec?.default_driver,
      impersonate_user: db.impersonate_user,
      external_url: db.external_url,
      is_managed_externally: db.is_managed_externally,
      builtin: Boolean(db.builtin),
      server_cert: null,
      masked_encrypted_extra: null,
    };
  }

  /** Engine and parameters from either the URI or the dynamic form. */
  private connection(
    body: Input,
    previous?: DatabaseEntity,
  ): { engine: DatabaseData["engine"]; parameters: DatabaseParameters; password?: string } {
    let engine = body.engine ?? previous?.engine;
    let parameters: DatabaseParameters = { ...(previous?.parameters ?? {}) };
    if (body.sqlalchemy_uri) {
      const parsed = parseUri(body.sqlalchemy_uri);
      if (body.engine && body.engine !== parsed.engine) {
        throw badRequest({ sqlalchemy_uri: [`The URI is for ${parsed.engine}, not ${body.engine}`] });
      }
      engine = parsed.engine;
      parameters = parsed.parameters;
    } else if (body.parameters) {
      parameters = { ...body.parameters };
    }
    if (!engine) throw badRequest({ engine: ["Pick an engine or give a sqlalchemy_uri"] });
    const { password, ...rest } = parameters;
    if (rest.port !== undefined && rest.port !== "") rest.port = Number(rest.port);
    // The mask means "the stored password" — see storedPasswordFor for when that is allowed.
    const plain = password === PASSWORD_MASK ? undefined : password;
    return { engine, parameters: rest, password: plain };
  }

  /**
   * The sealed password a connection without a new password may use: the saved database's, and
   * only while the connection still points where it was saved for (stored-password.ts).
   */
  private storedPasswordFor(
    previous: DatabaseEntity | undefined,
    conn: { engine: DatabaseData["engine"]; parameters: DatabaseParameters },
  ): string | null {
    if (!previous?.sealed_password) return null;
    return sameConnectionTarget(previous, conn) ? previous.sealed_password : null;
  }

  /** A saved database named in a test/validate request, if the caller may see it. */
  private async savedByName(p: Principal, name: string | undefined): Promise<DatabaseEntity | undefined> {
    if (!name) return undefined;
    return (await this.all()).find((d) => d.database_name === name && hasAnyAccessIn(p, d));
  }

  private flags(body: Input, prev?: DatabaseData) {
    // A field left out keeps its value; an explicit null clears a nullable one (as Superset's PUT).
    const pick = <K extends keyof DatabaseData>(k: K, fallback: DatabaseData[K]): DatabaseData[K] => {
      const sent = (body as Record<string, unknown>)[k] as DatabaseData[K] | undefined;
      return sent !== undefined ? sent : (prev?.[k] ?? fallback);
    };
    const extra = body.extra ?? prev?.extra ?? "{}";
    try {
      JSON.parse(extra || "{}");
    } catch {
      throw badRequest({ extra: ["Field cannot be decoded by JSON: extra must be a JSON object"] });
    }
    return {
      expose_in_sqllab: pick("expose_in_sqllab", true),
      allow_run_async: pick("allow_run_async", false),
      allow_dml: pick("allow_dml", false),
      allow_file_upload: pick("allow_file_upload", false),
      allow_ctas: pick("allow_ctas", false),
      allow_cvas: pick("allow_cvas", false),
      allow_multi_catalog: pick("allow_multi_catalog", false),
      disable_data_preview: pick("disable_data_preview", false),
      cache_timeout: body.cache_timeout === undefined ? (prev?.cache_timeout ?? null) : body.cache_timeout,
      extra: extra || "{}",
      force_ctas_schema: pick("force_ctas_schema", null),
      impersonate_user: pick("impersonate_user", false),
      external_url: pick("external_url", null),
      is_managed_externally: pick("is_managed_externally", false),
    };
  }

  private async checkName(name: string, exceptId?: number) {
    const taken = (await this.all()).some(
      (d) => d.database_name.toLowerCase() === name.toLowerCase() && d.id !== exceptId,
    );
    if (taken) throw unprocessable({ database_name: ["A database with the same name already exists."] });
  }

  async create(
    p: Principal | null,
    body: DatabasePost,
    opts: { builtin?: boolean } = {},
  ): Promise<DatabaseEntity> {
    if (p) requirePermission(p, "can_write", "Database");
    await this.checkName(body.database_name);
    const conn = this.connection(body);
    this.rejectInvalid(conn.engine, conn.parameters, conn.password);
    const data: DatabaseData = {
      database_name: body.database_name,
      engine: conn.engine,
      configuration_method:
        body.configuration_method ?? (body.sqlalchemy_uri ? "sqlalchemy_form" : "dynamic_form"),
      parameters: conn.parameters,
      sealed_password: conn.password ? this.box.seal(conn.password) : null,
      ...this.flags(body),
      uuid: body.uuid ?? randomUUID(),
      builtin: opts.builtin,
    };
    // Refuse to save a connection that can't be opened (Superset tests on save too).
    await this.probe(this.registry.configFor(data, conn.password));
    // The name is claimed before the write, so of racing creates exactly one gets it.
    return databaseNames(this.meta).create(data.database_name, (newId) =>
      this.meta.create<DatabaseData>(DATABASE, data, p ? userId(p) : null, newId),
    );
  }

  async update(p: Principal, id: number, body: DatabasePut): Promise<DatabaseEntity> {
    requirePermission(p, "can_write", "Database");
    const db = await this.get(p, id);
    if (body.database_name) await this.checkName(body.database_name, id);
    const connectionSent = Boolean(body.sqlalchemy_uri || body.parameters || body.engine);
    // The embedded examples database keeps its file; a body that repeats its connection (as an
    // edit form sends the whole record, like Superset's) is a settings edit, not a repoint.
    if (db.builtin && connectionSent) this.refuseRepointingBuiltin(db, body);
    const connectionChanged = connectionSent && !db.builtin;
    const changes: Partial<DatabaseData> = { ...this.flags(body, db) };
    if (body.database_name) changes.database_name = body.database_name;
    if (body.configuration_method) changes.configuration_method = body.configuration_method;
    if (connectionChanged) {
      const conn = this.connection(body, db);
      const kept = conn.password === undefined ? this.storedPasswordFor(db, conn) : null;
      this.rejectInvalid(conn.engine, conn.parameters, conn.password ?? (kept ? "kept" : undefined));
      changes.engine = conn.engine;
      changes.parameters = conn.parameters;
      if (conn.password !== undefined)
        changes.sealed_password = conn.password ? this.box.seal(conn.password) : null;
      else changes.sealed_password = kept;
      await this.probe(this.registry.configFor({ ...db, ...changes }));
    }
    const saved = await databaseNames(this.meta).rename(db, changes.database_name ?? db.database_name, () =>
      this.meta.update<DatabaseData>(DATABASE, db, changes, userId(p)),
    );
    this.registry.forget(db);
    return saved;
  }

  /** Refuses a PUT that would move the embedded examples database off its file or engine. */
  private refuseRepointingBuiltin(db: DatabaseEntity, body: DatabasePut): void {
    const conn = this.connection(body, db);
    if (!conn.password && sameConnectionTarget(db, conn)) return;
    const field = body.sqlalchemy_uri ? "sqlalchemy_uri" : body.parameters ? "parameters" : "engine";
    throw badRequest({
      [field]: [
        "The embedded examples database always uses its bundled DuckDB file: its engine and file can't be changed. Its name and settings can; to use another file, connect a new database.",
      ],
    });
  }

  async remove(p: Principal, id: number): Promise<void> {
    requirePermission(p, "can_write", "Database");
    const db = await this.get(p, id);
    if (db.builtin) throw unprocessable("The embedded examples database can't be deleted.");
    const used = await this.datasetsUsing(id);
    if (used > 0) throw unprocessable(`Cannot delete a database that has datasets attached (${used}).`);
    await databaseNames(this.meta).remove(db, () => this.meta.delete(DATABASE, db));
    this.registry.forget(db);
  }

  private rejectInvalid(engine: DatabaseData["engine"], parameters: DatabaseParameters, password?: string) {
    const errors = checkParameters(engine, { ...parameters, password });
    if (errors.length) throw new AppError(422, { message: errors.map((e) => e.message).join(" "), errors });
  }

  private async probe(config: ReturnType<EngineRegistry["configFor"]>): Promise<void> {
    try {
      await this.registry.probe(config, (engine) => engine.testConnection());
    } catch (e) {
      throw toEngineError(e, config.engine);
    }
  }

  /** `POST /test_connection/`: may reuse a saved password when the form shows the mask. */
  async testConnection(p: Principal, body: TestConnection): Promise<void> {
    requirePermission(p, "can_write", "Database");
    const previous = await this.savedByName(p, body.database_name);
    const conn = this.connection(body, previous);
    const sealed = conn.password === undefined ? this.storedPasswordFor(previous, conn) : null;
    this.rejectInvalid(conn.engine, conn.parameters, conn.password ?? (sealed ? "kept" : undefined));
    await this.probe(
      this.registry.configFor(
        {
          engine: conn.engine,
          parameters: conn.parameters,
          sealed_password: sealed,
          builtin: previous?.builtin,
        },
        conn.password,
      ),
    );
  }

  /** `POST /validate_parameters/`: static checks, then a connection attempt. */
  async validateParameters(
    p: Principal,
    body: { engine: string; parameters?: Record<string, unknown>; database_name?: string },
  ): Promise<void> {
    requirePermission(p, "can_write", "Database");
    const spec = engineSpec(body.engine);
    if (!spec) {
      throw typedError(
        422,
        ErrorType.GENERIC_DB_ENGINE_ERROR,
        `Engine "${body.engine}" is not a valid engine.`,
        {
          allowed: AVAILABLE_ENGINES.map((e) => e.engine),
        },
      );
    }
    const parameters = (body.parameters ?? {}) as DatabaseParameters;
    const errors = checkParameters(spec.engine, parameters);
    if (errors.length) throw new AppError(422, { message: errors.map((e) => e.message).join(" "), errors });
    const { password, ...rest } = parameters;
    // The edit form validates with the mask: the saved password stands in only for the same target.
    const previous = await this.savedByName(p, body.database_name);
    const masked = password === PASSWORD_MASK || password === undefined;
    const sealed = masked
      ? this.storedPasswordFor(previous, { engine: spec.engine, parameters: rest })
      : null;
    await this.probe(
      this.registry.configFor(
        { engine: spec.engine, parameters: rest, sealed_password: sealed },
        masked ? undefined : password,
      ),
    );
  }

  async engine(p: Principal, id: number): Promise<{ db: DatabaseEntity; engine: QueryEngine }> {
    const db = await this.forQueries(p, id);
    // Refused before an engine is opened for it.
    if (!canAccessDatabase(p, db)) throw forbidden("You don't have access to this database.");
    return { db, engine: await this.registry.forDatabase(db) };
  }

  /**
   * For SQL Lab, which a caller may also use with access to only some of a database's tables
   * (schema or dataset access): `wholeDatabase` false then, and each query's tables are checked.
   */
  async engineForSql(
    p: Principal,
    id: number,
  ): Promise<{ db: DatabaseEntity; engine: QueryEngine; wholeDatabase: boolean }> {
    const db = await this.forQueries(p, id);
    return { db, engine: await this.registry.forDatabase(db), wholeDatabase: canAccessDatabase(p, db) };
  }

  /**
   * The engine a dataset's queries run on, with its catalog still one the database allows: a
   * dataset saved on another catalog while changing catalogs was allowed stops reading it once
   * an admin turns that off (its queries would otherwise reach another database of the server).
   */
  async engineForDataset(db: DatabaseEntity, catalog: string | null | undefined): Promise<QueryEngine> {
    const engine = await this.engineOf(db);
    await this.requireCatalogAllowed(db, catalog, { engine });
    return engine;
  }

  /** An engine for internal use (dataset column discovery, examples), no principal check. */
  async engineOf(db: DatabaseEntity): Promise<QueryEngine> {
    return this.registry.forDatabase(db);
  }

  private async run<T>(engineName: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      throw toEngineError(e, engineName);
    }
  }

  /**
   * Refuses a catalog other than the connection's own when the database does not allow changing
   * catalogs (`allow_multi_catalog`). A catalog is not a name inside this connection's data: on
   * PostgreSQL it is another database of the same server, reached with this connection's
   * credentials, so without this anyone who may query "shop" could read "hr". Whole-database
   * access covers every catalog once an admin allows them (as in Superset). No catalog, or the
   * default one named explicitly, is the connection's own. `as: "field"` answers in the field
   * shape of the dataset endpoints (`{catalog: [...]}`), else one structured error.
   */
  async requireCatalogAllowed(
    db: DatabaseEntity,
    catalog: string | null | undefined,
    opts: { engine?: QueryEngine; as?: "field" | "error" } = {},
  ): Promise<void> {
    if (!catalog || db.allow_multi_catalog) return;
    const engine = opts.engine ?? (await this.engineOf(db));
    const own = await this.run(db.engine, () => engine.defaultCatalog());
    if (catalog === own) return;
    const message =
      `Only the default catalog is supported for this connection: "${db.database_name}" does not allow ` +
      `changing catalogs, so "${catalog}" can't be used. Leave the catalog empty, or ask an admin to turn ` +
      `on "Allow changing catalogs" in the database's settings.`;
    if (opts.as === "field") throw unprocessable({ catalog: [message] });
    throw typedError(422, ErrorType.GENERIC_COMMAND_ERROR, message, { catalog });
  }

  /**
   * The engine for browsing a database's schemas and tables, and what the caller may see there:
   * everything with access to the whole database, else the tables their schema or dataset access
   * covers, on the connection's own catalog only.
   */
  private async browse(p: Principal, id: number, catalog?: string | null) {
    const { db, engine, wholeDatabase } = await this.engineForSql(p, id);
    await this.requireCatalogAllowed(db, catalog, { engine });
    if (wholeDatabase) return { db, engine, grants: undefined };
    if (catalog && catalog !== (await this.run(db.engine, () => engine.defaultCatalog())))
      throw forbidden(`Your access covers tables of "${db.database_name}" in its default catalog only.`);
    const grants = await this.run(db.engine, () => tableGrants(p, db, engine, this.datasets));
    return { db, engine, grants };
  }

  /** The catalogs a caller may name: every one when the database allows changing them, else its own. */
  async catalogs(p: Principal, id: number): Promise<string[]> {
    const { db, engine, grants } = await this.browse(p, id);
    if (!db.allow_multi_catalog || grants) return [await this.run(db.engine, () => engine.defaultCatalog())];
    return this.run(db.engine, async () => (await engine.catalogs()).sort());
  }

  /** `uploadAllowed`: only those a file may be uploaded into (Superset's `upload_allowed`). */
  async schemas(
    p: Principal,
    id: number,
    catalog?: string | null,
    opts: { uploadAllowed?: boolean } = {},
  ): Promise<string[]> {
    const { db, engine, grants } = await this.browse(p, id, catalog);
    const schemas = await this.run(db.engine, async () => (await engine.schemas(catalog)).sort());
    if (opts.uploadAllowed) return uploadTargets(db, schemas, !grants);
    return grants ? schemas.filter((s) => grants.schema(s) || grants.datasetSchemas.has(s)) : schemas;
  }

  /**
   * `GET /schemas_access_for_file_upload/`: the schemas the caller may upload files into — none
   * unless the database takes uploads and the caller may write to it (uploading needs access to
   * the whole database), else those its settings allow, or all of them.
   */
  async uploadSchemas(p: Principal, id: number): Promise<string[]> {
    return this.schemas(p, id, null, { uploadAllowed: true });
  }

  async tables(p: Principal, id: number, schema: string, catalog?: string | null) {
    const { db, engine, grants } = await this.browse(p, id, catalog);
    const tables = await this.run(db.engine, () => engine.tables(schema, catalog));
    return tables
      .filter((t) => !grants || grants.table({ schema, table: t.name }))
      .map((t) => ({ value: t.name, type: t.type, extra: null }));
  }

  async tableMetadata(
    p: Principal,
    id: number,
    name: string,
    schema?: string | null,
    catalog?: string | null,
  ) {
    const { engine, columns } = await this.readableTable(p, id, name, schema, catalog);
    return {
      name,
      schema: schema ?? null,
      catalog: catalog ?? null,
      columns: columns.map((c) => ({
        name: c.name,
        type: c.type,
        type_generic: c.kind,
        nullable: c.nullable,
        longType: c.type,
        keys: [],
      })),
      selectStar: selectStarOf(engine, name, schema, columns),
      primaryKey: { constrained_columns: null, name: null, type: "pk" },
      foreignKeys: [],
      indexes: [],
      comment: null,
    };
  }

  /** `GET /select_star/{table}/{schema}/`: the query SQL Lab's table preview runs. */
  async selectStar(p: Principal, id: number, name: string, schema?: string | null): Promise<string> {
    const { engine, columns } = await this.readableTable(p, id, name, schema);
    return selectStarOf(engine, name, schema, columns);
  }

  /** `GET /function_names/`: what the SQL editor completes besides keywords and tables. */
  async functionNames(p: Principal, id: number): Promise<string[]> {
    const { db, engine } = await this.engineForSql(p, id);
    return this.run(db.engine, async () => (await engine.functionNames?.()) ?? []);
  }

  /**
   * The columns of a table the caller may browse: any table with access to the whole database,
   * else one their schema or dataset access covers, named in the same words whether it is hidden
   * or missing.
   */
  private async readableTable(
    p: Principal,
    id: number,
    name: string,
    schema?: string | null,
    catalog?: string | null,
  ) {
    const { db, engine, grants } = await this.browse(p, id, catalog);
    if (grants) {
      const [target] = await this.run(
        db.engine,
        async () =>
          (await engine.resolveTables?.([schema ? { schema, table: name } : { table: name }], schema)) ?? [
            null,
          ],
      );
      if (!target || !grants.table(target))
        throw typedError(
          403,
          ErrorType.TABLE_SECURITY_ACCESS_ERROR,
          `You don't have access to the table ${schema ? `${schema}.` : ""}${name} on "${db.database_name}" (or it does not exist).`,
        );
    }
    const columns = await this.run(db.engine, () => engine.columns(name, schema, catalog));
    if (columns.length === 0) {
      throw typedError(
        404,
        ErrorType.TABLE_DOES_NOT_EXIST_ERROR,
        `Table ${schema ? `${schema}.` : ""}${name} does not exist.`,
      );
    }
    return { engine, columns };
  }

  async validateSql(p: Principal, id: number, sql: string, catalog?: string | null) {
    const { db, engine } = await this.engine(p, id);
    // Statements are planned on the connection's own catalog; naming another is refused, as in SQL Lab.
    await this.requireCatalogAllowed(db, catalog, { engine });
    try {
      // Read-only statements are also planned (not run), which catches syntax and name errors.
      for (const st of await engine.parseStatements(sql)) if (st.readOnly) await engine.describeQuery(st.sql);
      return [];
    } catch (e) {
      const err = toEngineError(e, db.engine);
      const line = /line (\d+)/i.exec(err.message)?.[1];
      return [
        { message: err.message, line_number: line ? Number(line) : 1, start_column: null, end_column: null },
      ];
    }
  }
}

export type { Entity };

/** The first hundred rows of a table, its columns named one per line (quoted as the engine quotes). */
function selectStarOf(
  engine: QueryEngine,
  table: string,
  schema: string | null | undefined,
  columns: { name: string }[],
): string {
  const q = (s: string) => engine.quoteIdentifier(s);
  const qualified = schema ? `${q(schema)}.${q(table)}` : q(table);
  return `SELECT\n  ${columns.map((c) => q(c.name)).join(",\n  ")}\nFROM ${qualified}\nLIMIT 100`;
}

/** Of a database's schemas, those an upload may go into (see `uploadSchemasOf`). */
function uploadTargets(db: DatabaseEntity, schemas: string[], wholeDatabase: boolean): string[] {
  if (!db.allow_file_upload || !wholeDatabase) return [];
  const allowed = uploadSchemasOf(db);
  return allowed ? schemas.filter((s) => allowed.includes(s)) : schemas;
}
