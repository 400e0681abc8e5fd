import rison from "rison";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/src/app.ts";
import type SupersetClientModule from "@superset-ui/core/esm/connection/SupersetClientClass.js";
import { type Listening, listen } from "../support/listen.ts";
import { ADMIN, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Superset's own HTTP client (`SupersetClientClass` from npm `@superset-ui/core`) against a
 * running Strata over a real socket, used as a script would: log in for tokens, `init()` with the
 * Bearer token (it fetches the CSRF token first), then read, write and refresh.
 *
 * The package's main entry pulls React and the chart plugins; its connection module needs only a
 * browser-like `window.location` (read when the module loads and in the constructor) and `fetch`,
 * which Node has. The `esm/` build is what loads here (its `lib/` build is ES modules too, which
 * Node can't load as CommonJS); vitest transforms it.
 */
type Json = Record<string, any>;
type SupersetClient = InstanceType<typeof SupersetClientClass>;

let s: TestServer;
let server: Listening | undefined;
let host: string;
let SupersetClientClass: typeof SupersetClientModule;
let tokens: { access_token: string; refresh_token: string };
const unauthorized: string[] = [];

function client(token: string | undefined): SupersetClient {
  return new SupersetClientClass({
    protocol: "http:",
    host,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    // Node's fetch has no page origin, so "same-origin" (the browser default) can't apply.
    mode: "cors",
    fetchRetryOptions: { retries: 0 },
    unauthorizedHandler: () => unauthorized.push("401"),
  });
}

/** Whatever the client rejected with: a Response for HTTP errors. */
async function rejection(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (err) {
    return err as Response;
  }
  throw new Error("expected the call to fail");
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  const app = createApp(s.runtime.core);
  server = await listen(app.fetch);
  host = `127.0.0.1:${server.port}`;
  (globalThis as { window?: unknown }).window = { location: new URL(`http://${host}/`) };
  // Loaded after `window` exists: the module reads it when it loads.
  SupersetClientClass = (await import("@superset-ui/core/esm/connection/SupersetClientClass.js")).default;
  // How Superset's API docs tell scripts to log in.
  const res = await fetch(`http://${host}/api/v1/security/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      username: ADMIN.username,
      password: ADMIN.password,
      provider: "db",
      refresh: true,
    }),
  });
  expect(res.status).toBe(200);
  tokens = (await res.json()) as typeof tokens;
});
afterAll(async () => {
  delete (globalThis as { window?: unknown }).window;
  server?.close();
  await s?.close();
});

describe("Superset's own client (@superset-ui/core SupersetClientClass)", () => {
  it("initialises with a Bearer token: the CSRF token comes back as {result: <token>}", async () => {
    const c = client(tokens.access_token);
    const token = await c.init();
    expect(typeof token).toBe("string");
    expect(token.length).toBeGreaterThan(10);
    expect(c.csrfToken).toBe(token);
  });

  it("reads /me/ and /me/roles/ in Superset's shapes", async () => {
    const c = client(tokens.access_token);
    await c.init();
    const me = (await c.get({ endpoint: "/api/v1/me/" })).json.result;
    expect(me).toMatchObject({
      username: ADMIN.username,
      is_active: true,
      is_anonymous: false,
    });
    expect(typeof me.id).toBe("number");
    expect(typeof me.login_count).toBe("number");
    const roles = (await c.get({ endpoint: "/api/v1/me/roles/" })).json.result;
    // bootstrap_user_data(user, include_perms=True): camelCase user fields, roles, permissions.
    expect(roles).toMatchObject({
      username: ADMIN.username,
      userId: me.id,
      isActive: true,
      isAnonymous: false,
    });
    expect(typeof roles.createdOn).toBe("string");
    expect(Object.keys(roles.roles)).toContain("Admin");
    expect(typeof roles.permissions).toBe("object");
  });

  it("lists datasets, charts and dashboards with rison q, writes with the CSRF header, posts chart data", async () => {
    const c = client(tokens.access_token);
    await c.init();
    const q = (value: unknown) => ({ q: rison.encode(value) });

    const datasets = (
      await c.get({
        endpoint: "/api/v1/dataset/",
        searchParams: q({
          filters: [{ col: "table_name", opr: "eq", value: "birth_names" }],
          page: 0,
          page_size: 25,
        }),
      })
    ).json;
    expect(datasets.count).toBe(1);
    const datasetId = datasets.result[0].id as number;

    const chart = (
      await c.post({
        endpoint: "/api/v1/chart/",
        jsonPayload: {
          slice_name: "Births by gender (client)",
          viz_type: "table",
          datasource_id: datasetId,
          datasource_type: "table",
          params: JSON.stringify({ groupby: ["gender"], metrics: ["count"] }),
        },
      })
    ).json;
    expect(typeof chart.id).toBe("number");
    const dashboard = (
      await c.post({ endpoint: "/api/v1/dashboard/", jsonPayload: { dashboard_title: "Client board" } })
    ).json;
    expect(typeof dashboard.id).toBe("number");

    const charts = (
      await c.get({
        endpoint: "/api/v1/chart/",
        searchParams: q({
          filters: [{ col: "slice_name", opr: "ct", value: "(client)" }],
          order_column: "changed_on_delta_humanized",
          order_direction: "desc",
          page: 0,
          page_size: 25,
        }),
      })
    ).json;
    expect(charts.result.map((r: Json) => r.id)).toEqual([chart.id]);
    const dashboards = (
      await c.get({
        endpoint: "/api/v1/dashboard/",
        searchParams: q({
          filters: [{ col: "dashboard_title", opr: "ct", value: "Client" }],
          page: 0,
          page_size: 25,
        }),
      })
    ).json;
    expect(dashboards.result.map((r: Json) => r.id)).toEqual([dashboard.id]);

    const data = (
      await c.post({
        endpoint: "/api/v1/chart/data",
        jsonPayload: {
          datasource: { id: datasetId, type: "table" },
          queries: [{ columns: ["gender"], metrics: ["count"], orderby: [["gender", true]], row_limit: 10 }],
          result_format: "json",
          result_type: "full",
        },
      })
    ).json;
    expect(data.result[0].colnames).toEqual(["gender", "count"]);
    expect(data.result[0].data.map((r: Json) => r.gender)).toEqual(["boy", "girl"]);

    await c.delete({ endpoint: `/api/v1/chart/${chart.id}` });
    await c.delete({ endpoint: `/api/v1/dashboard/${dashboard.id}` });
  });

  it("refreshes the access token with the refresh token, and the new token works", async () => {
    const c = client(tokens.access_token);
    await c.init();
    // The refresh token opens only this endpoint: the started client sends it in place of the access token.
    const reply = (
      await c.post({
        endpoint: "/api/v1/security/refresh",
        headers: { Authorization: `Bearer ${tokens.refresh_token}` },
      })
    ).json;
    expect(Object.keys(reply)).toEqual(["access_token"]);
    const fresh = client(reply.access_token);
    await fresh.init();
    expect((await fresh.get({ endpoint: "/api/v1/me/" })).json.result.username).toBe(ADMIN.username);
  });

  it("refuses an anonymous or invalid caller with 401 and Superset's error shape", async () => {
    const anonymous = await rejection(client(undefined).init());
    expect(anonymous.status).toBe(401);
    expect(typeof ((await anonymous.json()) as Json).message).toBe("string");
    const forged = await rejection(client(`${tokens.access_token}x`).init());
    expect(forged.status).toBe(401);
  });
});
