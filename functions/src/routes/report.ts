import {
  ListQuerySchema,
  type ReportNotificationMethods,
  ReportPostSchema,
  ReportPutSchema,
  SlackChannelsQuerySchema,
  type SlackChannelsReply,
} from "@strata/contracts";
import {
  applyListQuery,
  REPORT_LIST_SPEC,
  REPORT_LOG_LIST_SPEC,
  REPORT_VIEW,
  requirePermission,
} from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId, risonQuery } from "../http/input.ts";
import { userOptions } from "../http/related.ts";
import { listRoutes } from "../http/resource.ts";

/** `/api/v1/report/…`: alerts and reports, and each one's execution log under `/{id}/log/`. */
export function reportRoutes() {
  const list = listRoutes({
    view: REPORT_VIEW,
    noun: "report schedule",
    rows: (c) => c.get("core").reports.rows(c.get("principal")),
    spec: REPORT_LIST_SPEC,
    related: {
      owners: userOptions,
      created_by: userOptions,
      changed_by: userOptions,
      chart: (c) => c.get("core").reports.related(c.get("principal"), "chart"),
      dashboard: (c) => c.get("core").reports.related(c.get("principal"), "dashboard"),
      database: (c) => c.get("core").reports.related(c.get("principal"), "database"),
    },
    remove: {
      check: async (c, id) => {
        await c.get("core").reports.checkRemove(c.get("principal"), id);
      },
      run: (c, id) => c.get("core").reports.remove(c.get("principal"), id),
    },
  });
  return (
    new Hono<AppEnv>()
      .get("/slack_channels", async (c) => {
        const query = risonQuery(c, SlackChannelsQuerySchema);
        const result = await c.get("core").reports.slackChannels(c.get("principal"), query);
        return c.json({ result } satisfies SlackChannelsReply);
      })
      .get("/notification_methods", (c) => {
        requirePermission(c.get("principal"), "can_read", REPORT_VIEW);
        return c.json({ result: c.get("core").reports.delivery() } satisfies ReportNotificationMethods);
      })
      // A report file behind a signed short-lived link: no session, the signature is the grant.
      .get("/file/:fileId", async (c) => {
        const file = await c
          .get("core")
          .reports.openFile(c.req.param("fileId"), c.req.query("expires"), c.req.query("signature"));
        return c.body(Buffer.from(file.bytes), 200, {
          "content-type": file.contentType,
          "content-disposition": `attachment; filename="${file.fileName.replace(/[^\w .-]+/g, "_")}"`,
          "cache-control": "private, no-store",
        });
      })
      .route("/", list)
      .get("/:id{[0-9]+}/log", async (c) => {
        const rows = await c.get("core").reports.logs(c.get("principal"), pathId(c));
        return c.json(applyListQuery(rows, risonQuery(c, ListQuerySchema), REPORT_LOG_LIST_SPEC));
      })
      .get("/:id{[0-9]+}/log/:logId{[0-9]+}", async (c) => {
        const logId = pathId(c, "logId");
        return c.json({
          id: logId,
          result: await c.get("core").reports.log(c.get("principal"), pathId(c), logId),
        });
      })
      .get("/:id{[0-9]+}", async (c) => {
        const id = pathId(c);
        return c.json({ id, result: await c.get("core").reports.detail(c.get("principal"), id) });
      })
      .post("/", async (c) => {
        const p = c.get("principal");
        const reports = c.get("core").reports;
        const report = await reports.create(p, await jsonBody(c, ReportPostSchema));
        return c.json({ id: report.id, result: await reports.detail(p, report.id) }, 201);
      })
      .put("/:id{[0-9]+}", async (c) => {
        const p = c.get("principal");
        const reports = c.get("core").reports;
        const report = await reports.update(p, pathId(c), await jsonBody(c, ReportPutSchema));
        return c.json({ id: report.id, result: await reports.detail(p, report.id) });
      })
      .delete("/:id{[0-9]+}", async (c) => {
        await c.get("core").reports.remove(c.get("principal"), pathId(c));
        return c.json({ message: "OK" });
      })
  );
}
