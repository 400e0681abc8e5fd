import type { Core } from "@strata/core";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./auth.ts";

/** The headers middleware alone, before replies of every make (no embedded page is asked for). */
function app() {
  const hono = new Hono();
  hono.use(securityHeaders({} as Core));
  hono.get("/json", (c) => c.json({ ok: true }));
  hono.get("/sealed", () => Response.redirect("http://localhost/elsewhere", 302));
  hono.get("/stream", (c) => c.body(new Blob(["a,b\n1,2\n"]).stream(), 200, { "content-type": "text/csv" }));
  return hono;
}

describe("security headers", () => {
  it("go onto replies made by the context, streamed replies and replies with sealed headers", async () => {
    const hono = app();
    for (const path of ["/json", "/sealed", "/stream"]) {
      const res = await hono.request(path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("same-origin");
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'self'");
    }
    const sealed = await hono.request("/sealed");
    expect(sealed.status).toBe(302);
    expect(sealed.headers.get("location")).toBe("http://localhost/elsewhere");
    expect(await (await hono.request("/stream")).text()).toBe("a,b\n1,2\n");
    expect(await (await hono.request("/json")).json()).toEqual({ ok: true });
  });
});
