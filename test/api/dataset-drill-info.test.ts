import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChart, createDashboard, datasetId, oneRowLayout } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { createRoleWith } from "../support/roles.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * `GET /api/v1/dataset/{id}/drill_info/`: what Superset's client asks before drilling by a
 * column. A dataset's readers get its groupable columns, metrics and makers' names; an embedded
 * guest gets the columns of its own dashboard's dataset only; others get nothing.
 */
type Json = Record<string, any>;

let s: TestServer;
let admin: string;
let birthsReader: string;
let gamma: string;
let guest: string;
let birth: number;
let energy: number;
let dashboard: number;

const call = async (token: string, path: string) => {
  const res = await s.call("GET", path, { token });
  return { status: res.status, body: (await res.json()) as Json };
};

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names", "energy_usage"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = await datasetId(s, admin, "birth_names");
  energy = await datasetId(s, admin, "energy_usage");
  await createRoleWith(s, admin, "drill_births", [
    ["datasource_access", `[examples].[birth_names](id:${birth})`],
  ]);
  birthsReader = await userWithRoles(s, admin, "drill_reader", ["Gamma", "drill_births"]);
  gamma = await userWithRoles(s, admin, "drill_gamma", ["Gamma"]);
  const chart = await createChart(s, admin, {
    name: "Births pie",
    datasetId: birth,
    vizType: "pie",
    params: { viz_type: "pie", groupby: ["gender"], metric: "count" },
  });
  dashboard = await createDashboard(s, admin, "Drill here", {
    published: true,
    position_json: oneRowLayout([chart]),
  });
  guest = await guestTokenFor(s, admin, dashboard, { username: "drill-visitor" });
  // One column the dataset's owner has taken out of grouping: drill-by must not offer it.
  const detail = (await call(admin, `/api/v1/dataset/${birth}`)).body.result;
  const columns = detail.columns.map(({ changed_on, created_on, type_generic, ...c }: Json) =>
    c.column_name === "num" ? { ...c, groupby: false } : c,
  );
  const put = await s.call("PUT", `/api/v1/dataset/${birth}`, { token: admin, body: { columns } });
  expect(put.status, await put.clone().text()).toBe(200);
}, 120_000);
afterAll(() => s?.close());

describe("dataset drill info", () => {
  it("gives a reader the groupable columns, the metrics and who made the dataset, without emails", async () => {
    const q = encodeURIComponent(`(dashboard_id:${dashboard})`);
    const { status, body } = await call(birthsReader, `/api/v1/dataset/${birth}/drill_info/?q=${q}`);
    expect(status).toBe(200);
    const info = body.result;
    expect(info).toMatchObject({ id: birth, table_name: "birth_names" });
    const names = info.columns.map((c: Json) => c.column_name);
    expect(names).toEqual(expect.arrayContaining(["gender", "state", "name"]));
    expect(names).not.toContain("num");
    expect(info.metrics.map((m: Json) => m.metric_name)).toContain("count");
    // The admin's edit above made them its last editor; the examples have no creator.
    expect(info.changed_by).toEqual({ first_name: expect.any(String), last_name: expect.any(String) });
    expect(info).toHaveProperty("created_by");
    expect(Array.isArray(info.owners)).toBe(true);
    expect(typeof info.changed_on_humanized).toBe("string");
    expect(JSON.stringify(info)).not.toMatch(/@|"sql"|database/);
    // Without a dashboard (and without the trailing slash) the reply is the same.
    expect((await call(birthsReader, `/api/v1/dataset/${birth}/drill_info`)).body).toEqual(body);
  });

  it("refuses a dataset the caller may not query, whatever dashboard it names", async () => {
    const q = encodeURIComponent(`(dashboard_id:${dashboard})`);
    for (const [token, id] of [
      [birthsReader, energy],
      [gamma, birth],
    ] as const) {
      const { status, body } = await call(token, `/api/v1/dataset/${id}/drill_info/?q=${q}`);
      expect(status).toBe(404);
      expect(body.message).toBeTruthy();
    }
    expect((await call(admin, "/api/v1/dataset/999999/drill_info/")).status).toBe(404);
  });

  it("gives an embedded guest its dashboard dataset's columns only", async () => {
    const q = encodeURIComponent(`(dashboard_id:${dashboard})`);
    const res = await callAsGuest(s, guest, "GET", `/api/v1/dataset/${birth}/drill_info/?q=${q}`);
    expect(res.status).toBe(200);
    const info = ((await res.json()) as Json).result;
    expect(Object.keys(info).sort()).toEqual(["columns", "id"]);
    expect(info.columns.map((c: Json) => c.column_name)).toContain("gender");
    const other = await callAsGuest(s, guest, "GET", `/api/v1/dataset/${energy}/drill_info/?q=${q}`);
    expect(other.status).toBe(404);
  });

  it("answers a bad query argument with a 400 that names it", async () => {
    for (const q of ["(dashboard_id:'x')", "(dashboard_id:-1)", "(other:1)", "(("]) {
      const { status, body } = await call(
        admin,
        `/api/v1/dataset/${birth}/drill_info/?q=${encodeURIComponent(q)}`,
      );
      expect(status, q).toBe(400);
      expect(JSON.stringify(body), q).toMatch(/dashboard_id|rison|other/i);
    }
  });
});
