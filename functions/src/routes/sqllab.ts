import { randomBytes } from "node:crypto";
import { ListQuerySchema, parseDatasourceKey } from "@strata/contracts";
import { badRequest, formatSql, notFound } from "@strata/core";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId, risonQuery } from "../http/input.ts";

const ExecuteSchema = v.looseObject({
  client_id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  database_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sql: v.pipe(v.string(), v.minLength(1, "Write some SQL first"), v.maxLength(1_000_000)),
  schema: v.optional(v.nullable(v.string())),
  catalog: v.optional(v.nullable(v.string())),
  runAsync: v.optional(v.boolean()),
  sql_editor_id: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  tab: v.optional(v.nullable(v.string())),
  templateParams: v.optional(v.nullable(v.string())),
  queryLimit: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  select_as_cta: v.optional(v.boolean()),
  ctas_method: v.optional(v.nullable(v.picklist(["TABLE", "VIEW"], "ctas_method is TABLE or VIEW"))),
  tmp_table_name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(250)))),
});
const ResultsQuery = v.strictObject({
  key: v.pipe(v.string(), v.uuid("Unknown results key")),
  rows: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
const StopSchema = v.strictObject({ client_id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });
const UpdatedSince = v.strictObject({ last_updated_ms: v.number() });

/** `/api/v1/sqllab/…`: execute and results. */
export function sqlLabRoutes() {
  return new Hono<AppEnv>()
    .post("/execute", async (c) => {
      const body = await jsonBody(c, ExecuteSchema);
      const reply = await c.get("core").sqlLab.execute(c.get("principal"), {
        ...body,
        sql_editor_id:
          body.sql_editor_id === undefined || body.sql_editor_id === null ? null : String(body.sql_editor_id),
      });
      return reply.status === 200
        ? c.body(reply.body, 200, { "content-type": "application/json" })
        : c.json(reply.body, 202);
    })
    .get("/results", async (c) => {
      const q = risonQuery(c, ResultsQuery);
      const body = await c.get("core").sqlLab.results(c.get("principal"), q.key, q.rows);
      return c.body(body, 200, { "content-type": "application/json" });
    })
    .get("/export/:clientId", async (c) => {
      const { fileName, chunks } = await c
        .get("core")
        .sqlLab.exportCsv(c.get("principal"), c.req.param("clientId"));
      // Streamed chunk by chunk: a 1M-row result never sits whole in memory.
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
        async cancel() {
          await chunks.return(undefined);
        },
      });
      return c.body(stream, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${fileName}"`,
      });
    });
}

/** `/api/v1/query/…`: history, one query, updates since, stop. */
export function queryRoutes() {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = risonQuery(c, ListQuerySchema);
      return c.json(await c.get("core").sqlLab.history(c.get("principal"), q));
    })
    .get("/updated_since", async (c) => {
      const q = risonQuery(c, UpdatedSince);
      return c.json({
        result: await c.get("core").sqlLab.updatedSince(c.get("principal"), q.last_updated_ms),
      });
    })
    .get("/:id{[0-9]+}", async (c) => {
      const q = await c.get("core").sqlLab.get(c.get("principal"), pathId(c));
      return c.json({ id: q.id, result: c.get("core").sqlLab.row(q) });
    })
    .post("/stop", async (c) => {
      const body = await jsonBody(c, StopSchema);
      await c.get("core").sqlLab.stop(c.get("principal"), body.client_id);
      return c.json({ result: "OK" });
    });
}

const FormatSchema = v.strictObject({
  sql: v.pipe(v.string(), v.maxLength(1_000_000)),
  engine: v.optional(v.string()),
  database_id: v.optional(v.number()),
});
const EstimateSchema = v.strictObject({
  database_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sql: v.pipe(v.string(), v.minLength(1), v.maxLength(1_000_000)),
  schema: v.optional(v.nullable(v.string())),
  catalog: v.optional(v.nullable(v.string())),
  template_params: v.optional(v.nullable(v.string())),
});

