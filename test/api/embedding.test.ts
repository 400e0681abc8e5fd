import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAsGuest } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
let s: TestServer;
let admin: string;
let birth: number;
let energy: number;
let dash: number;
let other: number;
const charts: Record<number, number> = {};

// Guests run only their charts' saved queries: the request names the chart (slice_id).
const chartData = (ds: number) => ({
  datasource: { id: ds, type: "table" },
  queries: [{ columns: ds === birth ? ["gender"] : ["source"], metrics: ["count"], row_limit: 10 }],
  form_data: { slice_id: charts[ds] },
});
const asGuest = (token: string, method: string, path: string, body?: unknown) =>
  callAsGuest(s, token, method, path, body);

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names", "energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  const ds = await json(
    await s.call("GET", "/api/v1/dataset/?q=(order_column:table_name,order_direction:asc)", { token: admin }),
  );
  [birth, energy] = ds.ids;
  dash = (
    await json(
      await s.call("POST", "/api/v1/dashboard/", {
        token: admin,
        body: { dashboard_title: "Embedded", published: true },
      }),
    )
  ).id;
  other = (
    await json(
      await s.call("POST", "/api/v1/dashboard/", {
        token: admin,
        body: { dashboard_title: "Other", published: true },
      }),
    )
  ).id;
  const chart = async (name: string, ds: number, groupby: string, dashboard: number) => {
    const res = await s.call("POST", "/api/v1/chart/", {
      token: admin,
      body: {
        slice_name: name,
        viz_type: "pie",
        datasource_id: ds,
        datasource_type: "table",
        dashboards: [dashboard],
        params: JSON.stringify({ viz_type: "pie", groupby: [groupby], metric: "count" }),
      },
    });
    charts[ds] = (await json(res)).id;
  };
  await chart("g", birth, "gender", dash);
  await chart("e", energy, "source", other);
});
afterAll(() => s.close());

describe("embedding with guest tokens", () => {
  it("configures allowed domains, and the embedded page may be framed by them only", async () => {
    const cfg = await json(
      await s.call("POST", `/api/v1/dashboard/${dash}/embedded`, {
        token: admin,
        body: { allowed_domains: ["https://host.example"] },
      }),
    );
    expect(cfg.result.allowed_domains).toEqual(["https://host.example"]);
    const page = await s.call("GET", `/embedded/${cfg.result.uuid}/`);
    expect(page.headers.get("content-security-policy")).toContain(
      "frame-ancestors 'self' https://host.example",
    );
    expect((await s.call("GET", "/tablemodelview/list/")).headers.get("content-security-policy")).toContain(
      "frame-ancestors 'self';",
    );
    expect(
      (await json(await s.call("GET", `/api/v1/embedded_dashboard/${cfg.result.uuid}`))).result.dashboard_id,
    ).toBe(String(dash));
    expect(
      (
        await s.call("POST", `/api/v1/dashboard/${dash}/embedded`, {
          token: admin,
          body: { allowed_domains: ["javascript:alert(1)"] },
        })
      ).status,
    ).toBe(422);
  });

  it("a guest sees only the dashboards in its token, their data, with its RLS applied", async () => {
    const { result } = await json(
      await s.call("GET", `/api/v1/dashboard/${dash}/embedded`, { token: admin }),
    );
    const res = await s.call("POST", "/api/v1/security/guest_token/", {
      token: admin,
      body: {
        user: { username: "visitor" },
        resources: [{ type: "dashboard", id: result.uuid }],
        rls: [{ clause: "gender = 'girl'" }],
      },
    });
    expect(res.status).toBe(200);
    const { token } = await json(res);

    expect((await asGuest(token, "GET", `/api/v1/dashboard/${dash}`)).status).toBe(200);
    expect((await asGuest(token, "GET", `/api/v1/dashboard/${other}`)).status).toBe(404);
    const charts = await json(await asGuest(token, "GET", `/api/v1/dashboard/${dash}/charts`));
    expect(charts.result.map((c: Json) => c.slice_name)).toEqual(["g"]);
    const data = await json(await asGuest(token, "POST", "/api/v1/chart/data", chartData(birth)));
    expect(data.result[0].data.map((r: Json) => r.gender)).toEqual(["girl"]);
    expect((await asGuest(token, "POST", "/api/v1/chart/data", chartData(energy))).status).toBe(404);
    expect((await asGuest(token, "GET", "/api/v1/database/")).status).toBe(403);
    expect((await asGuest(token, "PUT", `/api/v1/dashboard/${dash}`, { css: "x" })).status).toBe(403);
    expect((await asGuest(`${token}x`, "GET", `/api/v1/dashboard/${dash}`)).status).toBe(401);
  });

  it("only users with can_grant_guest_token may issue tokens, for dashboards that exist, with safe clauses", async () => {
    const alpha = await userWithRoles(s, admin, "issuer", ["Alpha"]);
    expect(
      (
        await s.call("POST", "/api/v1/security/guest_token/", {
          token: alpha,
          body: { resources: [{ type: "dashboard", id: String(dash) }] },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await s.call("POST", "/api/v1/security/guest_token/", {
          token: admin,
          body: { resources: [{ type: "dashboard", id: "999" }] },
        })
      ).status,
    ).toBe(422);
    const bad = await s.call("POST", "/api/v1/security/guest_token/", {
      token: admin,
      body: { resources: [{ type: "dashboard", id: String(dash) }], rls: [{ clause: "1=1) OR (1=1" }] },
    });
    expect(bad.status).toBe(422);
  });
});
