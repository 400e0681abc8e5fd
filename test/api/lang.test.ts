import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server.ts";

/** Superset's `GET /lang/<locale>`: remembers the UI language and sends the browser back. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ examples: false });
});
afterAll(async () => {
  await s?.close();
});

describe("GET /lang/<locale>", () => {
  it("sets the locale cookie for a year and goes back to the page it came from", async () => {
    const res = await s.call("GET", "/lang/fr", {
      headers: { referer: "http://strata.test/chart/list/?viewMode=table#top" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/chart/list/?viewMode=table#top");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^locale=fr;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("takes Brazilian Portuguese's underscore code", async () => {
    const res = await s.call("GET", "/lang/pt_BR/");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toMatch(/^locale=pt_BR;/);
  });

  it("never sends the browser to another site: only the referrer's path is kept", async () => {
    const foreign = await s.call("GET", "/lang/de", {
      headers: { referer: "https://evil.example/phish?x=1" },
    });
    expect(foreign.headers.get("location")).toBe("/phish?x=1");
    const protocolRelative = await s.call("GET", "/lang/de", {
      headers: { referer: "https://strata.test//evil.example/phish" },
    });
    expect(protocolRelative.headers.get("location")).toBe("/");
    const loop = await s.call("GET", "/lang/de", { headers: { referer: "https://strata.test/lang/fr" } });
    expect(loop.headers.get("location")).toBe("/");
  });

  it("refuses a language it does not have with a 400 naming the choices", async () => {
    const res = await s.call("GET", "/lang/xx");
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toContain("Unsupported language: xx");
    expect(body.message).toContain("pt_BR");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("bootstrap common.locale", () => {
  it("is the chosen locale, and English for none or one we do not have", async () => {
    const core = s.runtime.core;
    const anonymous = await core.security.principalFor(null);
    expect(core.bootstrap(anonymous, "ja").common.locale).toBe("ja");
    expect(core.bootstrap(anonymous, "pt_BR").common.locale).toBe("pt_BR");
    expect(core.bootstrap(anonymous).common.locale).toBe("en");
    expect(core.bootstrap(anonymous, "xx").common.locale).toBe("en");
  });
});