/** `/api/v1/sqllab/format_sql/` and `/api/v1/sqllab/estimate/`. */
export function sqlToolsRoutes() {
  return new Hono<AppEnv>()
    .post("/format_sql", async (c) => {
      const body = await jsonBody(c, FormatSchema);
      const core = c.get("core");
      const engine = body.database_id
        ? (await core.databases.get(c.get("principal"), body.database_id)).engine
        : body.engine;
      return c.json({ result: formatSql(body.sql, engine) });
    })
    .post("/estimate", async (c) => {
      const body = await jsonBody(c, EstimateSchema);
      return c.json({ result: await c.get("core").sqlLab.estimate(c.get("principal"), body) });
    });
}

const PermalinkSchema = v.looseObject({
  dbId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sql: v.pipe(v.string(), v.maxLength(1_000_000)),
  name: v.optional(v.string()),
  schema: v.optional(v.nullable(v.string())),
  catalog: v.optional(v.nullable(v.string())),
  autorun: v.optional(v.boolean()),
  templateParams: v.optional(v.nullable(v.string())),
});

/** `POST /api/v1/sqllab/permalink` and `GET /api/v1/sqllab/permalink/{kv:key}`: a shareable editor state. */
export function sqlLabPermalinkRoutes() {
  return new Hono<AppEnv>()
    .post("/permalink", async (c) => {
      const body = await jsonBody(c, PermalinkSchema);
      const core = c.get("core");
      await core.databases.get(c.get("principal"), body.dbId);
      const key = randomBytes(12).toString("base64url");
      await core.deps.meta.putValue(`sqllab-permalink#${key}`, body);
      return c.json({ key: `kv:${key}`, url: `${new URL(c.req.url).origin}/sqllab/p/kv:${key}` }, 201);
    })
    .get("/permalink/:key", async (c) => {
      const key = c.req.param("key").replace(/^kv:/, "");
      const core = c.get("core");
      const state = await core.deps.meta.getValue<v.InferOutput<typeof PermalinkSchema>>(
        `sqllab-permalink#${key}`,
      );
      if (!state) throw notFound("Permalink not found");
      await core.databases.get(c.get("principal"), state.dbId).catch(() => {
        throw notFound("Permalink not found");
      });
      return c.json(state);
    });
}

interface IncomingQuery {
  userId: number;
  sql: string;
  database_id: number;
  schema: string | null;
  datasource_key: string;
}

/**
 * 000 §2: `/sqllab/` receives a requested query by a form post (datasource key + SQL). The post is
 * kept for its poster and the browser is sent to `/sqllab/?incoming=<key>`, where the SPA opens it.
 */
export function sqlLabIncomingRoutes() {
  return new Hono<AppEnv>()
    .post("/sqllab", async (c) => {
      const p = c.get("principal");
      if (!p.user) return c.redirect("/login/?next=%2Fsqllab%2F", 303);
      const form = await c.req.parseBody();
      const key = parseDatasourceKey(String(form.datasourceKey ?? form.datasource_key ?? ""));
      const sql = typeof form.sql === "string" ? form.sql : "";
      if (!key || !sql.trim())
        throw badRequest({ datasourceKey: ["Post a datasourceKey like 7__table and the sql to open"] });
      const core = c.get("core");
      const { ds } = await core.datasets.get(p, key.id);
      const id = randomBytes(12).toString("base64url");
      const incoming: IncomingQuery = {
        userId: p.user.id,
        sql,
        database_id: ds.database_id,
        schema: ds.schema,
        datasource_key: `${key.id}__${key.type}`,
      };
      await core.deps.meta.putValue(`sqllab-incoming#${id}`, incoming, { ttlSeconds: 3600 });
      return c.redirect(`/sqllab/?incoming=${id}`, 303);
    })
    .get("/api/v1/sqllab/incoming/:key", async (c) => {
      const p = c.get("principal");
      const stored = await c
        .get("core")
        .deps.meta.getValue<IncomingQuery>(`sqllab-incoming#${c.req.param("key")}`);
      if (!stored || stored.userId !== p.user?.id)
        throw notFound("The requested query was not found or has expired.");
      const { userId: _u, ...result } = stored;
      return c.json({ result });
    });
}
