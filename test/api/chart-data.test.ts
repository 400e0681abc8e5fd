import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer, userWithRoles } from "../support/server.ts";

type Json = Record<string, any>;
const json = async (res: Response) => (await res.json()) as Json;

let s: TestServer;
let admin: string;
let birth: number;

const byGender = (over: Record<string, unknown> = {}) => ({
  datasource: { id: birth, type: "table" },
  queries: [
    {
      columns: ["gender"],
      metrics: [
        "count",
        { expressionType: "SIMPLE", column: { column_name: "num" }, aggregate: "SUM", label: "total" },
      ],
      orderby: [["gender", true]],
      row_limit: 100,
      ...over,
    },
  ],
  result_format: "json",
  result_type: "full",
});

/** The same numbers straight from DuckDB, to compare against. */
async function raw(sql: string) {
  const core = s.runtime.core;
  const ds = (await core.datasets.all()).find((d) => d.table_name === "birth_names")!;
  const engine = await core.databases.engineOf((await core.databases.find(ds.database_id))!);
  return engine.execute(sql);
}

beforeAll(async () => {
  s = await startTestServer({ examples: ["birth_names"] });
  admin = await s.login(ADMIN.username, ADMIN.password);
  birth = (await json(await s.call("GET", "/api/v1/dataset/", { token: admin }))).ids[0];
});
afterAll(() => s.close());

describe("chart data (sync)", () => {
  it("groups and aggregates like the engine does", async () => {
    const res = await s.call("POST", "/api/v1/chart/data", { token: admin, body: byGender() });
    expect(res.status).toBe(200);
    const item = (await json(res)).result[0];
    const expected = await raw(
      "SELECT gender, COUNT(*) AS c, SUM(num) AS t FROM birth_names GROUP BY gender ORDER BY gender",
    );
    expect(item.colnames).toEqual(["gender", "count", "total"]);
    expect(item.data).toEqual(
      expected.data[0].map((g, i) => ({ gender: g, count: expected.data[1][i], total: expected.data[2][i] })),
    );
    expect(item.rowcount).toBe(2);
    expect(item.coltypes).toEqual([1, 0, 0]);
    expect(item.is_cached).toBe(false);
    expect(item.query).toContain("GROUP BY");
  });

  it("answers from the cache the second time, and force bypasses it", async () => {
    const body = byGender({ row_limit: 99 });
    await s.call("POST", "/api/v1/chart/data", { token: admin, body });
    await s.runtime.core.chartData.flush();
    const second = (await json(await s.call("POST", "/api/v1/chart/data", { token: admin, body }))).result[0];
    expect(second.is_cached).toBe(true);
    expect(second.cached_dttm).toBeTruthy();
    expect(second.data).toHaveLength(2);
    const forced = (await json(await s.call("POST", "/api/v1/chart/data?force=true", { token: admin, body })))
      .result[0];
    expect(forced.is_cached).toBe(false);
  });

  it("answers from the forced refresh's result afterwards, not a copy kept before it", async () => {
    // The local server keeps cached results in memory for as long as it is their only writer.
    const body = byGender({ row_limit: 98 });
    const ask = async (path: string) =>
      (await json(await s.call("POST", path, { token: admin, body }))).result[0] as Json;
    await ask("/api/v1/chart/data");
    await s.runtime.core.chartData.flush();
    const before = await ask("/api/v1/chart/data");
    expect(before.is_cached).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    await ask("/api/v1/chart/data?force=true");
    await s.runtime.core.chartData.flush();
    const after = await ask("/api/v1/chart/data");
    expect(after.is_cached).toBe(true);
    expect(after.cached_dttm).not.toBe(before.cached_dttm);
    expect(Date.parse(after.cached_dttm)).toBeGreaterThan(Date.parse(before.cached_dttm));
  });

  it("binds filter values: an injection attempt matches nothing", async () => {
    const body = byGender({ filters: [{ col: "gender", op: "==", val: "boy' OR '1'='1" }] });
    const item = (await json(await s.call("POST", "/api/v1/chart/data", { token: admin, body }))).result[0];
    expect(item.rowcount).toBe(0);
    const girls = (
      await json(
        await s.call("POST", "/api/v1/chart/data", {
          token: admin,
          body: byGender({ filters: [{ col: "gender", op: "IN", val: ["girl"] }] }),
        }),
      )
    ).result[0];
    expect(girls.data.map((r: Json) => r.gender)).toEqual(["girl"]);
  });

  it("refuses unsafe custom SQL and unknown columns with 400", async () => {
    const sub = await s.call("POST", "/api/v1/chart/data", {
      token: admin,
      body: byGender({
        metrics: [{ expressionType: "SQL", sqlExpression: "(SELECT COUNT(*) FROM birth_names)", label: "x" }],
      }),
    });
    expect(sub.status).toBe(400);
    const semi = await s.call("POST", "/api/v1/chart/data", {
      token: admin,
      body: byGender({ extras: { where: "1=1; DROP TABLE birth_names" } }),
    });
    expect(semi.status).toBe(400);
    const col = await s.call("POST", "/api/v1/chart/data", {
      token: admin,
      body: byGender({ columns: ["nope"] }),
    });
    expect(col.status).toBe(400);
  });

  it("returns the query without running it, and CSV downloads", async () => {
    const q = await json(
      await s.call("POST", "/api/v1/chart/data", {
        token: admin,
        body: { ...byGender(), result_type: "query" },
      }),
    );
    expect(q.result[0].query).toMatch(/SELECT/);
    const csv = await s.call("POST", "/api/v1/chart/data", {
      token: admin,
      body: { ...byGender(), result_format: "csv" },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("gender,count,total");
    expect(lines).toHaveLength(3);
  });

  it("serves a saved chart's data from its query context", async () => {
    const chart = await json(
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: {
          slice_name: "g",
          viz_type: "pie",
          datasource_id: birth,
          datasource_type: "table",
          query_context: JSON.stringify(byGender()),
        },
      }),
    );
    const res = await s.call("GET", `/api/v1/chart/${chart.id}/data/`, { token: admin });
    expect(res.status).toBe(200);
    expect((await json(res)).result[0].rowcount).toBe(2);
  });

  it("gives no data to a user without access to the dataset, by any path", async () => {
    const gamma = await userWithRoles(s, admin, "nodata", ["Gamma"]);
    const res = await s.call("POST", "/api/v1/chart/data", { token: gamma, body: byGender() });
    expect(res.status).toBe(404);
    expect(JSON.stringify(await json(res))).not.toContain("girl");
    const chart = (await json(await s.call("GET", "/api/v1/chart/", { token: admin }))).ids[0];
    expect((await s.call("GET", `/api/v1/chart/${chart}/data/`, { token: gamma })).status).toBe(404);
  });
});

