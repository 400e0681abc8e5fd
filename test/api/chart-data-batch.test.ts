import { CHART_DATA_BATCH_MAX_ITEMS } from "@strata/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboard, createPieChart, createRlsRule, datasetId } from "../support/dashboard-fixtures.ts";
import { callAsGuest, guestTokenFor } from "../support/guest-tokens.ts";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

/**
 * `POST /api/v1/chart/data/batch/` (issue 15): a dashboard's charts in one request. Every item is
 * answered exactly as `POST /api/v1/chart/data` answers it alone (access, guest checks, RLS, cache,
 * async jobs), one NDJSON line per item; a failing item never fails the others.
 */
type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;
const BATCH = "/api/v1/chart/data/batch/";

let s: TestServer;
let admin: string;
let birth: number;
let dash: number;
let onDash: number;
let elsewhere: number;
let guestToken: string;

const query = (over: Json = {}) => ({
  columns: ["gender"],
  metrics: ["count"],
  orderby: [["gender", true]],
  row_limit: 10,
  ...over,
});
const request = (over: Json = {}, sliceId?: number) => ({
  datasource: { id: birth, type: "table" },
  queries: [query(over)],
  ...(sliceId ? { form_data: { slice_id: sliceId, viz_type: "pie", datasource: `${birth}__table` } } : {}),
  result_format: "json",
  result_type: "full",
});

/** The reply's lines by item index (they arrive in completion order). */
async function lines(res: Response): Promise<Map<number, { status: number; body: Json }>> {
  expect(res.headers.get("content-type")).toContain("application/x-ndjson");
  const text = await res.text();
  const out = new Map<number, { status: number; body: Json }>();
  for (const line of text.split("\n").filter(Boolean)) {
    const parsed = JSON.parse(line) as { index: number; status: number; body: Json };
    expect(out.has(parsed.index)).toBe(false);
    out.set(parsed.index, { status: parsed.status, body: parsed.body });
  }
  return out;
}

const batch = (items: unknown[], token?: string) => s.call("POST", BATCH, { token, body: { items } });
const single = (body: unknown, token?: string, sliceId?: number) =>
  s.call(
    "POST",
    sliceId
      ? `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: sliceId }))}`
      : "/api/v1/chart/data",
    { token, body },
  );
const asGuest = (path: string, body: unknown) => callAsGuest(s, guestToken, "POST", path, body);

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = await datasetId(s, admin, "birth_names");
  dash = await createDashboard(s, admin, "Batch embedded");
  const other = await createDashboard(s, admin, "Batch other");
  const chart = (name: string, dashboards: number[], groupby: string) =>
    createPieChart(s, admin, { name, datasetId: birth, dashboards, groupby, savedQuery: query() });
  onDash = await chart("Batch by gender", [dash], "gender");
  elsewhere = await chart("Batch by state", [other], "state");

  const girlsOnly = await s.call("POST", "/api/v1/security/roles/", {
    token: admin,
    body: { name: "BatchGirls" },
  });
  expect(girlsOnly.status).toBe(201);
  for (const role of ["BatchGirls", "Public"]) {
    await createRlsRule(s, admin, {
      name: `girls ${role}`,
      filter_type: "Regular",
      tables: [birth],
      roles: [role],
      clause: "gender = 'girl'",
    });
  }
  guestToken = await guestTokenFor(s, admin, dash, { username: "batch-visitor" });
});
afterAll(() => s.close());

