import {
  LoginSchema,
  PasswordChangeSchema,
  RolePermissionsSchema,
  RolePostSchema,
  UserPostSchema,
  UserPutSchema,
  ListQuerySchema,
  type Me,
  RelatedQuerySchema,
  IdListSchema,
} from "@strata/contracts";
import {
  applyListQuery,
  badRequest,
  bootstrapUser,
  requirePermission,
  ROLE_LIST_SPEC,
  unauthorized,
  USER_LIST_SPEC,
  type UserEntity,
  userRow,
} from "@strata/core";
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_COOKIE } from "../http/auth.ts";
import type { AppEnv } from "../http/env.ts";
import { jsonBody, pathId, risonQuery } from "../http/input.ts";
import { logoutPage } from "./logout-page.ts";

/** Superset's `UserResponseSchema` (`GET /api/v1/me/`). */
const me = (u: UserEntity): Me & { login_count: number } => ({
  id: u.id,
  username: u.username,
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  is_active: u.active,
  is_anonymous: false,
  login_count: u.login_count ?? 0,
});

/** The session cookie; `Secure` whenever the client reached us over HTTPS. */
async function startSessionCookie(c: Context<AppEnv>, user: UserEntity) {
  const session = await c.get("core").security.startSession(user);
  setCookie(c, SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("client").https,
    path: "/",
    maxAge: session.maxAge,
  });
}

/**
 * The ids of a bulk delete (each once, as IdListSchema gives them: the deletes run only after
 * every id passed its `checkRemove`, and a repeated id would pass the check twice and then fail
 * its second delete).
 */
function bulkIds(c: Context<AppEnv>): number[] {
  const ids = risonQuery(c, IdListSchema);
  if (ids.length === 0) throw badRequest("Select at least one item to delete.");
  return ids;
}

const wantsJson = (c: Context) => !c.req.header("accept")?.includes("text/html");

/** Login/logout pages' endpoints for the SPA (session cookie). */
export function sessionRoutes() {
  return (
    new Hono<AppEnv>()
      .post("/login", async (c) => {
        const body = await jsonBody(c, LoginSchema);
        const core = c.get("core");
        const user = await core.security.authenticate(body.username, body.password, c.get("client").address);
        await startSessionCookie(c, user);
        return c.json({ result: me(user) });
      })
      // Logging out changes state, so it is a POST with the CSRF token (checked by `authenticate`):
      // a page can't log its viewer out with `<img src="/logout/">` or `url(/logout/)`.
      .post("/logout", async (c) => {
        const token = getCookie(c, SESSION_COOKIE);
        if (token) await c.get("core").security.endSession(token);
        deleteCookie(c, SESSION_COOKIE, { path: "/", secure: c.get("client").https });
        const form = c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded");
        return form ? c.redirect("/login/", 303) : c.json({ message: "Logged out" });
      })
      // Someone who types /logout/ in the address bar means to log out: they get a page with a
      // "Log out" button (a form post carrying the CSRF token), one click and done. The GET itself
      // ends nothing. API clients get a 405 saying what to send instead.
      .get("/logout", (c) => {
        if (wantsJson(c)) {
          c.header("Allow", "POST");
          return c.json(
            { message: "Log out with POST /logout/ and the X-CSRFToken header; GET does not end a session." },
            405,
          );
        }
        const sid = c.get("sid");
        const user = c.get("principal").user;
        if (!sid || !user) return c.redirect("/login/");
        c.header("Cache-Control", "no-store");
        return c.html(logoutPage(user.username, c.get("core").security.csrfToken(sid)));
      })
  );
}

