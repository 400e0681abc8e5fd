import type { RelatedItem } from "@strata/contracts";
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";

/** Users as `related/{owners|created_by|changed_by}` options: "First Last". */
export async function userOptions(c: Context<AppEnv>): Promise<RelatedItem[]> {
  return (await c.get("core").users.all()).map((u) => ({
    value: u.id,
    text: `${u.first_name} ${u.last_name}`,
  }));
}

/** The databases the caller may see as `related/database` options: their names. */
export async function databaseOptions(c: Context<AppEnv>): Promise<RelatedItem[]> {
  return (await c.get("core").databases.rows(c.get("principal"))).map((d) => ({
    value: d.id,
    text: d.database_name,
  }));
}
