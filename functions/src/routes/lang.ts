import { isLocale, LANGUAGES, LOCALE_COOKIE } from "@strata/contracts";
import { badRequest } from "@strata/core";
import { type Context, Hono } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../http/env.ts";

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * Where to go after switching: the page the switch was made from (Superset redirects to the
 * referrer). Only its path is kept, so the redirect stays on this site whatever the header says;
 * the host isn't compared because behind CloudFront the API sees its own host, not the viewer's.
 */
function backTo(c: Context<AppEnv>): string {
  const referer = c.req.header("referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    // "//host/…" would be read by the browser as another site.
    if (from.pathname.startsWith("//") || from.pathname.startsWith("/lang/")) return "/";
    return `${from.pathname}${from.search}${from.hash}`;
  } catch {
    return "/";
  }
}

/**
 * Superset's `GET /lang/<locale>`: remembers the UI language and goes back to the page. The choice
 * is a cookie rather than server-side session state, so it holds before login and after logout,
 * as the language picker of the login page expects, and the page's bootstrap `common.locale`
 * reads it. Only a language choice is stored: nothing to forge, so no CSRF token is needed.
 */
export function langRoutes() {
  return new Hono<AppEnv>().get("/lang/:locale", (c) => {
    const locale = c.req.param("locale");
    if (!isLocale(locale))
      throw badRequest(
        `Unsupported language: ${locale}. Choose one of ${Object.keys(LANGUAGES).join(", ")}.`,
      );
    setCookie(c, LOCALE_COOKIE, locale, {
      path: "/",
      maxAge: ONE_YEAR,
      sameSite: "Lax",
      secure: c.get("client").https,
    });
    c.header("Cache-Control", "no-store");
    return c.redirect(backTo(c), 302);
  });
}