describe("chart data (async through SQS and S3)", () => {
  let a: TestServer;
  let token: string;
  let ds: number;
  beforeAll(async () => {
    a = await startTestServer({ examples: ["birth_names"], globalAsyncQueries: true });
    token = await a.login(ADMIN.username, ADMIN.password);
    ds = (await json(await a.call("GET", "/api/v1/dataset/", { token }))).ids[0];
  });
  afterAll(() => a.close());

  async function waitForEvent(jobId: string, lastId = "") {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const events = (await json(await a.call("GET", `/api/v1/async_event/?last_id=${lastId}`, { token })))
        .result as Json[];
      const mine = events.find((e) => e.job_id === jobId);
      if (mine) return { event: mine, events };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("no event");
  }

  it("queues the query, the worker stores the result and the client fetches result_url", async () => {
    const res = await a.call("POST", "/api/v1/chart/data", {
      token,
      body: { ...byGender(), datasource: { id: ds, type: "table" } },
    });
    expect(res.status).toBe(202);
    const job = await json(res);
    expect(job).toMatchObject({
      status: "pending",
      errors: [],
      result_url: `/api/v1/chart/data/${job.job_id}`,
    });
    const { event } = await waitForEvent(job.job_id);
    expect(event.status).toBe("done");
    const result = await json(await a.call("GET", event.result_url, { token }));
    expect(result.result[0].data.map((r: Json) => r.gender)).toEqual(["boy", "girl"]);

    // The same result is refused to another user, even with the URL.
    const other = await userWithRoles(a, token, "snoop", ["Alpha"]);
    expect((await a.call("GET", event.result_url, { token: other })).status).toBe(404);
  });

  it("a duplicate delivery yields one result and one event", async () => {
    const res = await json(
      await a.call("POST", "/api/v1/chart/data", {
        token,
        body: { ...byGender({ row_limit: 7 }), datasource: { id: ds, type: "table" } },
      }),
    );
    await waitForEvent(res.job_id);
    const core = a.runtime.core;
    // Deliver the same job again, as SQS may.
    const me = (await json(await a.call("GET", "/api/v1/me/", { token }))).result.id;
    await core.deps.jobs.send({
      id: res.job_id,
      kind: "chart-data",
      payload: {
        owner: `user:${me}`,
        userId: me,
        request: { ...byGender({ row_limit: 7 }), datasource: { id: ds, type: "table" }, force: false },
        ctx: {},
        resultKey: res.job_id,
      },
    });
    await new Promise((r) => setTimeout(r, 2500));
    const events = (await json(await a.call("GET", "/api/v1/async_event/", { token }))).result as Json[];
    expect(events.filter((e) => e.job_id === res.job_id)).toHaveLength(1);
  });

  it("a failing job ends as an error event with the message", async () => {
    const body = {
      ...byGender({
        metrics: [{ expressionType: "SQL", sqlExpression: "SUM(CAST(name AS INTEGER))", label: "bad" }],
      }),
      datasource: { id: ds, type: "table" },
    };
    const res = await a.call("POST", "/api/v1/chart/data", { token, body });
    expect(res.status).toBe(202);
    const { event } = await waitForEvent((await json(res)).job_id);
    expect(event.status).toBe("error");
    expect(event.errors[0].message).toMatch(/convert|cast|Could not/i);
  });
});

