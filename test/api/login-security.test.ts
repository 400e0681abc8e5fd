import { createAwsClients, MetaStore, passwordChecksSoFar } from "@strata/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import { EDGE_KEY_HEADER, parseEdgeKey, VIEWER_ADDRESS_HEADER } from "../../functions/src/http/client.ts";
import { readLocalConfig } from "../../functions/src/runtime/config.ts";
import { type Listening, listen } from "../support/listen.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * Login throttling, token revocation and logout, through real HTTP sockets: a server that trusts
 * loopback as its proxy (so X-Forwarded-For names the client, as behind nginx) and one that trusts
 * no proxy (so forwarding headers are someone's claim and count for nothing).
 */
let s: TestServer;
let admin: string;
let proxied: Listening;
let direct: Listening;
let edge: Listening;
const EDGE_KEY = "an-edge-key-only-cloudfront-and-the-api-know-1234";

beforeAll(async () => {
  s = await startTestServer({ examples: false });
  admin = await s.login(ADMIN.username, ADMIN.password);
  proxied = await listen(createApp(s.runtime.core, { trustedProxies: ["127.0.0.1", "::1"] }).fetch);
  direct = await listen(createApp(s.runtime.core).fetch);
  // As the Lambda behind the deployment's CloudFront: the edge key says the viewer header is CloudFront's.
  edge = await listen(createApp(s.runtime.core, { edgeKey: EDGE_KEY }).fetch);
});
afterAll(async () => {
  proxied.close();
  direct.close();
  edge.close();
  await s.close();
});

const MAX_TRIES = 10;

function login(
  base: string,
  body: unknown,
  headers: Record<string, string> = {},
  path = "/api/v1/security/login",
) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function outcome(res: Response): Promise<"ok" | "checked" | "locked"> {
  if (res.status === 200) return "ok";
  const { message } = (await res.json()) as { message: string };
  expect(res.status).toBe(401);
  if (/Too many failed logins/.test(message)) return "locked";
  expect(message).toBe("Invalid login. Please try again.");
  return "checked";
}

const count = (xs: string[], x: string) => xs.filter((y) => y === x).length;

describe("login throttling", () => {
  it("checks at most the allowed number of passwords of 60 parallel wrong guesses", async () => {
    await userWithRoles(s, admin, "victim", ["Gamma"]);
    const before = passwordChecksSoFar();
    const from = { "x-forwarded-for": "203.0.113.7" };
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(proxied.url, { username: "victim", password: `guess-${i}` }, from),
      ),
    );
    const outcomes = await Promise.all(results.map(outcome));
    const checked = passwordChecksSoFar() - before;
    console.log(
      `60 parallel wrong guesses: ${checked} passwords checked, ${count(outcomes, "locked")} refused unchecked`,
    );
    expect(checked).toBeLessThanOrEqual(MAX_TRIES);
    expect(count(outcomes, "checked")).toBe(checked);
    expect(count(outcomes, "locked")).toBe(60 - checked);

    // The right password from the locked-out address is not even checked...
    const again = await login(proxied.url, { username: "victim", password: "victim-password-123" }, from);
    expect(await outcome(again)).toBe("locked");
    expect(passwordChecksSoFar() - before).toBe(checked);
    // ...while the real user, at another address, logs in at once (no denial of service).
    const elsewhere = await login(
      proxied.url,
      { username: "victim", password: "victim-password-123" },
      { "x-forwarded-for": "198.51.100.20" },
    );
    expect(elsewhere.status).toBe(200);
  });

  it("gives an attacker at most the allowed tries even with the right password among the later guesses", async () => {
    await userWithRoles(s, admin, "victim2", ["Gamma"]);
    const before = passwordChecksSoFar();
    const from = { "x-forwarded-for": "203.0.113.8" };
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(
          proxied.url,
          { username: "victim2", password: i >= 30 ? "victim2-password-123" : `guess-${i}` },
          from,
        ),
      ),
    );
    const outcomes = await Promise.all(results.map(outcome));
    expect(passwordChecksSoFar() - before).toBeLessThanOrEqual(MAX_TRIES);
    // Every answer that reveals anything (right or wrong) cost one of the tries.
    expect(count(outcomes, "ok") + count(outcomes, "checked")).toBeLessThanOrEqual(MAX_TRIES);
  });

  it("limits password spraying: one address gets a bounded number of tries across all accounts", async () => {
    const PER_CLIENT = 50;
    await userWithRoles(s, admin, "sprayed", ["Gamma"]);
    const before = passwordChecksSoFar();
    const sprayer = { "x-forwarded-for": "203.0.113.150" };
    // Two wrong guesses at each of 40 accounts: never more than 2 per account, 80 in all.
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        login(proxied.url, { username: `spray-${i % 40}`, password: `guess-${i}` }, sprayer),
      ),
    );
    const outcomes = await Promise.all(results.map(outcome));
    const checked = passwordChecksSoFar() - before;
    expect(checked).toBeLessThanOrEqual(PER_CLIENT);
    expect(count(outcomes, "locked")).toBe(80 - checked);
    // This address is now refused even at an account it never tried, right password or not...
    const fresh = await login(
      proxied.url,
      { username: "sprayed", password: "sprayed-password-123" },
      sprayer,
    );
    expect(await outcome(fresh)).toBe("locked");
    // ...and the account's owner, from their own address, is not affected.
    const owner = await login(
      proxied.url,
      { username: "sprayed", password: "sprayed-password-123" },
      { "x-forwarded-for": "198.51.100.77" },
    );
    expect(owner.status).toBe(200);
  });

  it("locks the admin account out only for the address that failed", async () => {
    const attacker = { "x-forwarded-for": "192.0.2.66" };
    for (let i = 0; i < MAX_TRIES; i++)
      await login(proxied.url, { username: "admin", password: `nope-${i}` }, attacker);
    expect(await outcome(await login(proxied.url, ADMIN, attacker))).toBe("locked");
    // The cookie login of the SPA, from the admin's own address, still works.
    const real = await login(proxied.url, ADMIN, { "x-forwarded-for": "192.0.2.10" }, "/login/");
    expect(real.status).toBe(200);
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    await userWithRoles(s, admin, "spoofed", ["Gamma"]);
    const outcomes: string[] = [];
    for (let i = 0; i < MAX_TRIES + 2; i++) {
      // A fresh made-up address each time would be a fresh set of tries if it were believed.
      const res = await login(
        direct.url,
        { username: "spoofed", password: `guess-${i}` },
        { "x-forwarded-for": `10.9.8.${i}` },
      );
      outcomes.push(await outcome(res));
    }
    expect(count(outcomes, "checked")).toBe(MAX_TRIES);
    expect(outcomes.slice(MAX_TRIES)).toEqual(["locked", "locked"]);
  });

  it("behind CloudFront, keys on the viewer's address CloudFront vouches for with the edge key", async () => {
    const viewer = (address: string, key = EDGE_KEY) => ({
      [EDGE_KEY_HEADER]: key,
      [VIEWER_ADDRESS_HEADER]: address,
    });
    // One guesser, whatever edge server it comes through, is one address: it runs out of tries…
    for (let i = 0; i < MAX_TRIES; i++)
      await login(edge.url, { username: "admin", password: `edge-${i}` }, viewer("203.0.113.200"));
    expect(await outcome(await login(edge.url, ADMIN, viewer("203.0.113.200")))).toBe("locked");
    // …while the admin, near the same edge server (the same peer here), still logs in.
    expect(await outcome(await login(edge.url, ADMIN, viewer("198.51.100.201")))).toBe("ok");
    // A viewer header without the key, or with a wrong one, is a client's claim: the peer counts.
    await userWithRoles(s, admin, "edgy", ["Gamma"]);
    const outcomes: string[] = [];
    for (let i = 0; i < MAX_TRIES + 2; i++) {
      const forged =
        i % 2
          ? viewer(`10.7.7.${i}`, `${EDGE_KEY.slice(0, -1)}x`)
          : { [VIEWER_ADDRESS_HEADER]: `10.7.7.${i}` };
      outcomes.push(
        await outcome(await login(edge.url, { username: "edgy", password: `guess-${i}` }, forged)),
      );
    }
    expect(count(outcomes, "checked")).toBe(MAX_TRIES);
    expect(outcomes.slice(MAX_TRIES)).toEqual(["locked", "locked"]);
  });

  it("reads EDGE_KEY only when long enough not to be guessed", () => {
    expect(parseEdgeKey(undefined)).toBeUndefined();
    expect(parseEdgeKey("")).toBeUndefined();
    expect(parseEdgeKey(EDGE_KEY)).toBe(EDGE_KEY);
    expect(() => parseEdgeKey("short-key")).toThrow("EDGE_KEY must be at least 32 characters long.");
  });

  it("starts a fresh window once the old one expired, even where TTL deletion never ran", async () => {
    let now = new Date("2030-01-01T00:00:00Z");
    const { endpoints, credentials } = s.runtime.standIns;
    const clients = createAwsClients({
      region: "us-east-1",
      metaTable: "",
      resultsBucket: "",
      jobsQueueUrl: "",
      endpoints,
      credentials,
    });
    const meta = new MetaStore(clients.doc, "strata-meta", () => now);
    const counted = async () => {
      const out: boolean[] = [];
      for (let i = 0; i < 4; i++) out.push(await meta.countBelow("window-test", 3, 300));
      return out;
    };
    expect(await counted()).toEqual([true, true, true, false]);
    now = new Date(now.getTime() + 299_000);
    expect(await meta.countBelow("window-test", 3, 300)).toBe(false);
    now = new Date(now.getTime() + 2_000); // past the window: dynalite still holds the item
    expect(await counted()).toEqual([true, true, true, false]);
  });

  it("counts unknown usernames like known ones and answers them the same", async () => {
    const from = { "x-forwarded-for": "203.0.113.99" };
    const before = passwordChecksSoFar();
    const res = await login(proxied.url, { username: "nobody-here", password: "whatever" }, from);
    expect(await outcome(res)).toBe("checked");
    expect(passwordChecksSoFar() - before).toBe(1); // a decoy hash is checked: same cost, same answer
  });
});

