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
      const token = c.req.header("x-csrftoken") ?? c.req.header("x-csrf-token");
      if (!token || token !== core.security.csrfToken(session.sid)) {
        throw forbidden(
          "The CSRF token is missing or invalid: your session may have timed out. Reload the page.",
        );
      }
    }
    return next();
  };
}

/** Logging in and out carry no ambient authority worth forging. */
function isCsrfExempt(path: string): boolean {
  return path === "/login/" || path === "/api/v1/security/login" || path === "/logout/";
}

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "same-origin");
    c.header(
      "Content-Security-Policy",
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; font-src 'self' data:; frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
    );
  };
}
