import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/** Dashboard CSS is stored sanitised, whoever calls: the SPA's own strip can't be skipped by the API. */

let s: TestServer;
let admin: string;
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

beforeAll(async () => {
  s = await startTestServer({ examples: false });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

const HOSTILE =
  "@\\69mport url(https://evil.example/x.css); .a{background:u\\72l(javascript:alert(1))} " +
  "</style><script>alert(1)</script> .b{width:expression(alert(1))} .ok { color: red; }";

const storedCss = async (id: number) =>
  (await json(await s.call("GET", `/api/v1/dashboard/${id}`, { token: admin }))).result.css as string;

function expectHarmless(css: string) {
  expect(css).not.toMatch(/@import|javascript:|expression\s*\(|<|>|\\/i);
  expect(css).toContain(".ok { color: red; }");
}

describe("dashboard css on save", () => {
  it("sanitises css on create, on update and on copy", async () => {
    const created = await s.call("POST", "/api/v1/dashboard/", {
      token: admin,
      body: { dashboard_title: "Styled", css: HOSTILE },
    });
    expect(created.status).toBe(201);
    const id = (await json(created)).id as number;
    expectHarmless(await storedCss(id));

    const cleared = await s.call("PUT", `/api/v1/dashboard/${id}`, { token: admin, body: { css: "" } });
    expect(cleared.status).toBe(200);
    expect(await storedCss(id)).toBe("");

    const updated = await s.call("PUT", `/api/v1/dashboard/${id}`, { token: admin, body: { css: HOSTILE } });
    expect(updated.status).toBe(200);
    expectHarmless((await json(updated)).result.css);
    expectHarmless(await storedCss(id));

    const copy = await s.call("POST", `/api/v1/dashboard/${id}/copy/`, {
      token: admin,
      body: { dashboard_title: "Styled copy", css: HOSTILE, json_metadata: "{}" },
    });
    expect(copy.status).toBe(201);
    expectHarmless(await storedCss((await json(copy)).result.id));
  });

  it("keeps ordinary css as written", async () => {
    const css = ".header { color: #123456; }\n.chart { margin: 4px; }";
    const res = await s.call("POST", "/api/v1/dashboard/", {
      token: admin,
      body: { dashboard_title: "Plain", css },
    });
    expect(await storedCss((await json(res)).id)).toBe(css);
  });
});
