import type { Route } from "playwright-core";

/** A made-up origin: the page is served by request interception, never by a socket. */
export const RENDER_ORIGIN = "http://report-render.strata.invalid";

export interface SpaFile {
  body: Uint8Array;
  type: string;
}

/**
 * Answers the render page's requests from the built SPA held in memory: its files, index.html
 * for the page route, a 404 for the API (the page must not ask it anything) and a refusal for
 * any other host. Works the same in the local server and in a worker with the SPA bundled.
 */
export function renderPageHandler(spa: ReadonlyMap<string, SpaFile>, blocked: (url: string) => void) {
  return async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.origin !== RENDER_ORIGIN) {
      if (!url.protocol.startsWith("data") && !url.protocol.startsWith("blob")) blocked(url.href);
      return route.abort("blockedbyclient");
    }
    if (url.pathname.startsWith("/api/")) {
      blocked(url.href);
      return route.fulfill({
        status: 404,
        contentType: "application/json",
        body: '{"message":"Not available while rendering a report."}',
      });
    }
    const file = spa.get(url.pathname) ?? (url.pathname.includes(".") ? undefined : spa.get("/index.html"));
    if (!file) return route.fulfill({ status: 404, body: "" });
    return route.fulfill({ status: 200, contentType: file.type, body: Buffer.from(file.body) });
  };
}