describe("session cookie over HTTPS", () => {
  it("is Secure when a trusted proxy says the request came over HTTPS, and only then", async () => {
    const viaTls = await login(proxied.url, ADMIN, { "x-forwarded-proto": "https" }, "/login/");
    expect(viaTls.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
    const plain = await login(proxied.url, ADMIN, {}, "/login/");
    expect(plain.headers.get("set-cookie")).not.toMatch(/Secure/i);
    const claimed = await login(direct.url, ADMIN, { "x-forwarded-proto": "https" }, "/login/");
    expect(claimed.headers.get("set-cookie")).not.toMatch(/Secure/i);
  });

  it("reads TRUSTED_PROXIES as addresses and CIDR ranges, and names a wrong entry", () => {
    expect(readLocalConfig({ TRUSTED_PROXIES: " 127.0.0.1, ::1 ,10.0.0.0/8" }).trustedProxies).toEqual([
      "127.0.0.1",
      "::1",
      "10.0.0.0/8",
    ]);
    expect(readLocalConfig({}).trustedProxies).toEqual([]);
    expect(() => readLocalConfig({ TRUSTED_PROXIES: "10.0.0.0/33" })).toThrow(
      'TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR range (e.g. 10.0.0.0/8).',
    );
    expect(() => readLocalConfig({ TRUSTED_PROXIES: "proxy.local" })).toThrow(/"proxy.local"/);
  });

  it("is always Secure in the Lambda runtime (HTTPS only)", async () => {
    const lambdaLike = createApp(s.runtime.core, { secureCookies: true });
    const res = await lambdaLike.request("/login/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(res.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
  });
});

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";

async function cookieSession(username: string, password: string) {
  const res = await s.call("POST", "/login/", { body: { username, password } });
  expect(res.status).toBe(200);
  const cookie = cookieOf(res);
  const csrf = (
    (await (await s.call("GET", "/api/v1/security/csrf_token/", { headers: { cookie } })).json()) as {
      result: string;
    }
  ).result;
  return { cookie, csrf };
}

async function tokens(username: string, password: string) {
  const res = await s.call("POST", "/api/v1/security/login", { body: { username, password, refresh: true } });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

const meStatus = async (opts: { token?: string; cookie?: string }) =>
  (
    await s.call("GET", "/api/v1/me/", {
      token: opts.token,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
    })
  ).status;

describe("a password change revokes sessions and tokens", () => {
  it("an admin's reset ends the user's cookie sessions, access and refresh tokens", async () => {
    const id = await createUser("reset-me");
    const session = await cookieSession("reset-me", "reset-me-password-123");
    const t = await tokens("reset-me", "reset-me-password-123");
    expect(await meStatus({ token: t.access_token })).toBe(200);
    expect(await meStatus({ cookie: session.cookie })).toBe(200);

    const put = await s.call("PUT", `/api/v1/security/users/${id}`, {
      token: admin,
      body: { password: "a-brand-new-password" },
    });
    expect(put.status).toBe(200);

    expect(await meStatus({ token: t.access_token })).toBe(401);
    expect(await meStatus({ cookie: session.cookie })).toBe(401);
    const refreshed = await s.call("POST", "/api/v1/security/refresh", { token: t.refresh_token });
    expect(refreshed.status).toBe(401);
    const fresh = await tokens("reset-me", "a-brand-new-password");
    expect(await meStatus({ token: fresh.access_token })).toBe(200);
  });

  it("a user's own change signs out other sessions and tokens, and keeps this browser logged in", async () => {
    await createUser("changer");
    const here = await cookieSession("changer", "changer-password-123");
    const elsewhere = await cookieSession("changer", "changer-password-123");
    const t = await tokens("changer", "changer-password-123");

    const wrong = await s.call("PUT", "/api/v1/me/password", {
      headers: { cookie: here.cookie, "x-csrftoken": here.csrf },
      body: { current_password: "not-it", new_password: "changed-password-1" },
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({
      message: { current_password: ["The current password is not right."] },
    });

    const noCsrf = await s.call("PUT", "/api/v1/me/password", {
      headers: { cookie: here.cookie },
      body: { current_password: "changer-password-123", new_password: "changed-password-1" },
    });
    expect(noCsrf.status).toBe(403);

    const ok = await s.call("PUT", "/api/v1/me/password", {
      headers: { cookie: here.cookie, "x-csrftoken": here.csrf },
      body: { current_password: "changer-password-123", new_password: "changed-password-1" },
    });
    expect(ok.status).toBe(200);
    const renewed = cookieOf(ok);
    expect(renewed).toMatch(/^strata_session=/);

    expect(await meStatus({ cookie: here.cookie })).toBe(401);
    expect(await meStatus({ cookie: elsewhere.cookie })).toBe(401);
    expect(await meStatus({ token: t.access_token })).toBe(401);
    expect((await s.call("POST", "/api/v1/security/refresh", { token: t.refresh_token })).status).toBe(401);
    expect(await meStatus({ cookie: renewed })).toBe(200);
    const old = await s.call("POST", "/api/v1/security/login", {
      body: { username: "changer", password: "changer-password-123" },
    });
    expect(old.status).toBe(401);
  });

  it("refuses a too-short new password with the field named, and anonymous callers", async () => {
    await createUser("shorty");
    const here = await cookieSession("shorty", "shorty-password-123");
    const res = await s.call("PUT", "/api/v1/me/password", {
      headers: { cookie: here.cookie, "x-csrftoken": here.csrf },
      body: { current_password: "shorty-password-123", new_password: "short" },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/at least 8 characters/);
    const anonymous = await s.call("PUT", "/api/v1/me/password", {
      body: { current_password: "x", new_password: "long-enough-password" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("logout", () => {
  it("does not end a session on GET: a logged-in browser gets a confirm page, an API client a 405", async () => {
    const { cookie, csrf } = await cookieSession(ADMIN.username, ADMIN.password);
    // What `<img src="/logout/">` or `url(/logout/)` would send.
    const img = await s.call("GET", "/logout/", { headers: { cookie, accept: "image/avif,image/webp,*/*" } });
    expect(img.status).toBe(405);
    expect(await img.json()).toEqual({
      message: "Log out with POST /logout/ and the X-CSRFToken header; GET does not end a session.",
    });
    const page = await s.call("GET", "/logout/", { headers: { cookie, accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/logout/"');
    expect(html).toContain(`value="${csrf}"`);
    expect(await meStatus({ cookie })).toBe(200);

    const anonymousPage = await s.call("GET", "/logout/", { headers: { accept: "text/html" } });
    expect(anonymousPage.status).toBe(302);
    expect(anonymousPage.headers.get("location")).toBe("/login/");
  });

  it("needs the CSRF token to end a session, then revokes it", async () => {
    const { cookie, csrf } = await cookieSession(ADMIN.username, ADMIN.password);
    const forged = await s.call("POST", "/logout/", { headers: { cookie } });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { message: string }).message).toMatch(/CSRF/);
    expect(await meStatus({ cookie })).toBe(200);

    const res = await s.call("POST", "/logout/", { headers: { cookie, "x-csrftoken": csrf } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Logged out" });
    expect(res.headers.get("set-cookie")).toMatch(/strata_session=;/);
    expect(await meStatus({ cookie })).toBe(401);
  });

  it("accepts the confirm page's form post and sends the browser to the login page", async () => {
    const { cookie, csrf } = await cookieSession(ADMIN.username, ADMIN.password);
    const res = await s.call("POST", "/logout/", {
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      raw: `csrf_token=${encodeURIComponent(csrf)}`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login/");
    expect(await meStatus({ cookie })).toBe(401);
  });
});

async function createUser(username: string): Promise<number> {
  await userWithRoles(s, admin, username, ["Gamma"]);
  const list = (await (
    await s.call("GET", `/api/v1/security/users/?q=(filters:!((col:username,opr:eq,value:'${username}')))`, {
      token: admin,
    })
  ).json()) as { result: { id: number }[] };
  return list.result[0].id;
}
