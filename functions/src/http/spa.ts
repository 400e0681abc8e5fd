import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";
import type { Context, Hono } from "hono";
import type { AppEnv } from "./env.ts";
import { requestLocale } from "./locale.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

interface Asset {
  body: Uint8Array;
  type: string;
  etag: string;
  immutable: boolean;
}

/** Loads the built SPA into memory once: serving from memory is ~10x faster than from disk. */
export function loadSpa(distDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(distDir)) return assets;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else {
        const body = readFileSync(file);
        const path = `/${relative(distDir, file).split("\\").join("/")}`;
        assets.set(path, {
          body,
          type: TYPES[extname(file)] ?? "application/octet-stream",
          etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
          immutable: path.startsWith("/assets/"),
        });
      }
    }
  };
  walk(distDir);
  return assets;
}

const ROOT = '<div id="root">';

/** JSON as the value of a double-quoted HTML attribute: the browser's `dataset` decodes it back. */
export function attributeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

/**
 * index.html with the caller's bootstrap data on the root element (Superset's
 * `#app[data-bootstrap]`), so the SPA knows who is signed in, the feature flags and limits
 * before its first request. Per-caller, so never cached.
 */
function page(c: Context<AppEnv>, template: string) {
  const boot = c.get("core").bootstrap(c.get("principal"), requestLocale(c));
  c.header("Cache-Control", "no-store");
  return c.html(template.replace(ROOT, `<div id="root" data-bootstrap="${attributeJson(boot)}">`));
}

/** Static files, then index.html for every other non-API path (client-side routes). */
export function mountSpa(app: Hono<AppEnv>, assets: Map<string, Asset>): void {
  const index = assets.get("/index.html");
  const template = index ? new TextDecoder().decode(index.body) : undefined;
  app.get("*", (c) => {
    const path = c.req.path;
    if (path.startsWith("/api/")) return c.json({ message: "Not found: no such API endpoint." }, 404);
    const asset = assets.get(path) ?? (extname(path) ? undefined : assets.get("/index.html"));
    if (!asset) {
      // JSON like every other error, so API clients that stray here can still read the answer.
      if (assets.size === 0)
        return c.json(
          { message: "The web app is not built: run `npm run build:web` (npm start does it)." },
          503,
        );
      return c.json({ message: `Not found: ${path} is not a file of the web app.` }, 404);
    }
    if (asset === index && template?.includes(ROOT)) return page(c, template);
    if (c.req.header("if-none-match") === asset.etag) return c.body(null, 304);
    c.header("Content-Type", asset.type);
    c.header("ETag", asset.etag);
    c.header("Cache-Control", asset.immutable ? "public, max-age=31536000, immutable" : "no-cache");
    return c.body(asset.body as Uint8Array<ArrayBuffer>);
  });
}
