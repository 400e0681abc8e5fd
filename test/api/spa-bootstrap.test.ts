import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BootstrapSchema } from "@strata/contracts";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Pages are served with the caller's bootstrap data on the root element (Superset's
 * `data-bootstrap`): the HTML is per caller, so it is never cached, while the hashed assets stay
 * immutable. A built SPA of two files stands in for `web/dist`.
 */
let s: TestServer;
let spaDir: string;
let app: ReturnType<typeof createApp>;
let cookie: string;

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;

/** The bootstrap as the browser's `dataset` would decode it from the attribute. */
function bootstrapOf(html: string) {
  const m = /<div id="root" data-bootstrap="([^"]*)">/.exec(html);
  if (!m) throw new Error(`no data-bootstrap in ${html}`);
  const decoded = m[1]
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
  return v.parse(BootstrapSchema, JSON.parse(decoded));
}

beforeAll(async () => {
  s = await startTestServer({ examples: false });
  spaDir = mkdtempSync(join(tmpdir(), "strata-spa-"));
  mkdirSync(join(spaDir, "assets"));
  writeFileSync(join(spaDir, "index.html"), INDEX);
  writeFileSync(join(spaDir, "assets", "index-abc.js"), "console.log('app')");
  app = createApp(s.runtime.core, { spaDir });
  const login = await app.request("/login/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  cookie = login.headers.get("set-cookie")!.split(";")[0];
});
afterAll(async () => {
  rmSync(spaDir, { recursive: true, force: true });
  await s.close();
});

describe("page bootstrap", () => {
  it("serves the login page to an anonymous visitor with no user, flags and conf, uncached", async () => {
    const res = await app.request("/login/");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("etag")).toBeNull();
    const boot = bootstrapOf(await res.text());
    expect(boot.user.userId).toBeUndefined();
    expect(boot.user.id).toBeUndefined();
    expect(Object.keys(boot.user.roles)).toEqual(["Public"]);
    expect(boot.common.feature_flags.GLOBAL_ASYNC_QUERIES).toBe(false);
    // The local server draws pictures (its worker has the reports' browser): cards show them.
    expect(boot.common.feature_flags.THUMBNAILS).toBe(true);
    expect(boot.common.conf.SUPERSET_WEBSERVER_TIMEOUT).toBeGreaterThan(0);
    expect(boot.common.conf.DEFAULT_SQLLAB_LIMIT).toBeGreaterThan(0);
  });

  it("serves every client route with the signed-in user, as /api/v1/me/roles/ gives it", async () => {
    const res = await app.request("/dashboard/list/", { headers: { cookie } });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const boot = bootstrapOf(await res.text());
    const me = (await (await app.request("/api/v1/me/roles/", { headers: { cookie } })).json()) as {
      result: unknown;
    };
    expect(boot.user).toEqual(me.result);
    expect(boot.user).toMatchObject({ username: ADMIN.username, userId: expect.any(Number) });
    expect(Object.keys(boot.user.roles)).toContain("Admin");
  });

  it("escapes the data for the attribute: a name with markup can't break out of it", async () => {
    const token = await s.login(ADMIN.username, ADMIN.password);
    const hostile = `"><script>alert(1)</script>'&`;
    const me = (await (await s.call("GET", "/api/v1/me/", { token })).json()) as { result: { id: number } };
    const put = await s.call("PUT", `/api/v1/security/users/${me.result.id}`, {
      token,
      body: { first_name: hostile },
    });
    expect(put.status).toBe(200);
    const html = await (await app.request("/superset/welcome/", { headers: { cookie } })).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(bootstrapOf(html).user.firstName).toBe(hostile);
  });

  it("keeps hashed assets immutable and cached", async () => {
    const res = await app.request("/assets/index-abc.js");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toBeTruthy();
  });
});
