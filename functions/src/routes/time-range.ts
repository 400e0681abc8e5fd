import { TimeRangeQuerySchema } from "@strata/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { risonQuery } from "../http/input.ts";

/** `GET /api/v1/time_range/?q=`: a time range (or a list of them) → since/until, as Superset. */
export function timeRangeRoutes() {
  return new Hono<AppEnv>().get("/", (c) => {
    const q = risonQuery(c, TimeRangeQuerySchema);
    const entries = typeof q === "string" ? [{ timeRange: q }] : q;
    return c.json({ result: c.get("core").timeRanges.evaluate(c.get("principal"), entries) });
  });
}
