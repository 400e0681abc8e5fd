import {
  EstimateQuerySchema,
  FormatSqlSchema,
  ListQuerySchema,
  QueryUpdatedSinceSchema,
  SqlLabExecuteSchema,
  SqlLabPermalinkSchema,
  SqlLabResultsQuerySchema,
  SqlLabStopSchema,
} from "@strata/contracts";
import { can } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId, risonQuery } from "../http/input.ts";
import { databaseOptions, userOptions } from "../http/related.ts";
import { relatedOptions } from "../http/resource.ts";

/** `/api/v1/sqllab/…`: execute and results. */
export function sqlLabRoutes() {
  return new Hono<AppEnv>()
    .post("/execute", async (c) => {
      const body = await jsonBody(c, SqlLabExecuteSchema);
      const reply = await c.get("core").sqlLab.execute(
        c.get("principal"),
        {
          ...body,
          sql_editor_id:
            body.sql_editor_id === undefined || body.sql_editor_id === null
              ? null
              : String(body.sql_editor_id),
        },
        // The SPA posts with the page's query string: SQL templates read it with url_param().
        { urlParams: c.req.query() },
      );
      return reply.status === 200
        ? c.body(reply.body, 200, { "content-type": "application/json" })
        : c.json(reply.body, 202);
    })
    .get("/results", async (c) => {
      const q = risonQuery(c, SqlLabResultsQuerySchema);
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
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => {
        const q = risonQuery(c, ListQuerySchema);
        return c.json(await c.get("core").sqlLab.history(c.get("principal"), q));
      })
      .get("/updated_since", async (c) => {
        const q = risonQuery(c, QueryUpdatedSinceSchema);
        return c.json({
          result: await c.get("core").sqlLab.updatedSince(c.get("principal"), q.last_updated_ms),
        });
      })
      .get("/:id{[0-9]+}", async (c) => {
        const result = await c.get("core").sqlLab.detail(c.get("principal"), pathId(c));
        return c.json({ id: result.query_id, result });
      })
      // The list's Database and User filters (Superset's `related/database`, `related/user`).
      .get(
        "/related/:column",
        relatedOptions("Query", {
          database: databaseOptions,
          // Everyone's names only for those who may list everyone's queries; others see their own.
          user: async (c) => {
            const p = c.get("principal");
            const all = await userOptions(c);
            return p.isAdmin || can(p, "all_query_access", "all_query_access")
              ? all
              : all.filter((u) => u.value === p.user?.id);
          },
        }),
      )
      .post("/stop", async (c) => {
        const body = await jsonBody(c, SqlLabStopSchema);
        await c.get("core").sqlLab.stop(c.get("principal"), body.client_id);
        return c.json({ result: "OK" });
      })
  );
}

/** `/api/v1/sqllab/format_sql/` and `/api/v1/sqllab/estimate/`. */
export function sqlToolsRoutes() {
  return new Hono<AppEnv>()
    .post("/format_sql", async (c) => {
      const body = await jsonBody(c, FormatSqlSchema);
      return c.json({ result: await c.get("core").sqlLab.format(c.get("principal"), body) });
    })
    .post("/estimate", async (c) => {
      const body = await jsonBody(c, EstimateQuerySchema);
      return c.json({ result: await c.get("core").sqlLab.estimate(c.get("principal"), body) });
    });
}

/** `POST /api/v1/sqllab/permalink` and `GET /api/v1/sqllab/permalink/{kv:key}`: a shareable editor state. */
export function sqlLabPermalinkRoutes() {
  return new Hono<AppEnv>()
    .post("/permalink", async (c) => {
      const body = await jsonBody(c, SqlLabPermalinkSchema);
      const key = await c.get("core").kv.sqlLabPermalinks.create(c.get("principal"), body);
      return c.json({ key, url: `${new URL(c.req.url).origin}/sqllab/p/${key}` }, 201);
    })
    .get("/permalink/:key", async (c) =>
      c.json(await c.get("core").kv.sqlLabPermalinks.read(c.get("principal"), c.req.param("key"))),
    );
}

/**
 * `/sqllab/` receives a requested query by a form post (datasource key + SQL). The post is kept
 * for its poster and the browser is sent to `/sqllab/?incoming=<key>`, where the SPA opens it.
 */
export function sqlLabIncomingRoutes() {
  return new Hono<AppEnv>()
    .post("/sqllab", async (c) => {
      const p = c.get("principal");
      if (!p.user) return c.redirect("/login/?next=%2Fsqllab%2F", 303);
      const form = await c.req.parseBody();
      const id = await c.get("core").kv.sqlLabIncoming.create(p, {
        datasourceKey: String(form.datasourceKey ?? form.datasource_key ?? ""),
        sql: typeof form.sql === "string" ? form.sql : "",
      });
      return c.redirect(`/sqllab/?incoming=${id}`, 303);
    })
    .get("/api/v1/sqllab/incoming/:key", async (c) =>
      c.json({
        result: await c.get("core").kv.sqlLabIncoming.read(c.get("principal"), c.req.param("key")),
      }),
    );
}
