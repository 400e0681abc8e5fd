import type { Hono } from "hono";
import { handle } from "hono/aws-lambda";
import { createApp } from "../app.ts";
import { cloudCore } from "../runtime/cloud-runtime.ts";

let app: Hono | undefined;

/** HTTP API → the same Hono app the local server runs (the SPA is on CloudFront). */
export const handler = async (
  event: Parameters<ReturnType<typeof handle>>[0],
  context: Parameters<ReturnType<typeof handle>>[1],
) => {
  app ??= createApp(await cloudCore(), { secureCookies: true }) as unknown as Hono;
  return handle(app)(event, context);
};
