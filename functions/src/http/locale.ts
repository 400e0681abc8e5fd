import { isLocale, LOCALE_COOKIE, type Locale } from "@strata/contracts";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "./env.ts";

/** The UI language the caller chose with `/lang/<locale>`; undefined when none (or not one we have). */
export function requestLocale(c: Context<AppEnv>): Locale | undefined {
  const chosen = getCookie(c, LOCALE_COOKIE);
  return isLocale(chosen) ? chosen : undefined;
}
