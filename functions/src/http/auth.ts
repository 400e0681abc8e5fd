import { forbidden, unauthorized, type Core } from "@strata/core";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "./env.ts";

export const SESSION_COOKIE = "strata_session";
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Resolves who is calling: a Bearer token (API clients) or the session cookie (the SPA),
 * else the Public role. Cookie-authenticated state changes need the CSRF token.
 */
export function authenticate(core: Core): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("core", core);
    const guestToken = c.req.header("x-guesttoken");
    if (guestToken) {
      // Embedded dashboards: the guest token is the whole identity (no cookie, so no CSRF).
      c.set("principal", await core.guests.resolve(guestToken));
      c.set("sid", undefined);
      return next();
    }
    const header = c.req.header("authorization");
    if (header?.toLowerCase().startsWith("bearer ")) {
      const user = await core.security.resolveBearer(header.slice(7).trim());
      if (!user && !c.req.path.endsWith("/security/refresh"))
        throw unauthorized("The token is invalid or expired; log in again.");
      c.set("principal", await core.security.principalFor(user ?? null));
      c.set("sid", undefined);
      return next();
    }
    const cookie = getCookie(c, SESSION_COOKIE);
    const session = cookie ? await core.security.resolveSession(cookie) : undefined;
    c.set("principal", await core.security.principalFor(session?.user ?? null));
    c.set("sid", session?.sid);
    if (session && !SAFE.has(c.req.method) && !isCsrfExempt(c.req.path)) {
      let token = c.req.header("x-csrftoken") ?? c.req.header("x-csrf-token");
      // HTML form posts (e.g. "open in SQL Lab") carry the token as a field, as in Superset.
      if (!token && c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded")) {
        const field = (await c.req.parseBody()).csrf_token;
        token = typeof field === "string" ? field : undefined;
      }
      if (!token || token !== core.security.csrfToken(session.sid)) {
        throw forbidden(
          "The CSRF token is missing or invalid: your session may have timed out. Reload the page.",
        );
      }
    }
    return next();
  };
}

/**
 * Logging in carries no ambient authority worth forging. Logging out does (a forged logout is a
 * nuisance attack on any page that can embed a URL), so /logout/ is not exempt.
 */
function isCsrfExempt(path: string): boolean {
  return path === "/login/" || path === "/api/v1/security/login";
}

const EMBEDDED_PAGE = /^\/embedded\/([0-9a-f-]{36})\/?$/;

/**
 * nosniff, referrer policy and a CSP. Pages may be framed by the app itself only, except an
 * embedded dashboard's page, which its configured domains may frame too.
 */
export function securityHeaders(core: Core): MiddlewareHandler {
  return async (c, next) => {
    await next();
    let ancestors = "'self'";
    const embedded = EMBEDDED_PAGE.exec(c.req.path);
    if (embedded) {
      const cfg = await core.guests.embedded(embedded[1]).catch(() => undefined);
      if (cfg) ancestors = ["'self'", ...cfg.allowed_domains].join(" ");
    }
    // Onto the finished response's own headers: `c.header` after the handler rebuilds the
    // response around a stream (Hono copies a finalized response to change it), which turned
    // every reply into a streamed one and cost more than many handlers' whole work. A reply
    // whose headers are sealed (`Response.redirect`, a fetched response) still takes the copy.
    const set = (name: string, value: string) => {
      try {
        c.res.headers.set(name, value);
      } catch {
        c.header(name, value);
      }
    };
    set("X-Content-Type-Options", "nosniff");
    set("Referrer-Policy", "same-origin");
    set(
      "Content-Security-Policy",
      `default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; font-src 'self' data:; frame-ancestors ${ancestors}; object-src 'none'; base-uri 'self'`,
    );
  };
}