describe("chart data batch", () => {
  it("answers each item as the single endpoint does, for an admin", async () => {
    const items = [
      { request: request(), slice_id: onDash },
      { request: request({ columns: ["state"], orderby: [["state", true]], row_limit: 3 }) },
    ];
    const res = await batch(items, admin);
    expect(res.status).toBe(200);
    const got = await lines(res);
    expect([...got.keys()].sort()).toEqual([0, 1]);
    for (const [i, item] of items.entries()) {
      const alone = await json(await single(item.request, admin));
      const line = got.get(i)!;
      expect(line.status).toBe(200);
      expect(line.body.result[0].data).toEqual(alone.result[0].data);
      expect(line.body.result[0].colnames).toEqual(alone.result[0].colnames);
    }
    expect(got.get(0)!.body.result[0].data.map((r: Json) => r.gender)).toEqual(["boy", "girl"]);
    expect(got.get(1)!.body.result[0].data).toHaveLength(3);
  });

  it("reports a failing item in Superset's error shape without failing the others", async () => {
    const res = await batch(
      [
        { request: request() },
        { request: { ...request(), datasource: { id: 987654, type: "table" } } },
        { request: request({ columns: ["no_such_column"], orderby: [] }) },
        { request: { ...request(), result_format: "csv" } },
      ],
      admin,
    );
    expect(res.status).toBe(200);
    const got = await lines(res);
    expect(got.size).toBe(4);
    expect(got.get(0)!.status).toBe(200);
    expect(got.get(0)!.body.result[0].data.length).toBe(2);
    const missing = await single({ ...request(), datasource: { id: 987654, type: "table" } }, admin);
    expect(got.get(1)!.status).toBe(missing.status);
    expect(got.get(1)!.body).toEqual(await json(missing));
    const badColumn = await single(request({ columns: ["no_such_column"], orderby: [] }), admin);
    expect(badColumn.status).toBeGreaterThanOrEqual(400);
    expect(badColumn.status).toBeLessThan(500);
    expect(got.get(2)!.status).toBe(badColumn.status);
    expect(got.get(2)!.body).toEqual(await json(badColumn));
    expect(got.get(3)!.status).toBe(400);
    expect(got.get(3)!.body.message).toMatch(/JSON only/);
    for (const line of got.values()) expect(JSON.stringify(line.body)).not.toMatch(/\/tmp\/|at [A-Za-z]+ \(/);
  });

  it("refuses each item to a Gamma user without access, as the single endpoint does", async () => {
    const gamma = await userWithRoles(s, admin, "batch-gamma", ["Gamma"]);
    const alone = await single(request(), gamma);
    expect(alone.status).toBeGreaterThanOrEqual(400);
    const res = await batch([{ request: request() }, { request: request(), slice_id: onDash }], gamma);
    expect(res.status).toBe(200);
    const got = await lines(res);
    for (const line of got.values()) {
      expect(line.status).toBe(alone.status);
      expect(typeof line.body.message).toBe("string");
      expect(line.body.result).toBeUndefined();
    }
  });

  it("applies row level security per item", async () => {
    const restricted = await userWithRoles(s, admin, "batch-rls", ["Alpha", "BatchGirls"]);
    const got = await lines(await batch([{ request: request({ row_limit: 11 }) }], restricted));
    const item = got.get(0)!.body.result[0];
    expect(item.data.map((r: Json) => r.gender)).toEqual(["girl"]);
    expect(item.query).toContain("gender = 'girl'");
  });

  it("limits an embedded guest to its dashboard's charts, with the guest's RLS", async () => {
    const res = await asGuest(BATCH, {
      items: [
        { request: request({}, onDash), slice_id: onDash },
        { request: request({ columns: ["state"] }, elsewhere), slice_id: elsewhere },
        { request: request({ columns: ["name"] }) },
      ],
    });
    expect(res.status).toBe(200);
    const got = await lines(res);
    const mine = got.get(0)!;
    expect(mine.status).toBe(200);
    expect(mine.body.result[0].data.map((r: Json) => r.gender)).toEqual(["girl"]);
    expect(mine.body.result[0].query).toBeNull();
    for (const i of [1, 2]) {
      expect(got.get(i)!.status).toBe(403);
      expect(typeof got.get(i)!.body.message).toBe("string");
    }
    // The same refusals as the single endpoint.
    const alone = await asGuest(
      `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: elsewhere }))}`,
      request({ columns: ["state"] }, elsewhere),
    );
    expect(alone.status).toBe(403);
  });

  it("refuses bad input with a clear 4xx", async () => {
    // Anonymous: each item is refused as the single endpoint refuses it.
    const anonymous = await single(request());
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    const anonLine = (await lines(await batch([{ request: request() }]))).get(0)!;
    expect(anonLine.status).toBe(anonymous.status);
    expect(anonLine.body).toEqual(await json(anonymous));
    const bad = async (body: unknown, raw?: string) => {
      const res = await s.call("POST", BATCH, { token: admin, ...(raw !== undefined ? { raw } : { body }) });
      expect(res.status, JSON.stringify(body ?? raw)).toBe(400);
      const b = await json(res);
      expect(b.message).toBeDefined();
      return b;
    };
    await bad(undefined, "not json");
    await bad(undefined, "");
    await bad([{ request: request() }]);
    await bad({});
    await bad({ items: [] });
    await bad({ items: "all" });
    await bad({ items: [{ request: request(), extra: 1 }] });
    await bad({ items: [{ request: { datasource: "x", queries: [] } }] });
    await bad({ items: [{ request: request(), slice_id: "7" }] });
    const tooMany = await bad({
      items: Array.from({ length: CHART_DATA_BATCH_MAX_ITEMS + 1 }, () => ({ request: request() })),
    });
    expect(JSON.stringify(tooMany.message)).toMatch(/at most 100/);
    // Exactly the bound is fine.
    const full = await batch(
      Array.from({ length: CHART_DATA_BATCH_MAX_ITEMS }, () => ({ request: request() })),
      admin,
    );
    expect(full.status).toBe(200);
    expect((await lines(full)).size).toBe(CHART_DATA_BATCH_MAX_ITEMS);
  });
});

describe("chart data batch with async queries", () => {
  let a: TestServer;
  let token: string;
  let ds: number;
  beforeAll(async () => {
    a = await startTestServer({ examples: ["birth_names"], globalAsyncQueries: true });
    token = await a.login(ADMIN.username, ADMIN.password);
    ds = await datasetId(a, token, "birth_names");
  });
  afterAll(() => a.close());

  it("answers an item with its queued job (202), whose result arrives as usual", async () => {
    const res = await a.call("POST", BATCH, {
      token,
      body: { items: [{ request: { ...request({ row_limit: 9 }), datasource: { id: ds, type: "table" } } }] },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const line = JSON.parse(text.trim()) as { index: number; status: number; body: Json };
    expect(line.status).toBe(202);
    expect(line.body).toMatchObject({
      status: "pending",
      result_url: `/api/v1/chart/data/${line.body.job_id}`,
    });
    let event: Json | undefined;
    await expect
      .poll(
        async () => {
          const events = (await json(await a.call("GET", "/api/v1/async_event/?last_id=", { token })))
            .result as Json[];
          event = events.find((e) => e.job_id === line.body.job_id);
          return event?.status;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe("done");
    const result = await json(await a.call("GET", event!.result_url, { token }));
    expect(result.result[0].data.map((r: Json) => r.gender)).toEqual(["boy", "girl"]);
  });
});