describe("explore state", () => {
  it("loads a dataset or a saved chart, stores form data under a key, and keeps permalinks", async () => {
    const fresh = await json(
      await s.call("GET", `/api/v1/explore/?datasource_id=${birth}&datasource_type=table`, { token: admin }),
    );
    expect(fresh.result.dataset.columns.map((c: Json) => c.column_name)).toContain("gender");
    expect(fresh.result.dataset.time_grain_sqla.length).toBeGreaterThan(3);
    expect(fresh.result.form_data.datasource).toBe(`${birth}__table`);

    const chart = await json(
      await s.call("POST", "/api/v1/chart/", {
        token: admin,
        body: {
          slice_name: "saved",
          viz_type: "pie",
          datasource_id: birth,
          datasource_type: "table",
          params: JSON.stringify({ viz_type: "pie", metric: "count" }),
        },
      }),
    );
    const saved = await json(await s.call("GET", `/api/v1/explore/?slice_id=${chart.id}`, { token: admin }));
    expect(saved.result.slice).toMatchObject({ slice_id: chart.id, slice_name: "saved" });
    expect(saved.result.form_data).toMatchObject({ viz_type: "pie", metric: "count", slice_id: chart.id });

    const key = (
      await json(
        await s.call("POST", "/api/v1/explore/form_data", {
          token: admin,
          body: { datasource_id: birth, datasource_type: "table", form_data: '{"viz_type":"table"}' },
        }),
      )
    ).key;
    expect(
      (await json(await s.call("GET", `/api/v1/explore/form_data/${key}`, { token: admin }))).form_data,
    ).toBe('{"viz_type":"table"}');
    const link = await json(
      await s.call("POST", "/api/v1/explore/permalink", {
        token: admin,
        body: { formData: { datasource: `${birth}__table`, viz_type: "pie" } },
      }),
    );
    expect(link.url).toMatch(/\/superset\/explore\/p\/.+\/$/);
    expect(
      (await json(await s.call("GET", `/api/v1/explore/permalink/${link.key}`, { token: admin }))).state
        .formData.viz_type,
    ).toBe("pie");

    const gamma = await userWithRoles(s, admin, "noexplore", ["Gamma"]);
    expect((await s.call("GET", `/api/v1/explore/?slice_id=${chart.id}`, { token: gamma })).status).toBe(404);
    expect((await s.call("GET", `/api/v1/explore/form_data/${key}`, { token: gamma })).status).toBe(404);
    expect((await s.call("GET", `/api/v1/explore/permalink/${link.key}`, { token: gamma })).status).toBe(404);
  });
});

