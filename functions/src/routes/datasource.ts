import {
  ColumnValuesQuerySchema,
  parseDatasourceKey,
  SamplesPayloadSchema,
  SamplesQuerySchema,
} from "@strata/contracts";
import { badRequest } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { validate } from "../http/input.ts";

const num = (s: string | undefined) =>
  s === undefined || s === "" ? undefined : /^\d+$/.test(s) ? Number(s) : Number.NaN;
const bool = (s: string | undefined) =>
  s === undefined ? undefined : s === "true" || s === "1" ? true : s === "false" || s === "0" ? false : s;

/**
 * `/datasource/samples` and `/superset/fetch_datasource_metadata` (Superset's legacy paths), and
 * `/api/v1/datasource/{type}/{id}/column/{column}/values/` (filter value suggestions).
 */
export function datasourceRoutes() {
  return new Hono<AppEnv>()
    .get("/api/v1/datasource/:type/:id/column/:column/values", async (c) => {
      const id = num(c.req.param("id"));
      if (id === undefined || !Number.isSafeInteger(id))
        throw badRequest({ datasource_id: ["Not a valid integer."] });
      const q = validate(ColumnValuesQuerySchema, c.req.query());
      const reply = await c
        .get("core")
        .columnValues.values(c.get("principal"), c.req.param("type"), id, c.req.param("column"), {
          search: q.q,
          force: q.force,
        });
      c.header("X-Cache-Status", reply.cached ? "HIT" : "MISS");
      return c.json({ result: reply.result, limit: reply.limit });
    })
    .post("/datasource/samples", async (c) => {
      const q = validate(SamplesQuerySchema, {
        datasource_type: c.req.query("datasource_type"),
        datasource_id: num(c.req.query("datasource_id")),
        force: bool(c.req.query("force")),
        per_page: num(c.req.query("per_page")),
        page: num(c.req.query("page")),
      });
      const text = await c.req.text();
      let payload: unknown = {};
      if (text.trim()) {
        try {
          payload = JSON.parse(text);
        } catch {
          throw badRequest("Request is not JSON: the body could not be parsed.");
        }
      }
      const body = validate(SamplesPayloadSchema, payload);
      const result = await c
        .get("core")
        .samples(c.get("principal"), q.datasource_id, body, q.page ?? 1, q.per_page ?? 100);
      return c.json({ result });
    })
    .get("/superset/fetch_datasource_metadata", async (c) => {
      const key = parseDatasourceKey(c.req.query("datasourceKey") ?? "");
      if (key?.type !== "table") throw badRequest({ datasourceKey: ["Expected a key like 7__table"] });
      return c.json(await c.get("core").datasets.detail(c.get("principal"), key.id));
    });
}