/** `/api/v1/me/` and `/api/v1/security/…` (Superset's paths). */
export function securityRoutes() {
  const users = new Hono<AppEnv>()
    .get("/", async (c) => {
      const p = c.get("principal");
      requirePermission(p, "can_read", "User");
      const core = c.get("core");
      const names = await core.users.roleNames();
      const rows = (await core.users.all()).map((u) => userRow(u, names));
      const q = risonQuery(c, ListQuerySchema);
      return c.json(applyListQuery(rows, q, USER_LIST_SPEC));
    })
    .get("/:id", async (c) => {
      requirePermission(c.get("principal"), "can_read", "User");
      const core = c.get("core");
      const user = await core.users.get(pathId(c));
      return c.json({ id: user.id, result: userRow(user, await core.users.roleNames()) });
    })
    .post("/", async (c) => {
      const core = c.get("core");
      const user = await core.users.create(c.get("principal"), await jsonBody(c, UserPostSchema));
      return c.json({ id: user.id, result: userRow(user, await core.users.roleNames()) }, 201);
    })
    .put("/:id", async (c) => {
      const core = c.get("core");
      const user = await core.users.update(c.get("principal"), pathId(c), await jsonBody(c, UserPutSchema));
      return c.json({ id: user.id, result: userRow(user, await core.users.roleNames()) });
    })
    .delete("/:id", async (c) => {
      await c.get("core").users.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    })
    .delete("/", async (c) => {
      const ids = bulkIds(c);
      const core = c.get("core");
      const p = c.get("principal");
      for (const id of ids) await core.users.checkRemove(p, id);
      for (const id of ids) await core.users.remove(p, id);
      return c.json({ message: `Deleted ${ids.length} user${ids.length === 1 ? "" : "s"}` });
    });

  const roles = new Hono<AppEnv>()
    .get("/", async (c) => {
      requirePermission(c.get("principal"), "can_read", "Role");
      const rows = (await c.get("core").roles.all()).map((r) => ({
        id: r.id,
        name: r.name,
        permission_count: r.permissions.length,
      }));
      return c.json(applyListQuery(rows, risonQuery(c, ListQuerySchema), ROLE_LIST_SPEC));
    })
    .get("/:id", async (c) => {
      requirePermission(c.get("principal"), "can_read", "Role");
      const role = await c.get("core").roles.get(pathId(c));
      return c.json({ id: role.id, result: { id: role.id, name: role.name } });
    })
    .post("/", async (c) => {
      const body = await jsonBody(c, RolePostSchema);
      const role = await c.get("core").roles.create(c.get("principal"), body.name);
      return c.json({ id: role.id, result: { id: role.id, name: role.name } }, 201);
    })
    .put("/:id", async (c) => {
      const body = await jsonBody(c, RolePostSchema);
      const role = await c.get("core").roles.rename(c.get("principal"), pathId(c), body.name);
      return c.json({ id: role.id, result: { id: role.id, name: role.name } });
    })
    .delete("/:id", async (c) => {
      await c.get("core").roles.remove(c.get("principal"), pathId(c));
      return c.json({ message: "OK" });
    })
    .delete("/", async (c) => {
      const ids = bulkIds(c);
      const core = c.get("core");
      const p = c.get("principal");
      for (const id of ids) await core.roles.checkRemove(p, id);
      for (const id of ids) await core.roles.remove(p, id);
      return c.json({ message: `Deleted ${ids.length} role${ids.length === 1 ? "" : "s"}` });
    })
    .get("/:id/permissions", async (c) => {
      requirePermission(c.get("principal"), "can_read", "Role");
      return c.json({ result: await c.get("core").roles.permissionsOf(pathId(c)) });
    })
    .post("/:id/permissions", async (c) => {
      const body = await jsonBody(c, RolePermissionsSchema);
      const role = await c
        .get("core")
        .roles.setPermissions(c.get("principal"), pathId(c), body.permission_view_menu_ids);
      return c.json({ result: { permission_view_menu_ids: body.permission_view_menu_ids, id: role.id } });
    });

  return (
    new Hono<AppEnv>()
      // Superset answers any signed-in caller, Bearer included: its own client (SupersetClient.init)
      // asks for this before its first call.
      .get("/csrf_token", (c) => {
        const sid = c.get("sid");
        const security = c.get("core").security;
        if (sid) return c.json({ result: security.csrfToken(sid) });
        const { user, guest } = c.get("principal");
        if (!user || guest) throw unauthorized();
        return c.json({ result: security.bearerCsrfToken(user) });
      })
      .post("/login", async (c) => {
        const body = await jsonBody(c, LoginSchema);
        const core = c.get("core");
        const user = await core.security.authenticate(body.username, body.password, c.get("client").address);
        return c.json(core.security.issueTokens(user, body.refresh ?? false));
      })
      .post("/refresh", async (c) => {
        const header = c.req.header("authorization") ?? "";
        if (!header.toLowerCase().startsWith("bearer "))
          throw badRequest("Send the refresh token as 'Authorization: Bearer <token>'.");
        return c.json(await c.get("core").security.refresh(header.slice(7).trim()));
      })
      .get("/permissions-resources", async (c) => {
        requirePermission(c.get("principal"), "can_read", "Role");
        const q = risonQuery(c, RelatedQuerySchema);
        const views = await c.get("core").roles.permissionViews();
        const size = q.page_size ?? views.length;
        const page = q.page ?? 0;
        return c.json({ count: views.length, result: views.slice(page * size, page * size + size) });
      })
      .get("/permissions", async (c) => {
        requirePermission(c.get("principal"), "can_read", "Role");
        const names = [
          ...new Set((await c.get("core").roles.permissionViews()).map((v) => v.permission.name)),
        ];
        return c.json({ count: names.length, result: names.map((name, i) => ({ id: i + 1, name })) });
      })
      .route("/users", users)
      .route("/roles", roles)
  );
}

export function meRoutes() {
  return (
    new Hono<AppEnv>()
      .get("/", (c) => {
        const p = c.get("principal");
        if (!p.user) throw unauthorized();
        return c.json({ result: me(p.user) });
      })
      .get("/roles", (c) => {
        const p = c.get("principal");
        if (!p.user) throw unauthorized();
        return c.json({ result: bootstrapUser(p) });
      })
      // Every other session and token of the user ends; a browser session gets a fresh cookie so
      // the person who changed it stays logged in here (a bearer caller logs in again).
      .put("/password", async (c) => {
        const p = c.get("principal");
        if (!p.user) throw unauthorized();
        const body = await jsonBody(c, PasswordChangeSchema);
        const core = c.get("core");
        const user = await core.security.changeOwnPassword(
          p.user,
          body.current_password,
          body.new_password,
          c.get("client").address,
        );
        if (c.get("sid")) await startSessionCookie(c, user);
        return c.json({ message: "Password changed. Other sessions and tokens were signed out." });
      })
  );
}

/** `/api/v1/user/…` (Superset's UserRestApi): the avatar image, a redirect when one exists. */
export function userRoutes() {
  return new Hono<AppEnv>().get("/:id{[0-9]+}/avatar.png", async (c) => {
    const url = await c.get("core").users.avatarUrl(c.get("principal"), pathId(c));
    // Lists draw several avatars per row: the browser asks once per user and hour.
    c.header("Cache-Control", "private, max-age=3600");
    if (url) return c.redirect(url, 301);
    return c.body(null, 204);
  });
}
