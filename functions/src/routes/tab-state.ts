import { MigrateQuerySchema, TableSchemaExpandedSchema, TabStateChangesSchema } from "@strata/contracts";
import { badRequest } from "@strata/core";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { pathId, validate } from "../http/input.ts";
import { untrustedValueProblem } from "../http/untrusted-value.ts";

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
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      // not JSON: refused below
    }
    // Form fields escape the JSON body's guard (json-guard.ts): the same rules for their JSON.
    const problem = untrustedValueProblem(parsed, name);
    if (problem) throw badRequest(problem);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  }
  throw badRequest({ [name]: [`${name} must be a JSON object`] });
};

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
      const changes = validate(TabStateChangesSchema, await fields(c));
      await c.get("core").tabStates.update(c.get("principal"), pathId(c), changes);
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
      const body = validate(MigrateQuerySchema, await fields(c));
      await c.get("core").tabStates.migrateQuery(c.get("principal"), pathId(c), String(body.queryId));
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
      const body = validate(TableSchemaExpandedSchema, await fields(c));
      await c.get("core").tabStates.setExpanded(c.get("principal"), pathId(c), body.expanded);
      return c.json({ id: pathId(c) });
    })
    .delete("/tableschemaview/:id{[0-9]+}", async (c) => {
      await c.get("core").tabStates.removeTable(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    });
}
