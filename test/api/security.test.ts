import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({ examples: false });
  admin = await s.login(ADMIN.username, ADMIN.password);
});
afterAll(() => s.close());

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";

describe("authentication", () => {
  it("rejects a wrong password with Superset's message and no token", async () => {
    const res = await s.call("POST", "/api/v1/security/login", {
      body: { username: "admin", password: "nope", provider: "db" },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Invalid login. Please try again." });
  });

  it("issues access and refresh tokens, and refresh gives a new access token", async () => {
    const res = await s.call("POST", "/api/v1/security/login", {
      body: { ...ADMIN, provider: "db", refresh: true },
    });
    const tokens = (await res.json()) as { access_token: string; refresh_token: string };
    expect(tokens.access_token).toMatch(/^ey/);
    const refreshed = await s.call("POST", "/api/v1/security/refresh", { token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const { access_token } = (await refreshed.json()) as { access_token: string };
    const me = await s.call("GET", "/api/v1/me/", { token: access_token });
    expect(((await me.json()) as { result: { username: string } }).result.username).toBe("admin");
  });

  it("does not accept a refresh token as an access token, nor a forged one", async () => {
    const res = await s.call("POST", "/api/v1/security/login", { body: { ...ADMIN, refresh: true } });
    const { refresh_token } = (await res.json()) as { refresh_token: string };
    expect((await s.call("GET", "/api/v1/me/", { token: refresh_token })).status).toBe(401);
    const forged = `${admin.split(".").slice(0, 2).join(".")}.${"A".repeat(43)}`;
    expect((await s.call("GET", "/api/v1/me/", { token: forged })).status).toBe(401);
  });

  it("answers 401 to anonymous API calls", async () => {
    const res = await s.call("GET", "/api/v1/dataset/");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Not authorized" });
  });

  it("runs a cookie session with a CSRF token for state changes, and logout revokes it", async () => {
    const login = await s.call("POST", "/login/", { body: ADMIN });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    expect(login.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    const roles = await s.call("GET", "/api/v1/me/roles/", { headers: { cookie } });
    const me = (await roles.json()) as { result: { roles: Record<string, [string, string][]> } };
    expect(Object.keys(me.result.roles)).toEqual(["Admin"]);
    const csrf = (
      (await (await s.call("GET", "/api/v1/security/csrf_token/", { headers: { cookie } })).json()) as {
        result: string;
      }
    ).result;

    const body = { name: "csrf-tag" };
    const without = await s.call("POST", "/api/v1/tag/", { headers: { cookie }, body });
    expect(without.status).toBe(403);
    expect(((await without.json()) as { message: string }).message).toMatch(/CSRF/);
    const withToken = await s.call("POST", "/api/v1/tag/", {
      headers: { cookie, "x-csrftoken": csrf },
      body,
    });
    expect(withToken.status).toBe(201);

    // Logging out is a POST carrying the CSRF token (login-security.test.ts covers GET and forgery).
    const logout = await s.call("POST", "/logout/", { headers: { cookie, "x-csrftoken": csrf } });
    expect(logout.status).toBe(200);
    expect((await s.call("GET", "/api/v1/me/", { headers: { cookie } })).status).toBe(401);
  });

  it("locks an account after repeated failures", async () => {
    await userWithRoles(s, admin, "locky", ["Gamma"]);
    for (let i = 0; i < 10; i++)
      await s.call("POST", "/api/v1/security/login", { body: { username: "locky", password: "wrong" } });
    const res = await s.call("POST", "/api/v1/security/login", {
      body: { username: "locky", password: "locky-password-123" },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/Too many failed logins/);
  });

  it("sends security headers on every kind of reply", async () => {
    const replies = [
      await s.call("GET", "/health"),
      await s.call("GET", "/api/v1/me/", { token: admin }),
      await s.call("GET", "/api/v1/chart/987654", { token: admin }), // a thrown 404
      await s.call("GET", "/api/v1/no-such-endpoint/", { token: admin }), // no route
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        raw: "{",
        headers: { "content-type": "application/json" },
      }),
      await s.call("GET", "/lang/fr", { headers: { referer: "http://localhost/" } }), // a redirect
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 404, 404, 400, 302]);
    for (const res of replies) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    }
    // The reply's own headers stay as the handler set them.
    expect(replies[1].headers.get("content-type")).toMatch(/^application\/json/);
    expect(replies[5].headers.get("location")).toBeTruthy();
  });
});

describe("users and roles administration", () => {
  it("creates a user with roles, lists it, and refuses duplicates", async () => {
    const token = await userWithRoles(s, admin, "alice", ["Alpha"]);
    expect(token).toBeTruthy();
    const list = await s.call(
      "GET",
      "/api/v1/security/users/?q=(filters:!((col:username,opr:eq,value:alice)))",
      { token: admin },
    );
    const body = (await list.json()) as {
      count: number;
      result: { username: string; roles: { name: string }[]; password_hash?: string }[];
    };
    expect(body.count).toBe(1);
    expect(body.result[0].roles.map((r) => r.name)).toEqual(["Alpha"]);
    expect(body.result[0]).not.toHaveProperty("password_hash");
    const dup = await s.call("POST", "/api/v1/security/users/", {
      token: admin,
      body: {
        username: "ALICE",
        first_name: "a",
        last_name: "b",
        email: "a@b.co",
        password: "another-password",
        roles: [1],
      },
    });
    expect(dup.status).toBe(422);
  });

  it("forbids Gamma users from administering users", async () => {
    const gamma = await userWithRoles(s, admin, "gary", ["Gamma"]);
    const res = await s.call("GET", "/api/v1/security/users/", { token: gamma });
    expect(res.status).toBe(403);
    const create = await s.call("POST", "/api/v1/security/roles/", { token: gamma, body: { name: "mine" } });
    expect(create.status).toBe(403);
  });

  it("creates a role, grants permissions by id and the user gets them", async () => {
    const created = await s.call("POST", "/api/v1/security/roles/", {
      token: admin,
      body: { name: "Readers" },
    });
    const { id } = (await created.json()) as { id: number };
    const pvms = (await (
      await s.call("GET", "/api/v1/security/permissions-resources/", { token: admin })
    ).json()) as {
      result: { id: number; permission: { name: string }; view_menu: { name: string } }[];
    };
    const readTag = pvms.result.find((p) => p.permission.name === "can_read" && p.view_menu.name === "Tag")!;
    const set = await s.call("POST", `/api/v1/security/roles/${id}/permissions`, {
      token: admin,
      body: { permission_view_menu_ids: [readTag.id] },
    });
    expect(set.status).toBe(200);
    const perms = (await (
      await s.call("GET", `/api/v1/security/roles/${id}/permissions/`, { token: admin })
    ).json()) as {
      result: { permission_name: string; view_menu_name: string }[];
    };
    expect(perms.result).toEqual([{ id: readTag.id, permission_name: "can_read", view_menu_name: "Tag" }]);
    const reader = await userWithRoles(s, admin, "rita", ["Readers"]);
    expect((await s.call("GET", "/api/v1/tag/", { token: reader })).status).toBe(200);
    expect((await s.call("GET", "/api/v1/dataset/", { token: reader })).status).toBe(403);
  });

  it("keeps built-in roles", async () => {
    const roles = (await (await s.call("GET", "/api/v1/security/roles/", { token: admin })).json()) as {
      result: { id: number; name: string }[];
    };
    expect(roles.result.map((r) => r.name)).toEqual(
      expect.arrayContaining(["Admin", "Alpha", "Gamma", "sql_lab", "Public"]),
    );
    const gamma = roles.result.find((r) => r.name === "Gamma")!;
    expect((await s.call("DELETE", `/api/v1/security/roles/${gamma.id}`, { token: admin })).status).toBe(400);
  });
});
