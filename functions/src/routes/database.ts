import {
  CatalogsQuerySchema,
  type DatabaseFunctionNames,
  DatabasePostSchema,
  DatabasePutSchema,
  type DatabaseRelatedObjects,
  type DatabaseShow,
  SchemasQuerySchema,
  type SelectStarResponse,
  TablesQuerySchema,
  TestConnectionSchema,
  ValidateParametersSchema,
  ValidateSqlSchema,
} from "@strata/contracts";
import {
  AVAILABLE_ENGINES,
  badRequest,
  DATABASE_DISTINCT_COLUMNS,
  DATABASE_LIST_SPEC,
  type DatabaseEntity,
  engineSpec,
  requirePermission,
} from "@strata/core";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId, risonQuery } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";
import { uploadRoute } from "./database-upload.ts";

/**
 * `GET /api/v1/database/{id}`: Superset's show columns and nothing of the connection (no URI,
 * parameters, or `extra`, which can hold a file path or credentials). Built field by field so a
 * field added to the stored database is not published here by accident.
 */
function show(db: DatabaseEntity): DatabaseShow {
  const spec = engineSpec(db.engine);
  return {
    id: db.id,
    uuid: db.uuid,
    database_name: db.database_name,
    backend: db.engine,
    driver: spec?.default_driver ?? null,
    configuration_method: db.configuration_method,
    cache_timeout: db.cache_timeout,
    expose_in_sqllab: db.expose_in_sqllab,
    allow_run_async: db.allow_run_async,
    allow_file_upload: db.allow_file_upload,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    allow_dml: db.allow_dml,
    force_ctas_schema: db.force_ctas_schema,
    impersonate_user: db.impersonate_user,
    is_managed_externally: db.is_managed_externally,
    engine_information: spec?.engine_information ?? null,
  };
}

/** Longer than any engine allows a table or schema name; a longer path segment is a mistake. */
const MAX_NAME_CHARS = 512;

/** A table named in the path, as Superset's `select_star/{table}/` takes it. */
function tableInPath(raw: string): string {
  if (!raw || raw.length > MAX_NAME_CHARS)
    throw badRequest({ table_name: [`A table name of 1 to ${MAX_NAME_CHARS} characters is required.`] });
  return raw;
}

/** A schema in the path: Superset's client sends "undefined" or "null" for none. */
function schemaInPath(raw: string): string | null {
  if (raw === "undefined" || raw === "null" || raw === "") return null;
  if (raw.length > MAX_NAME_CHARS)
    throw badRequest({ schema_name: [`A schema name can be at most ${MAX_NAME_CHARS} characters.`] });
  return raw;
}

/** The metadata of the table and schema named in the path (Superset's older per-table paths). */
function tableMetadataInPath(c: Context<AppEnv>) {
  return c
    .get("core")
    .databases.tableMetadata(
      c.get("principal"),
      pathId(c),
      tableInPath(c.req.param("table") ?? ""),
      schemaInPath(c.req.param("schema") ?? ""),
    );
}

