import { encodeRison } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const q = (v: unknown) => encodeURIComponent(encodeRison(v));

const BASE = "/api/v1/css_template";

let s: TestServer;
let admin: string;
let alpha: string;
let gamma: string;

async function create(body: Record<string, unknown>, token = admin): Promise<number> {
  const res = await s.call("POST", `${BASE}/`, { token, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id;
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  alpha = await userWithRoles(s, admin, "css_alpha", ["Alpha"]);
  gamma = await userWithRoles(s, admin, "css_gamma", ["Gamma"]);
});
afterAll(() => s.close());

describe("css templates", () => {
  it("creates, reads, lists with rison filters, updates and deletes a template", async () => {
    const id = await create({ template_name: "Dark header", css: ".header { background: #111; }" });
    const got = await json(await s.call("GET", `${BASE}/${id}`, { token: admin }));
    expect(got).toMatchObject({
      id,
      result: { id, template_name: "Dark header", css: ".header { background: #111; }" },
    });
    expect(got.result.created_by).toMatchObject({ id: expect.any(Number), first_name: expect.any(String) });
    expect(got.result.changed_on_delta_humanized).toEqual(expect.any(String));

    await create({ template_name: "Wide charts", css: ".chart { width: 100%; }" });
    const byName = await json(
      await s.call(
        "GET",
        `${BASE}/?q=${q({ filters: [{ col: "template_name", opr: "ct", value: "dark" }] })}`,
        { token: admin },
      ),
    );
    expect(byName.count).toBe(1);
    expect(byName.result[0]).toMatchObject({ id, template_name: "Dark header" });
    // The list page's search: name or CSS text.
    const allText = await json(
      await s.call(
        "GET",
        `${BASE}/?q=${q({ filters: [{ col: "template_name", opr: "css_template_all_text", value: "width" }] })}`,
        { token: admin },
      ),
    );
    expect(allText.result.map((r: Json) => r.template_name)).toEqual(["Wide charts"]);
    const sorted = await json(
      await s.call("GET", `${BASE}/?q=${q({ order_column: "template_name", order_direction: "asc" })}`, {
        token: admin,
      }),
    );
    expect(sorted.result.map((r: Json) => r.template_name)).toEqual(["Dark header", "Wide charts"]);

    const put = await s.call("PUT", `${BASE}/${id}`, {
      token: admin,
      body: { template_name: "Darker header" },
    });
    expect(put.status).toBe(200);
    expect((await json(put)).result).toMatchObject({
      template_name: "Darker header",
      css: ".header { background: #111; }",
    });

    const del = await s.call("DELETE", `${BASE}/${id}`, { token: admin });
    expect(del.status).toBe(200);
    expect((await s.call("GET", `${BASE}/${id}`, { token: admin })).status).toBe(404);
  });

  it("answers _info and related like Superset's resource, and bulk deletes", async () => {
    const info = await json(
      await s.call("GET", `${BASE}/_info?q=${q({ keys: ["permissions"] })}`, { token: alpha }),
    );
    expect(info.permissions).toEqual(expect.arrayContaining(["can_read", "can_write"]));
    const gammaInfo = await json(
      await s.call("GET", `${BASE}/_info?q=${q({ keys: ["permissions"] })}`, { token: gamma }),
    );
    expect(gammaInfo.permissions).toContain("can_read");
    expect(gammaInfo.permissions).not.toContain("can_write");

    const related = await json(await s.call("GET", `${BASE}/related/created_by`, { token: admin }));
    expect(related.result.length).toBeGreaterThan(0);
    expect(related.result[0]).toMatchObject({ value: expect.any(Number), text: expect.any(String) });

    const a = await create({ template_name: "Bulk A", css: "" }, alpha);
    const b = await create({ template_name: "Bulk B" }, alpha);
    const bulk = await s.call("DELETE", `${BASE}/?q=${q([a, b])}`, { token: alpha });
    expect(bulk.status).toBe(200);
    expect(await json(bulk)).toEqual({ message: "Deleted 2 css templates" });
    expect((await s.call("GET", `${BASE}/${a}`, { token: admin })).status).toBe(404);
    // A missing id deletes nothing.
    const c = await create({ template_name: "Bulk C" });
    const missing = await s.call("DELETE", `${BASE}/?q=${q([c, 999_999])}`, { token: admin });
    expect(missing.status).toBe(404);
    expect((await s.call("GET", `${BASE}/${c}`, { token: admin })).status).toBe(200);
  });

  it("lets Alpha write, lets Gamma read but not write, and refuses anonymous callers", async () => {
    const id = await create({ template_name: "Alpha's", css: ".a{}" }, alpha);
    expect((await s.call("GET", `${BASE}/${id}`, { token: gamma })).status).toBe(200);
    expect((await s.call("GET", `${BASE}/`, { token: gamma })).status).toBe(200);

    const post = await s.call("POST", `${BASE}/`, { token: gamma, body: { template_name: "Nope", css: "" } });
    expect(post.status).toBe(403);
    expect((await json(post)).message).toMatch(/can_write on CssTemplate/);
    expect((await s.call("PUT", `${BASE}/${id}`, { token: gamma, body: { css: ".b{}" } })).status).toBe(403);
    expect((await s.call("DELETE", `${BASE}/${id}`, { token: gamma })).status).toBe(403);
    expect((await s.call("DELETE", `${BASE}/?q=${q([id])}`, { token: gamma })).status).toBe(403);
    expect((await json(await s.call("GET", `${BASE}/${id}`, { token: admin }))).result.css).toBe(".a{}");

    expect((await s.call("GET", `${BASE}/`)).status).toBe(401);
    expect((await s.call("POST", `${BASE}/`, { body: { template_name: "anon" } })).status).toBe(401);
  });

  it("answers bad input with 400s and unknown ids with 404", async () => {
    const missingName = await s.call("POST", `${BASE}/`, { token: admin, body: { css: ".a{}" } });
    expect(missingName.status).toBe(400);
    expect(JSON.stringify(await json(missingName))).toMatch(/template_name/);
    const blank = await s.call("POST", `${BASE}/`, { token: admin, body: { template_name: "   " } });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await json(blank))).toMatch(/Name is required/);
    const tooLong = await s.call("POST", `${BASE}/`, {
      token: admin,
      body: { template_name: "x".repeat(251) },
    });
    expect(tooLong.status).toBe(400);
    const notText = await s.call("POST", `${BASE}/`, { token: admin, body: { template_name: "n", css: 42 } });
    expect(notText.status).toBe(400);
    const unknownField = await s.call("POST", `${BASE}/`, {
      token: admin,
      body: { template_name: "n", owners: [1] },
    });
    expect(unknownField.status).toBe(400);
    const notJson = await s.call("POST", `${BASE}/`, {
      token: admin,
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect((await s.call("GET", `${BASE}/?q=(filters:!(`, { token: admin })).status).toBe(400);
    expect((await s.call("GET", `${BASE}/424242`, { token: admin })).status).toBe(404);
    expect((await s.call("PUT", `${BASE}/424242`, { token: admin, body: { css: "" } })).status).toBe(404);
  });

  it("stores the CSS sanitised, on create and on update", async () => {
    const id = await create({
      template_name: "Hostile",
      css: '@import url(http://evil.example/x.css); </style><script>alert(1)</script>.a{background:url(javascript:alert(1))} .b{width:expression(alert(2))} .c{behavior:url(x.htc)} @\\69mport "y.css";',
    });
    const stored = (await json(await s.call("GET", `${BASE}/${id}`, { token: admin }))).result.css as string;
    expect(stored).not.toMatch(/@import|<\/?style|<script|javascript:|expression\(|behavior/i);
    expect(stored).toContain(".a{background:url(alert(1))}");

    await s.call("PUT", `${BASE}/${id}`, {
      token: admin,
      body: { css: ".d{color:red}<img src=x onerror=alert(1)>" },
    });
    const updated = (await json(await s.call("GET", `${BASE}/${id}`, { token: admin }))).result.css;
    expect(updated).toBe(".d{color:red}");
  });
});

describe("row level security's related lists", () => {
  it("names the datasets and roles a rule can refer to, for Admin only", async () => {
    const tables = await json(
      await s.call("GET", `/api/v1/rowlevelsecurity/related/tables?q=${q({ page_size: 1000 })}`, {
        token: admin,
      }),
    );
    expect(tables.result).toEqual(
      expect.arrayContaining([{ value: expect.any(Number), text: "birth_names" }]),
    );
    const roles = await json(
      await s.call("GET", "/api/v1/rowlevelsecurity/related/roles?q=(filter:gam)", { token: admin }),
    );
    expect(roles.result).toEqual([{ value: expect.any(Number), text: "Gamma" }]);
    expect((await s.call("GET", "/api/v1/rowlevelsecurity/related/roles", { token: alpha })).status).toBe(
      403,
    );
  });
});

describe("user avatars and dynamic plugins", () => {
  it("answers 204 for a user without an avatar, 404 for an unknown user, 401 anonymously", async () => {
    const me = await json(await s.call("GET", "/api/v1/me/", { token: gamma }));
    const res = await s.call("GET", `/api/v1/user/${me.result.id}/avatar.png`, { token: gamma });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await s.call("GET", "/api/v1/user/987654/avatar.png", { token: gamma })).status).toBe(404);
    expect((await s.call("GET", `/api/v1/user/${me.result.id}/avatar.png`)).status).toBe(401);
  });

  it("lists no dynamic plugins, in Superset's shape", async () => {
    const res = await s.call("GET", "/dynamic-plugins/api/read", { token: gamma });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      count: 0,
      result: [],
      pks: [],
      list_columns: ["name", "key", "bundle_url"],
      modelview_name: "DynamicPluginsView",
    });
    expect((await s.call("GET", "/dynamic-plugins/api/read")).status).toBe(401);
  });
});

describe("changing one's own password", () => {
  it("refuses a wrong current password and lets the new one log in", async () => {
    await userWithRoles(s, admin, "css_pw", ["Gamma"]);
    const login = await s.call("POST", "/login/", {
      body: { username: "css_pw", password: "css_pw-password-123" },
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    const csrf = (await json(await s.call("GET", "/api/v1/security/csrf_token/", { headers: { cookie } })))
      .result;
    const headers = { cookie, "x-csrftoken": csrf };

    const wrong = await s.call("PUT", "/api/v1/me/password", {
      headers,
      body: { current_password: "not-the-password", new_password: "a-new-password-1" },
    });
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(await json(wrong))).toMatch(/current password/);

    const ok = await s.call("PUT", "/api/v1/me/password", {
      headers,
      body: { current_password: "css_pw-password-123", new_password: "a-new-password-1" },
    });
    expect(ok.status).toBe(200);
    expect(await s.login("css_pw", "a-new-password-1")).toEqual(expect.any(String));
    const old = await s.call("POST", "/api/v1/security/login", {
      body: { username: "css_pw", password: "css_pw-password-123" },
    });
    expect(old.status).toBe(401);
  });
});