describe("time comparison", () => {
  it("joins each time offset's values onto the main series", async () => {
    const body = {
      datasource: { id: birth, type: "table" },
      queries: [
        {
          columns: [
            {
              expressionType: "SQL",
              sqlExpression: "ds",
              label: "ds",
              columnType: "BASE_AXIS",
              timeGrain: "P1Y",
            },
          ],
          metrics: ["count"],
          orderby: [["ds", true]],
          time_range: "2000-01-01 : 2005-01-01",
          granularity: "ds",
          time_offsets: ["1 year ago"],
          row_limit: 100,
        },
      ],
    };
    const res = await s.call("POST", "/api/v1/chart/data", { token: admin, body });
    expect(res.status).toBe(200);
    const item = (await json(res)).result[0];
    expect(item.colnames).toEqual(["ds", "count", "count__1 year ago"]);
    const raw2 = await raw(
      "SELECT date_trunc('year', ds) AS y, COUNT(*) FROM birth_names WHERE ds >= '1999-01-01' AND ds < '2005-01-01' GROUP BY y ORDER BY y",
    );
    const byYear = new Map(raw2.data[0].map((y, i) => [String(y).slice(0, 4), raw2.data[1][i]]));
    for (const row of item.data as Json[]) {
      const year = Number(String(row.ds).slice(0, 4));
      expect(row.count).toBe(byYear.get(String(year)));
      expect(row["count__1 year ago"]).toBe(byYear.get(String(year - 1)) ?? null);
    }
  });
});

describe("legacy explore_json", () => {
  it("runs form data and echoes it back", async () => {
    const formData = {
      datasource: `${birth}__table`,
      viz_type: "table",
      metrics: ["count"],
      groupby: ["gender"],
      row_limit: 10,
      time_range: "No filter",
      adhoc_filters: [],
    };
    const res = await s.app.request(
      `/superset/explore_json/?form_data=${encodeURIComponent(JSON.stringify(formData))}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${admin}` },
      },
    );
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.rowcount).toBe(2);
    expect(body.form_data.viz_type).toBe("table");
    const gamma = await userWithRoles(s, admin, "legacygamma", ["Gamma"]);
    const denied = await s.app.request(
      `/superset/explore_json/?form_data=${encodeURIComponent(JSON.stringify(formData))}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${gamma}` },
      },
    );
    expect(denied.status).toBe(404);
  });
});

describe("row-level security", () => {
  it("filters chart data and samples for the roles a rule names, and never shares their cache", async () => {
    const role = await json(
      await s.call("POST", "/api/v1/security/roles/", { token: admin, body: { name: "GirlsOnly" } }),
    );
    const rule = await s.call("POST", "/api/v1/rowlevelsecurity/", {
      token: admin,
      body: {
        name: "girls",
        filter_type: "Regular",
        tables: [birth],
        roles: [role.id],
        clause: "gender = 'girl'",
      },
    });
    expect(rule.status).toBe(201);
    const bad = await s.call("POST", "/api/v1/rowlevelsecurity/", {
      token: admin,
      body: { name: "x", tables: [birth], clause: "1=1; DROP TABLE birth_names" },
    });
    expect(bad.status).toBe(422);

    const body = byGender({ row_limit: 42 });
    const all = (await json(await s.call("POST", "/api/v1/chart/data", { token: admin, body }))).result[0];
    expect(all.data.map((r: Json) => r.gender)).toEqual(["boy", "girl"]);
    await s.runtime.core.chartData.flush();

    const restricted = await userWithRoles(s, admin, "rlsuser", ["Alpha", "GirlsOnly"]);
    const mine = (await json(await s.call("POST", "/api/v1/chart/data", { token: restricted, body })))
      .result[0];
    expect(mine.query).toContain("gender = 'girl'");
    expect(mine.is_cached).toBe(false);
    expect(mine.data.map((r: Json) => r.gender)).toEqual(["girl"]);
    const samples = await json(
      await s.call("POST", `/datasource/samples?datasource_type=table&datasource_id=${birth}&per_page=50`, {
        token: restricted,
        body: {},
      }),
    );
    expect(samples.result.data.every((r: Json) => r.gender === "girl")).toBe(true);

    // A Base rule applies to everyone except its roles.
    await s.call("POST", "/api/v1/rowlevelsecurity/", {
      token: admin,
      body: { name: "base", filter_type: "Base", tables: [birth], roles: [role.id], clause: "state = 'CA'" },
    });
    const other = await userWithRoles(s, admin, "rlsother", ["Alpha"]);
    const ca = await json(
      await s.call("POST", "/api/v1/chart/data", {
        token: other,
        body: byGender({ columns: ["state"], orderby: [["state", true]] }),
      }),
    );
    expect(ca.result[0].data.map((r: Json) => r.state)).toEqual(["CA"]);
    const gamma = await userWithRoles(s, admin, "rlsgamma", ["Gamma"]);
    expect((await s.call("GET", "/api/v1/rowlevelsecurity/", { token: gamma })).status).toBe(403);
  });
});