/** `/api/v1/database/…` */
export function databaseRoutes() {
  const list = listRoutes({
    view: "Database",
    noun: "database",
    rows: (c) => c.get("core").databases.rows(c.get("principal")),
    spec: DATABASE_LIST_SPEC,
    related: {
      created_by: userOptions,
      changed_by: userOptions,
    },
    distinct: DATABASE_DISTINCT_COLUMNS,
    remove: {
      check: async (c, id) => {
        await c.get("core").databases.get(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").databases.remove(c.get("principal"), id),
    },
  });

  return (
    new Hono<AppEnv>()
      .get("/available", (c) => {
        requirePermission(c.get("principal"), "can_read", "Database");
        return c.json({ databases: AVAILABLE_ENGINES });
      })
      .post("/test_connection", async (c) => {
        await c
          .get("core")
          .databases.testConnection(c.get("principal"), await jsonBody(c, TestConnectionSchema));
        return c.json({ message: "OK" });
      })
      .post("/validate_parameters", async (c) => {
        await c
          .get("core")
          .databases.validateParameters(c.get("principal"), await jsonBody(c, ValidateParametersSchema));
        return c.json({ message: "OK" });
      })
      .route("/", list)
      .get("/:id{[0-9]+}", async (c) => {
        const db = await c.get("core").databases.get(c.get("principal"), pathId(c));
        return c.json({ id: db.id, result: show(db) });
      })
      .get("/:id{[0-9]+}/connection", async (c) => {
        const core = c.get("core");
        // The connection (URI, parameters, extra) is for those who may edit databases: reading one
        // (access to any of its datasets is enough) is not being trusted with where and as whom it
        // connects.
        requirePermission(c.get("principal"), "can_write", "Database");
        const db = await core.databases.get(c.get("principal"), pathId(c));
        return c.json({ id: db.id, result: core.databases.detail(db) });
      })
      .post("/", async (c) => {
        const core = c.get("core");
        const db = await core.databases.create(c.get("principal"), await jsonBody(c, DatabasePostSchema));
        return c.json({ id: db.id, result: core.databases.detail(db) }, 201);
      })
      .put("/:id{[0-9]+}", async (c) => {
        const core = c.get("core");
        const db = await core.databases.update(
          c.get("principal"),
          pathId(c),
          await jsonBody(c, DatabasePutSchema),
        );
        return c.json({ id: db.id, result: core.databases.detail(db) });
      })
      .delete("/:id{[0-9]+}", async (c) => {
        await c.get("core").databases.remove(c.get("principal"), pathId(c));
        return c.json({ message: "OK" });
      })
      .get("/:id{[0-9]+}/catalogs", async (c) => {
        risonQuery(c, CatalogsQuerySchema);
        return c.json({ result: await c.get("core").databases.catalogs(c.get("principal"), pathId(c)) });
      })
      .get("/:id{[0-9]+}/schemas", async (c) => {
        const q = risonQuery(c, SchemasQuerySchema);
        return c.json({
          result: await c
            .get("core")
            .databases.schemas(c.get("principal"), pathId(c), q.catalog, { uploadAllowed: q.upload_allowed }),
        });
      })
      .get("/:id{[0-9]+}/tables", async (c) => {
        const q = risonQuery(c, TablesQuerySchema);
        const result = await c
          .get("core")
          .databases.tables(c.get("principal"), pathId(c), q.schema_name, q.catalog_name);
        return c.json({ count: result.length, result });
      })
      .get("/:id{[0-9]+}/table_metadata", async (c) => {
        const name = c.req.query("name");
        if (!name) throw badRequest({ name: ["The table name is required (?name=)."] });
        const meta = await c
          .get("core")
          .databases.tableMetadata(
            c.get("principal"),
            pathId(c),
            name,
            c.req.query("schema"),
            c.req.query("catalog"),
          );
        return c.json(meta);
      })
      .get("/:id{[0-9]+}/table_metadata/extra", async (c) => {
        const name = c.req.query("name");
        if (!name) throw badRequest({ name: ["The table name is required (?name=)."] });
        await c
          .get("core")
          .databases.tableMetadata(
            c.get("principal"),
            pathId(c),
            name,
            c.req.query("schema"),
            c.req.query("catalog"),
          );
        return c.json({});
      })
      // Superset's older paths for the same two answers, kept for clients written against them
      // (the table and schema in the path, "undefined"/"null" for no schema).
      .get("/:id{[0-9]+}/table/:table/:schema", async (c) => c.json(await tableMetadataInPath(c)))
      .get("/:id{[0-9]+}/table_extra/:table/:schema", async (c) => {
        await tableMetadataInPath(c);
        return c.json({});
      })
      .get("/:id{[0-9]+}/select_star/:table", async (c) => {
        const sql = await c
          .get("core")
          .databases.selectStar(c.get("principal"), pathId(c), tableInPath(c.req.param("table")), null);
        return c.json({ result: sql } satisfies SelectStarResponse);
      })
      .get("/:id{[0-9]+}/select_star/:table/:schema", async (c) => {
        const schema = schemaInPath(c.req.param("schema"));
        const sql = await c
          .get("core")
          .databases.selectStar(c.get("principal"), pathId(c), tableInPath(c.req.param("table")), schema);
        return c.json({ result: sql } satisfies SelectStarResponse);
      })
      .get("/:id{[0-9]+}/schemas_access_for_file_upload", async (c) => {
        const schemas = await c.get("core").databases.uploadSchemas(c.get("principal"), pathId(c));
        return c.json({ schemas });
      })
      .get("/:id{[0-9]+}/function_names", async (c) => {
        const names = await c.get("core").databases.functionNames(c.get("principal"), pathId(c));
        return c.json({ function_names: names } satisfies DatabaseFunctionNames);
      })
      .get("/:id{[0-9]+}/related_objects", async (c) => {
        const related: DatabaseRelatedObjects = await c
          .get("core")
          .relatedObjects.ofDatabase(c.get("principal"), pathId(c));
        return c.json(related);
      })
      .post("/:id{[0-9]+}/validate_sql", async (c) => {
        const body = await jsonBody(c, ValidateSqlSchema);
        return c.json({
          result: await c
            .get("core")
            .databases.validateSql(c.get("principal"), pathId(c), body.sql, body.catalog),
        });
      })
      .route("/", uploadRoute())
  );
}
