import {
  type AssetResource,
  ExportQuerySchema,
  ImportFormSchema,
  type ImportResponse,
} from "@strata/contracts";
import { badRequest } from "@strata/core";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { risonQuery, validate } from "../http/input.ts";

/** Superset's download cookie: the SPA passes `token` and waits for it to know the file came. */
const DOWNLOAD_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `GET /api/v1/{resource}/export/?q=!(ids)` (a ZIP bundle) and `POST /api/v1/{resource}/import/`
 * (multipart: `formData` file, `passwords`, `overwrite`, `ssh_tunnel_*`), mounted on each resource.
 */
export function assetRoutes(resource: AssetResource) {
  return new Hono<AppEnv>()
    .get("/export", async (c) => {
      const ids = risonQuery(c, ExportQuerySchema);
      const { fileName, zip } = await c.get("core").assets.export(c.get("principal"), resource, ids);
      const token = c.req.query("token");
      if (token && DOWNLOAD_TOKEN.test(token)) c.header("Set-Cookie", `token=${token}; Path=/; SameSite=Lax`);
      return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename=${fileName}`,
        "Cache-Control": "no-store",
      });
    })
    .post("/import", async (c) => {
      if (!c.req.header("content-type")?.startsWith("multipart/form-data")) {
        throw badRequest("Send the file as multipart/form-data with a 'formData' field.");
      }
      const body = await c.req.parseBody();
      const file = body.formData;
      if (!(file instanceof File)) throw badRequest({ formData: ["A file is required"] });
      const fields = Object.fromEntries(
        Object.entries(body).filter(
          (e): e is [string, string] => e[0] !== "formData" && typeof e[1] === "string",
        ),
      );
      const form = validate(ImportFormSchema, fields);
      const { warnings } = await c
        .get("core")
        .assets.import(
          c.get("principal"),
          resource,
          { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
          form,
        );
      return c.json({ message: "OK", warnings } satisfies ImportResponse);
    });
}
