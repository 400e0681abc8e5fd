import { badRequest } from "@strata/core";
import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/env.ts";
import { pathId, validate } from "../http/input.ts";

/** Superset's client posts these as form fields (strings) or JSON; both are accepted. */
async function fields(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    return Object.fromEntries(
      Object.entries(await c.req.parseBody()).filter(([, value]) => typeof value === "string"),
    );
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw badRequest("Request is not JSON or form data.");
}

const jsonObject = (value: unknown, name: string): Record<string, unknown> => {
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === "string") {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // fall through
    }
  }
  throw badRequest({ [name]: [`${name} must be a JSON object`] });
};

const Num = v.union([
  v.pipe(v.number(), v.integer()),
  // At most 15 digits: every such number is exact in JavaScript (below 2^53).
  v.pipe(v.string(), v.regex(/^\d{1,15}$/, "must be a number below 2^53"), v.transform(Number)),
  v.null(),
]);
const Bool = v.union([
  v.boolean(),
  v.pipe(
    v.picklist(["true", "false"]),
    v.transform((s) => s === "true"),
  ),
]);
const Text = v.nullable(v.pipe(v.string(), v.maxLength(1_000_000)));
const TabChanges = v.strictObject({
  label: v.optional(v.pipe(v.string(), v.maxLength(256))),
  sql: v.optional(v.pipe(v.string(), v.maxLength(1_000_000))),
  database_id: v.optional(Num),
  schema: v.optional(Text),
  catalog: v.optional(Text),
  query_limit: v.optional(Num),
  template_params: v.optional(Text),
  hide_left_bar: v.optional(Bool),
  autorun: v.optional(Bool),
  // Superset's client sends the query's client id (a string); the server's numeric id also works.
  latest_query_id: v.optional(
    v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.maxLength(64)), v.null()]),
  ),
  saved_query_id: v.optional(Num),
  extra_json: v.optional(Text),
});

/** `/tabstateview/…`, `/tableschemaview/…` and `GET /api/v1/sqllab/` (002 §7). */
export function tabStateRoutes() {
  return new Hono<AppEnv>()
    .get("/api/v1/sqllab", async (c) =>
      c.json({ result: await c.get("core").tabStates.bootstrap(c.get("principal")) }),
    )
    .post("/tabstateview", async (c) => {
      const body = await fields(c);
      const editor = jsonObject(body.queryEditor ?? body, "queryEditor");
      const tab = await c.get("core").tabStates.create(c.get("principal"), editor);
      return c.json({ id: tab.id });
    })
    .get("/tabstateview/:id{[0-9]+}", async (c) =>
      c.json(await c.get("core").tabStates.detail(c.get("principal"), pathId(c))),
    )
    .put("/tabstateview/:id{[0-9]+}", async (c) => {
      const changes = validate(TabChanges, await fields(c));
      await c.get("core").tabStates.update(c.get("principal"), pathId(c), changes as never);
      return c.json({ id: pathId(c) });
    })
    .delete("/tabstateview/:id{[0-9]+}", async (c) => {
      await c.get("core").tabStates.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    })
    .post("/tabstateview/:id{[0-9]+}/activate", async (c) => {
      await c.get("core").tabStates.activate(c.get("principal"), pathId(c));
      return c.json({ id: pathId(c) });
    })
    .post("/tabstateview/:id{[0-9]+}/migrate_query", async (c) => {
      const body = validate(v.looseObject({ queryId: v.union([v.string(), v.number()]) }), await fields(c));
      // Queries are already on the server; migrating only links the tab's latest query.
      const core = c.get("core");
      const q = await core.sqlLab.byClientId(c.get("principal"), String(body.queryId));
      await core.tabStates.update(c.get("principal"), pathId(c), { latest_query_id: q.id });
      return c.json({ id: pathId(c) });
    })
    .delete("/tabstateview/:id{[0-9]+}/query/:queryId", async (c) => {
      await c.get("core").tabStates.get(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    })
    .post("/tableschemaview", async (c) => {
      const body = await fields(c);
      const table = jsonObject(body.table ?? body, "table");
      const t = await c.get("core").tabStates.addTable(c.get("principal"), table);
      return c.json({ id: t.id });
    })
    .post("/tableschemaview/:id{[0-9]+}/expanded", async (c) => {
      const body = validate(v.looseObject({ expanded: Bool }), await fields(c));
      await c.get("core").tabStates.setExpanded(c.get("principal"), pathId(c), body.expanded);
      return c.json({ id: pathId(c) });
    })
    .delete("/tableschemaview/:id{[0-9]+}", async (c) => {
      await c.get("core").tabStates.removeTable(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
